import { type StorageFile, type StorageFs, writeFully } from './storageFs';

interface Waiter {
  resolve: () => void;
  reject: (err: Error) => void;
}

/** The journal can no longer make writes durable; the server must stop (see `DurableStore`). */
export class JournalFailure extends Error {}

/**
 * Append-only journal with group commit: records appended while an fsync is in flight are
 * written and synced together by the next one. `append` resolves only after the fdatasync
 * covering the record returns, and the server acknowledges a write only then.
 *
 * A failed write or fsync is final: the file may now hold part of a batch, and after a failed
 * fsync the kernel may already have dropped the dirty pages, so retrying could report success
 * for data that is not on disk. `onFailure` is called once, synchronously, before any waiter
 * learns of the failure, so the server can refuse further commands before it replies.
 */
export class Journal {
  private pending: Buffer[] = [];
  private waiters: Waiter[] = [];
  private flushing: Promise<void> | undefined;
  private failure: JournalFailure | undefined;
  private acknowledgeAfter: Promise<void> | undefined;

  private constructor(
    private readonly file: StorageFile,
    readonly path: string,
    private written: number,
    private readonly onFailure: (failure: JournalFailure) => void,
  ) {}

  static async open(
    fs: StorageFs,
    path: string,
    startLength: number,
    onFailure: (failure: JournalFailure) => void,
  ): Promise<Journal> {
    return new Journal(await fs.open(path, 'a+'), path, startLength, onFailure);
  }

  /** Bytes in the journal, including records still being written. */
  get size(): number {
    return this.written;
  }

  append(record: Buffer): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    this.pending.push(record);
    this.written += record.length;
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    if (!this.flushing) this.flushing = this.flushLoop();
    return done;
  }

  /**
   * Records of this journal are acknowledged only once `condition` holds (they are still
   * written and synced meanwhile); if it fails, the journal fails. A new journal uses this to
   * wait for its directory entry and for the journal before it to be durable.
   */
  acknowledgeOnlyAfter(condition: Promise<void>, what: string): void {
    this.acknowledgeAfter = condition;
    condition.then(
      () => {
        if (this.acknowledgeAfter === condition) this.acknowledgeAfter = undefined;
      },
      (err: Error) => this.fail(`${what} failed: ${err.message}`),
    );
  }

  private async flushLoop(): Promise<void> {
    while (this.pending.length > 0 && !this.failure) {
      const batch = this.pending;
      const waiters = this.waiters;
      this.pending = [];
      this.waiters = [];
      try {
        await writeFully(
          this.file,
          batch.length === 1 ? (batch[0] as Buffer) : Buffer.concat(batch),
        );
        await this.file.datasync();
      } catch (err) {
        this.fail(`write or fdatasync failed: ${(err as Error).message}`);
      }
      // A failed condition has already failed the journal (see acknowledgeOnlyAfter).
      if (this.acknowledgeAfter && !this.failure) {
        await this.acknowledgeAfter.catch(() => undefined);
      }
      for (const w of waiters) {
        if (this.failure) w.reject(this.failure);
        else w.resolve();
      }
    }
    this.flushing = undefined;
  }

  private fail(reason: string): void {
    if (this.failure) return;
    const failure = new JournalFailure(`journal ${this.path}: ${reason}`);
    this.failure = failure;
    this.onFailure(failure);
    // Records queued behind the failed batch will never be written.
    for (const w of this.waiters) w.reject(failure);
    this.waiters = [];
    this.pending = [];
  }

  /** Waits until everything appended so far is on disk or has failed. */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  /** Like `drain`, but rejects if the journal failed: what it held is not known to be durable. */
  async synced(): Promise<void> {
    await this.drain();
    if (this.failure) throw this.failure;
  }

  async close(): Promise<void> {
    await this.drain();
    await this.file.close();
  }
}
