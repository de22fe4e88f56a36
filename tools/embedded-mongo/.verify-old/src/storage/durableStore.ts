import {
  existsSync,
  mkdirSync,
  promises as fsp,
  readdirSync,
  readFileSync,
  truncateSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Catalog } from '../catalog/catalog';
import type { JournalOp } from '../catalog/journalOps';
import type { Logger } from '../logger';
import { Journal } from './journal';
import { decodeBatch, encodeBatch } from './journalCodec';
import { DbPathLock } from './lockFile';
import { frameRecord, RecordKind, scanRecords } from './recordFile';
import { captureImage, loadSnapshot, writeSnapshot } from './snapshot';

export interface DurableStoreOptions {
  dbPath: string;
  /** Journal size that triggers a snapshot + journal rotation. */
  compactThresholdBytes: number;
  logger: Logger;
}

const SNAPSHOT = 'snapshot.bson';
const JOURNAL_RE = /^journal-(\d{6,})\.log$/;
const journalName = (n: number): string => `journal-${String(n).padStart(6, '0')}.log`;

/**
 * The on-disk side of the catalog: snapshot + journals in the dbpath, guarded by a lock file.
 * Start-up loads the snapshot, replays newer journals (dropping a torn last record) and
 * continues appending to the newest journal.
 */
export class DurableStore {
  private compacting: Promise<void> | undefined;

  private constructor(
    private readonly options: DurableStoreOptions,
    private readonly catalog: Catalog,
    private readonly lock: DbPathLock,
    private journal: Journal,
    private journalNumber: number,
  ) {}

  static async open(options: DurableStoreOptions, catalog: Catalog): Promise<DurableStore> {
    const { dbPath, logger } = options;
    mkdirSync(dbPath, { recursive: true });
    const lock = DbPathLock.acquire(dbPath);
    try {
      const snapshotPath = join(dbPath, SNAPSHOT);
      const first = existsSync(snapshotPath)
        ? loadSnapshot(readFileSync(snapshotPath), catalog)
        : 1;
      const journals = readdirSync(dbPath)
        .map((f) => JOURNAL_RE.exec(f))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => Number(m[1]))
        .sort((a, b) => a - b);
      let current = first;
      let currentLength = 0;
      for (const n of journals) {
        const path = join(dbPath, journalName(n));
        if (n < first) {
          // Covered by the snapshot; left behind by a crash during compaction.
          await fsp.rm(path, { force: true });
          continue;
        }
        const file = readFileSync(path);
        const { records, validLength } = scanRecords(file);
        for (const r of records) {
          if (r.kind !== RecordKind.journalBatch) continue;
          for (const op of decodeBatch(r.body)) catalog.replay(op);
        }
        if (validLength < file.length) {
          logger.warn(
            `journal ${path}: dropped ${file.length - validLength} bytes of a torn last record`,
          );
          truncateSync(path, validLength);
        }
        current = n;
        currentLength = validLength;
      }
      const journal = await Journal.open(join(dbPath, journalName(current)), currentLength);
      await syncDirectory(dbPath);
      return new DurableStore(options, catalog, lock, journal, current);
    } catch (err) {
      lock.release();
      throw err;
    }
  }

  /**
   * Journals one command's changes. Encoding happens now, synchronously, so the record
   * reflects exactly this command; the promise resolves once it is fsynced.
   */
  commit(ops: JournalOp[]): Promise<void> {
    const done = this.journal.append(frameRecord(RecordKind.journalBatch, encodeBatch(ops)));
    if (!this.compacting && this.journal.size >= this.options.compactThresholdBytes) {
      this.compacting = this.compact().finally(() => (this.compacting = undefined));
    }
    return done;
  }

  /**
   * Rotates to a new journal and snapshots the catalog as of the rotation. The image is
   * captured in the same tick as the switch, so it holds exactly what older journals hold.
   */
  private async compact(): Promise<void> {
    const previous = this.journal;
    const next = this.journalNumber + 1;
    this.journal = await Journal.open(join(this.options.dbPath, journalName(next)), 0);
    this.journalNumber = next;
    const image = captureImage(this.catalog, next);
    await previous.close();
    await writeSnapshot(
      image,
      join(this.options.dbPath, SNAPSHOT),
      join(this.options.dbPath, `${SNAPSHOT}.tmp`),
    );
    await syncDirectory(this.options.dbPath);
    for (const f of readdirSync(this.options.dbPath)) {
      const m = JOURNAL_RE.exec(f);
      if (m && Number(m[1]) < next) await fsp.rm(join(this.options.dbPath, f), { force: true });
    }
  }

  /** Clean shutdown: flush, snapshot so the next start-up replays nothing, unlock. */
  async close(): Promise<void> {
    try {
      await this.compacting;
      await this.journal.drain();
      await this.compact().catch((err: Error) =>
        this.options.logger.error(`final snapshot failed, journal kept: ${err.message}`),
      );
      await this.journal.close();
    } finally {
      this.lock.release();
    }
  }
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await fsp.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
