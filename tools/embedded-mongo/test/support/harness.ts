import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MongoClient, type ObjectId } from 'mongodb';
import {
  startEmbeddedMongo,
  type EmbeddedMongo,
  type EmbeddedMongoOptions,
  type Logger,
} from '../../src';

export const PACKAGE_ROOT = resolve(__dirname, '../..');
const BIN = join(PACKAGE_ROOT, 'bin/embedded-mongo.js');

export function tempDir(prefix = 'emb-mongo-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

export class CapturingLogger implements Logger {
  readonly lines: string[] = [];
  info = (m: string): void => void this.lines.push(m);
  warn = (m: string): void => void this.lines.push(m);
  error = (m: string): void => void this.lines.push(m);
}

export interface TestServer {
  server: EmbeddedMongo;
  client: MongoClient;
  dbPath: string;
  logger: CapturingLogger;
  /** Stops client and server; the dbpath is removed unless `keepData`. */
  close(keepData?: boolean): Promise<void>;
}

/** A server on port 0 with its own temporary dbpath and a connected driver client. */
export async function startTestServer(
  options: Partial<EmbeddedMongoOptions> = {},
): Promise<TestServer> {
  const dbPath = options.dbPath ?? tempDir();
  const logger = new CapturingLogger();
  const server = await startEmbeddedMongo({ port: 0, logger, ...options, dbPath });
  const client = new MongoClient(server.uri, { serverSelectionTimeoutMS: 5000 });
  await client.connect();
  return {
    server,
    client,
    dbPath,
    logger,
    close: async (keepData = false) => {
      await client.close();
      await server.stop();
      if (!keepData) removeDir(dbPath);
    },
  };
}

/**
 * Runs the real CLI (bin -> dist) and resolves once it printed its ready line. `nodeArgs`
 * go to node before the script (e.g. `--require` of a fault-injection preload).
 */
export function spawnCli(
  args: string[],
  options: { nodeArgs?: string[]; env?: NodeJS.ProcessEnv } = {},
): Promise<{
  child: ChildProcessWithoutNullStreams;
  uri: string;
  stderr: () => string;
  stdout: () => string;
}> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), BIN, ...args], {
    stdio: 'pipe',
    env: { ...process.env, ...options.env },
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`CLI did not become ready: ${err}`)), 15000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /^ready (mongodb:\/\/\S+)\n/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolvePromise({ child, uri: m[1] as string, stderr: () => err, stdout: () => out });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`CLI exited with ${code}: ${err}`));
    });
  });
}

export function waitForExit(
  child: ChildProcessWithoutNullStreams,
): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
}

/** Polls `condition`; fails instead of hanging if it does not hold within `ms`. */
export async function until(condition: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** Runs a raw command and returns the server's reply, failures included, without throwing. */
export async function rawCommand(
  client: MongoClient,
  db: string,
  command: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  try {
    return await client.db(db).command(command);
  } catch (err) {
    const e = err as { errorResponse?: Record<string, unknown> };
    if (e.errorResponse) return e.errorResponse;
    throw err;
  }
}

/**
 * Document type for test collections: tests use numbers and strings as `_id`, which the
 * driver's default typing (ObjectId `_id`) rejects. Field values are `any` because the tests
 * read arbitrary shapes back and assert on them directly.
 */
export type Loose = {
  _id?: number | string | ObjectId;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  [field: string]: any;
};
