import { promises as fsp } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

interface Waiter {
  resolve: () => void;
  reject: (err: Error) => void;
}

/**
 * Append-only journal with group commit: records appended while an fsync is in flight are
 * written and synced together by the next one. `append` resolves only after the fdatasync
 * covering the record returns, and the server acknowledges a write only then.
 */
export class Journal {
  private pending: Buffer[] = [];
  private waiters: Waiter[] = [];
  private flushing: Promise<void> | undefined;
  private failure: Error | undefined;

  private constructor(
    private readonly handle: FileHandle,
    readonly path: string,
    private written: number,
  ) {}

  static async open(path: string, startLength: number): Promise<Journal> {
    const handle = await fsp.open(path, 'a+');
    return new Journal(handle, path, startLength);
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

  private async flushLoop(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending;
      const waiters = this.waiters;
      this.pending = [];
      this.waiters = [];
      try {
        await writeFully(
          this.handle,
          batch.length === 1 ? (batch[0] as Buffer) : Buffer.concat(batch),
        );
        await this.handle.datasync();
        for (const w of waiters) w.resolve();
      } catch (err) {
        this.failure = err as Error;
        for (const w of [...waiters, ...this.waiters]) w.reject(this.failure);
        this.waiters = [];
        this.pending = [];
      }
    }
    this.flushing = undefined;
  }

  /** Waits for everything appended so far to be on disk. */
  async drain(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  async close(): Promise<void> {
    await this.drain();
    await this.handle.close();
  }
}

/** A single write(2) may be partial; loop until the whole buffer is in the file. */
export async function writeFully(handle: FileHandle, data: Buffer): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    const { bytesWritten } = await handle.write(data, offset, data.length - offset);
    offset += bytesWritten;
  }
}
