import { createServer, type Server } from 'node:net';
import { Connection } from './connection';
import { DEFAULT_CURSOR_TIMEOUT_MS } from './cursors/cursorRegistry';
import { type Logger, stderrLogger } from './logger';
import { createCore } from './serverCore';
import { DurableStore } from './storage/durableStore';
import { nodeStorageFs, type StorageFs } from './storage/storageFs';

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
  /**
   * Start even though a journal is damaged before its end: truncate it at the damage, dropping
   * the records after it (they are counted in a warning). Without it such a start-up fails.
   */
  repair?: boolean;
  /**
   * Called once the server has stopped itself because a journal write or fsync failed (it has
   * logged why). The CLI exits with status 1 here.
   */
  onFatal?: (error: Error) => void;
  /** The storage layer's file-system calls; tests wrap `nodeStorageFs` to inject faults. */
  storageFs?: StorageFs;
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

/** Time a client gets to read the error replies of its failed writes before it is cut off. */
const FAILED_WRITE_REPLY_GRACE_MS = 1000;

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
  const connections = new Set<Connection>();
  let nextConnectionId = 1;
  const server: Server = createServer((socket) => {
    const connection = new Connection(socket, core, nextConnectionId++);
    connections.add(connection);
    socket.on('close', () => connections.delete(connection));
  });
  server.on('error', (err) => logger.error(`listener: ${err.message}`));

  let stopping: Promise<void> | undefined;
  const shutDown = async (closeConnection: (c: Connection) => void): Promise<void> => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const c of connections) closeConnection(c);
    await closed;
    core.cursors.close();
    await core.store?.close();
    if (core.failure) options.onFatal?.(core.failure);
  };
  const onJournalFailure = (failure: Error): void => {
    core.failure = failure;
    logger.error(
      `FATAL: ${failure.message}. The server stops: the writes waiting for this journal write ` +
        'are not acknowledged, and it must not serve data that is not on disk. Acknowledged ' +
        'writes are safe; restart once the disk is fixed.',
    );
    stopping ??= shutDown((c) => c.closeAfterPendingReplies(FAILED_WRITE_REPLY_GRACE_MS));
  };

  try {
    if (options.dbPath !== undefined) {
      core.store = await DurableStore.open(
        {
          dbPath: options.dbPath,
          compactThresholdBytes: options.compactThresholdBytes ?? 64 * 1024 * 1024,
          logger,
          repair: options.repair ?? false,
          fs: options.storageFs ?? nodeStorageFs,
          onFailure: onJournalFailure,
        },
        core.catalog,
      );
    }
  } catch (err) {
    core.cursors.close();
    throw err;
  }

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

  return {
    uri: `mongodb://${uriHost}:${port}/`,
    host,
    port,
    stop: () => (stopping ??= shutDown((c) => c.close())),
  };
}
