import { Long } from 'bson';
import type { Doc } from '../bson/types';
import { MAX_BSON_OBJECT_SIZE } from '../bson/codec';
import { MAX_MESSAGE_SIZE } from '../wire/constants';
import type { CommandContext, CommandHandler } from './context';

/** We speak as a MongoDB 7.0 standalone. */
const SERVER_VERSION = '7.0.0';
const MAX_WIRE_VERSION = 21;

/**
 * A standalone with sessions: `logicalSessionTimeoutMinutes` turns driver sessions on. No
 * `topologyVersion`, so drivers poll with hello instead of using awaitable (streaming) hello.
 */
function helloReply(ctx: CommandContext, legacy: boolean): Doc {
  return {
    ...(legacy ? { ismaster: true } : { isWritablePrimary: true }),
    helloOk: true,
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    maxMessageSizeBytes: MAX_MESSAGE_SIZE,
    maxWriteBatchSize: 100000,
    localTime: new Date(),
    logicalSessionTimeoutMinutes: 30,
    connectionId: ctx.connectionId,
    minWireVersion: 0,
    maxWireVersion: MAX_WIRE_VERSION,
    readOnly: false,
    ok: 1,
  };
}

const ok = (): Doc => ({ ok: 1 });

export const handshakeCommands: Record<string, CommandHandler> = {
  hello: (_cmd, ctx) => helloReply(ctx, false),
  isMaster: (_cmd, ctx) => helloReply(ctx, true),
  ismaster: (_cmd, ctx) => helloReply(ctx, true),
  ping: ok,
  buildInfo: () => ({
    version: SERVER_VERSION,
    gitVersion: 'embedded-mongo',
    versionArray: [7, 0, 0, 0],
    bits: 64,
    debug: false,
    maxBsonObjectSize: MAX_BSON_OBJECT_SIZE,
    storageEngines: ['embedded'],
    javascriptEngine: 'none',
    modules: [],
    ok: 1,
  }),
  buildinfo: (cmd, ctx) => handshakeCommands['buildInfo']!(cmd, ctx),
  whatsmyuri: (_cmd, ctx) => ({ you: `connection ${ctx.connectionId}`, ok: 1 }),
  connectionStatus: () => ({
    authInfo: { authenticatedUsers: [], authenticatedUserRoles: [] },
    ok: 1,
  }),
  getParameter: (cmd) =>
    cmd['featureCompatibilityVersion'] !== undefined
      ? { featureCompatibilityVersion: { version: '7.0' }, ok: 1 }
      : { ok: 1 },
  hostInfo: () => ({
    system: { hostname: 'localhost', numCores: 1 },
    os: { type: process.platform },
    ok: 1,
  }),
  serverStatus: (_cmd, ctx) => ({
    host: 'localhost',
    version: SERVER_VERSION,
    process: 'embedded-mongo',
    pid: Long.fromNumber(process.pid),
    uptime: (Date.now() - ctx.server.startedAt.getTime()) / 1000,
    localTime: new Date(),
    storageEngine: {
      name: ctx.server.inMemory ? 'inMemory' : 'embedded',
      persistent: !ctx.server.inMemory,
    },
    ok: 1,
  }),
  endSessions: ok,
  refreshSessions: ok,
  killSessions: ok,
  killAllSessions: ok,
};
