import { promises as fsp } from 'node:fs';

/** An open file of the storage layer: only the calls whose failure or order affects durability. */
export interface StorageFile {
  /** Writes at the end of an append-mode file, at the current position otherwise. */
  write(data: Buffer, offset: number, length: number): Promise<{ bytesWritten: number }>;
  datasync(): Promise<void>;
  sync(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The file-system calls the journal and snapshot depend on for durability. The server uses
 * `nodeStorageFs`; tests substitute a wrapper to inject failures (EIO, ENOSPC) and to observe
 * the order of writes, fsyncs and acknowledgements, which cannot be provoked on a real disk.
 * Start-up reads go to node:fs directly: a failed read fails start-up, which is already safe.
 */
export interface StorageFs {
  /** `a+` appends (journal), `w` creates or truncates (snapshot temp file). */
  open(path: string, flags: 'a+' | 'w'): Promise<StorageFile>;
  /** fsync of a directory, which makes the creation, rename or removal of its entries durable. */
  syncDirectory(dir: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  truncate(path: string, length: number): Promise<void>;
  remove(path: string): Promise<void>;
}

export const nodeStorageFs: StorageFs = {
  open: (path, flags) => fsp.open(path, flags),
  async syncDirectory(dir) {
    const handle = await fsp.open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
  rename: (from, to) => fsp.rename(from, to),
  async truncate(path, length) {
    // fsynced so that a cut journal stays cut after a crash, instead of the dropped bytes
    // coming back and being met again at the next start-up.
    const handle = await fsp.open(path, 'r+');
    try {
      await handle.truncate(length);
      await handle.sync();
    } finally {
      await handle.close();
    }
  },
  remove: (path) => fsp.rm(path, { force: true }),
};

/** A single write(2) may be partial; loop until the whole buffer is in the file. */
export async function writeFully(file: StorageFile, data: Buffer): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    const { bytesWritten } = await file.write(data, offset, data.length - offset);
    offset += bytesWritten;
  }
}
