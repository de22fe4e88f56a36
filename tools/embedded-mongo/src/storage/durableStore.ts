import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Catalog } from '../catalog/catalog';
import type { JournalOp } from '../catalog/journalOps';
import type { Logger } from '../logger';
import { Journal, type JournalFailure } from './journal';
import { decodeBatch, encodeBatch } from './journalCodec';
import { DbPathLock } from './lockFile';
import { countIntactRecordsAfter, frameRecord, RecordKind, scanRecords } from './recordFile';
import { captureImage, loadSnapshot, writeSnapshot } from './snapshot';
import type { StorageFs } from './storageFs';

export interface DurableStoreOptions {
  dbPath: string;
  /** Journal size that triggers a snapshot + journal rotation. */
  compactThresholdBytes: number;
  logger: Logger;
  /** Truncate a journal at damage that intact records follow, instead of refusing to start. */
  repair: boolean;
  fs: StorageFs;
  /**
   * Called once, synchronously, when a journal write or fsync fails. Nothing can be
   * acknowledged any more, and the catalog holds changes that may not be on disk.
   */
  onFailure: (failure: JournalFailure) => void;
}

/** A journal is damaged before its end; starting would silently drop the records after it. */
export class JournalDamagedError extends Error {}

const SNAPSHOT = 'snapshot.bson';
const JOURNAL_RE = /^journal-(\d{6,})\.log$/;
const journalName = (n: number): string => `journal-${String(n).padStart(6, '0')}.log`;

/** Remembers the first journal failure and reports it once, whichever journal it came from. */
class FailureLatch {
  failure: JournalFailure | undefined;
  constructor(private readonly report: (failure: JournalFailure) => void) {}
  readonly trip = (failure: JournalFailure): void => {
    if (this.failure) return;
    this.failure = failure;
    this.report(failure);
  };
}

/**
 * The on-disk side of the catalog: snapshot + journals in the dbpath, guarded by a lock file.
 * Start-up loads the snapshot, replays newer journals (dropping a torn last record) and
 * continues appending to the newest journal.
 */
export class DurableStore {
  private compacting: Promise<void> | undefined;
  private compactAtSize: number;

  private constructor(
    private readonly options: DurableStoreOptions,
    private readonly catalog: Catalog,
    private readonly lock: DbPathLock,
    private readonly latch: FailureLatch,
    private journal: Journal,
    private journalNumber: number,
  ) {
    this.compactAtSize = options.compactThresholdBytes;
  }

  static async open(options: DurableStoreOptions, catalog: Catalog): Promise<DurableStore> {
    const { dbPath, fs } = options;
    await createDbPath(fs, dbPath);
    const lock = await DbPathLock.acquire(dbPath, options.logger);
    let journal: Journal | undefined;
    try {
      const snapshotPath = join(dbPath, SNAPSHOT);
      const first = existsSync(snapshotPath)
        ? loadSnapshot(readFileSync(snapshotPath), catalog)
        : 1;
      const end = await replayJournals(options, catalog, first);
      const latch = new FailureLatch(options.onFailure);
      journal = await Journal.open(fs, journalPath(dbPath, end.number), end.length, latch.trip);
      // The journal may have just been created: its entry must be durable before any ack.
      await fs.syncDirectory(dbPath);
      return new DurableStore(options, catalog, lock, latch, journal, end.number);
    } catch (err) {
      await journal?.close();
      lock.release();
      throw err;
    }
  }

  /**
   * Journals one command's changes. Encoding happens now, synchronously, so the record
   * reflects exactly this command; the promise resolves once it is fsynced.
   */
  commit(ops: JournalOp[]): Promise<void> {
    if (this.latch.failure) return Promise.reject(this.latch.failure);
    const done = this.journal.append(frameRecord(RecordKind.journalBatch, encodeBatch(ops)));
    if (!this.compacting && this.journal.size >= this.compactAtSize) this.compactInBackground();
    return done;
  }

  private compactInBackground(): void {
    const { compactThresholdBytes, logger } = this.options;
    this.compacting = this.compact()
      .then(
        () => void (this.compactAtSize = compactThresholdBytes),
        (err: Error) => {
          // Nothing is lost: the journals stay until a snapshot covers them. Retrying on every
          // write would only repeat the error, so wait for as much growth again.
          this.compactAtSize = this.journal.size + compactThresholdBytes;
          logger.error(`compaction failed, journals kept: ${err.message}`);
        },
      )
      .finally(() => (this.compacting = undefined));
  }

  /**
   * Rotates to a new journal and snapshots the catalog as of the rotation. The image is
   * captured in the same tick as the switch, so it holds exactly what older journals hold.
   */
  private async compact(): Promise<void> {
    const { dbPath, fs } = this.options;
    const previous = this.journal;
    const next = this.journalNumber + 1;
    const fresh = await Journal.open(fs, journalPath(dbPath, next), 0, this.latch.trip);
    // A record in the new journal is acknowledged only once the journal's directory entry is
    // durable (else power loss could lose the whole file) and so is every record of the
    // previous journal (else a later write could survive an earlier one another client saw).
    fresh.acknowledgeOnlyAfter(
      Promise.all([fs.syncDirectory(dbPath), previous.synced()]).then(() => undefined),
      'fsync of its directory or of the previous journal',
    );
    this.journal = fresh;
    this.journalNumber = next;
    const image = captureImage(this.catalog, next);
    await previous.close();
    // After a journal failure the catalog may hold changes that were never stored, and the
    // server is stopping: write nothing more.
    if (this.latch.failure) return;
    await writeSnapshot(fs, image, join(dbPath, SNAPSHOT), join(dbPath, `${SNAPSHOT}.tmp`));
    for (const n of listJournals(dbPath)) {
      if (n < next) await fs.remove(journalPath(dbPath, n));
    }
  }

  /** Clean shutdown: flush, snapshot so the next start-up replays nothing, unlock. */
  async close(): Promise<void> {
    try {
      await this.compacting;
      await this.journal.drain();
      if (!this.latch.failure) {
        await this.compact().catch((err: Error) =>
          this.options.logger.error(`final snapshot failed, journal kept: ${err.message}`),
        );
      }
      await this.journal.close();
    } finally {
      this.lock.release();
    }
  }
}

function journalPath(dbPath: string, n: number): string {
  return join(dbPath, journalName(n));
}

function listJournals(dbPath: string): number[] {
  return readdirSync(dbPath)
    .map((f) => JOURNAL_RE.exec(f))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);
}

/** Creates the dbpath if needed and makes the new directories' entries durable. */
async function createDbPath(fs: StorageFs, dbPath: string): Promise<void> {
  const firstCreated = mkdirSync(dbPath, { recursive: true });
  if (firstCreated === undefined) return;
  const top = dirname(resolve(firstCreated));
  for (let dir = dirname(resolve(dbPath)); ; dir = dirname(dir)) {
    await fs.syncDirectory(dir);
    if (dir === top || dir === dirname(dir)) return;
  }
}

/** Where replay stopped: the journal to continue appending to, and its valid length. */
interface JournalEnd {
  number: number;
  length: number;
}

/**
 * Replays every journal the snapshot does not cover, oldest first. A damaged record with no
 * intact record anywhere after it is a torn write from a crash, never acknowledged: it is cut
 * off. Damage followed by intact records is refused (or, with `repair`, cut off together with
 * everything after it), since those records may be acknowledged writes.
 */
async function replayJournals(
  options: DurableStoreOptions,
  catalog: Catalog,
  first: number,
): Promise<JournalEnd> {
  const { dbPath, fs, logger } = options;
  const numbers = listJournals(dbPath);
  let end: JournalEnd = { number: first, length: 0 };
  for (const [i, n] of numbers.entries()) {
    const path = journalPath(dbPath, n);
    if (n < first) {
      // Covered by the snapshot; left behind by a crash during compaction.
      await fs.remove(path);
      continue;
    }
    const file = readFileSync(path);
    const { records, validLength } = scanRecords(file);
    for (const r of records) {
      if (r.kind !== RecordKind.journalBatch) continue;
      for (const op of decodeBatch(r.body)) catalog.replay(op);
    }
    end = { number: n, length: validLength };
    if (validLength === file.length) continue;

    const later = numbers.slice(i + 1).map((m) => journalPath(dbPath, m));
    const dropped = measureDropped(file, validLength, later);
    if (dropped.records === 0) {
      logger.warn(
        `journal ${path}: dropped ${file.length - validLength} bytes of a torn last record ` +
          '(a write cut short by a crash, never acknowledged)',
      );
      await fs.truncate(path, validLength);
      continue;
    }
    const where = `journal ${path} is damaged at byte ${validLength} of ${file.length}`;
    const what = describeDropped(dropped, later.length);
    if (!options.repair) throw new JournalDamagedError(refusal(where, what, dbPath));
    logger.warn(
      `repair: ${where}; truncating it there and dropping ${what}. ` +
        'Writes after the damaged record are lost.',
    );
    await fs.truncate(path, validLength);
    for (const p of later) await fs.remove(p);
    break;
  }
  return end;
}

interface Dropped {
  /** Intact records after the damage, in this journal and the later ones. */
  records: number;
  bytes: number;
}

function measureDropped(file: Buffer, damagedAt: number, later: string[]): Dropped {
  let records = countIntactRecordsAfter(file, damagedAt, RecordKind.journalBatch);
  let bytes = file.length - damagedAt;
  for (const path of later) {
    const content = readFileSync(path);
    records += countIntactRecordsAfter(content, -1, RecordKind.journalBatch);
    bytes += content.length;
  }
  return { records, bytes };
}

function describeDropped(dropped: Dropped, laterJournals: number): string {
  const also = laterJournals > 0 ? `, counting ${laterJournals} later journal file(s)` : '';
  return `${dropped.records} intact record(s) and ${dropped.bytes} bytes after it${also}`;
}

function refusal(where: string, what: string, dbPath: string): string {
  return (
    `${where}: the record there has a bad length or checksum, yet ${what} follow. This is not a write ` +
    'torn by a crash at the end of the journal, and those records may be acknowledged ' +
    'writes, so start-up is refused rather than dropping them silently. To start with the ' +
    `data before the damage and drop the rest, run with --repair (option repair: true); ` +
    `copy ${dbPath} first if its data matters.`
  );
}
