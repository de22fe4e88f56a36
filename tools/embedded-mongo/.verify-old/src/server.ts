import { createServer, type Server, type Socket } from 'node:net';
import { Connection } from './connection';
import { DEFAULT_CURSOR_TIMEOUT_MS } from './cursors/cursorRegistry';
import { type Logger, stderrLogger } from './logger';
import { createCore } from './serverCore';
import { DurableStore } from './storage/durableStore';

export interface EmbeddedMongoOptions {
  /** Directory for the journal, snapshot and lock file. Omit to keep everything in memory. */
  dbPath?: string;
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  host?: string;
  /** Idle time after which an open cursor is discarded (MongoDB: 10 minutes). */
  cursorTimeoutMs?: number;
  /** Journal size that triggers a snapshot and a fresh journal (default 64 MiB). */
  compactThresholdBytes?: number;
  logger?: Logger;
}

export interface EmbeddedMongo {
  /** `mongodb://HOST:PORT/` */
  uri: string;
  host: string;
  port: number;
  /** Stops listening, closes connections, flushes and snapshots the data. */
  stop(): Promise<void>;
}

export async function startEmbeddedMongo(
  options: EmbeddedMongoOptions = {},
): Promise<EmbeddedMongo> {
  const logger = options.logger ?? stderrLogger;
  const host = options.host ?? '127.0.0.1';
  const core = createCore(
    options.cursorTimeoutMs ?? DEFAULT_CURSOR_TIMEOUT_MS,
    logger,
    options.dbPath === undefined,
  );
  try {
    if (options.dbPath !== undefined) {
      core.store = await DurableStore.open(
        {
          dbPath: options.dbPath,
          compactThresholdBytes: options.compactThresholdBytes ?? 64 * 1024 * 1024,
          logger,
        },
        core.catalog,
      );
    }
  } catch (err) {
    core.cursors.close();
    throw err;
  }

  const sockets = new Set<Socket>();
  let nextConnectionId = 1;
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    new Connection(socket, core, nextConnectionId++);
  });
  server.on('error', (err) => logger.error(`listener: ${err.message}`));

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    core.cursors.close();
    await core.store?.close();
    throw err;
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? 0);
  const uriHost = host.includes(':') ? `[${host}]` : host;

  let stopping: Promise<void> | undefined;
  return {
    uri: `mongodb://${uriHost}:${port}/`,
    host,
    port,
    stop: () => {
      stopping ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const s of sockets) s.destroy();
        await closed;
        core.cursors.close();
        await core.store?.close();
      })();
      return stopping;
    },
  };
}
