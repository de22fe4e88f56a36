import { basename } from 'node:path';
import { nodeStorageFs, type StorageFile, type StorageFs } from '../../src';

export type FsCall =
  | 'open'
  | 'write'
  | 'datasync'
  | 'sync'
  | 'close'
  | 'syncDirectory'
  | 'rename'
  | 'truncate'
  | 'remove';

/**
 * The storage layer's file system with a script: `before` runs ahead of every call and may
 * throw (the call fails as a disk error would) or wait (a slow disk). Every call that
 * succeeds is appended to `log` as `"<call> <file name>"` when it returns, and tests add
 * their own entries (`"ack ..."`) to check what happened in which order.
 */
export class ScriptedFs implements StorageFs {
  readonly log: string[] = [];
  before: (call: FsCall, path: string) => void | Promise<void> = () => undefined;

  constructor(private readonly inner: StorageFs = nodeStorageFs) {}

  private async run<T>(call: FsCall, path: string, fn: () => Promise<T>): Promise<T> {
    await this.before(call, path);
    const result = await fn();
    this.log.push(`${call} ${basename(path)}`);
    return result;
  }

  async open(path: string, flags: 'a+' | 'w'): Promise<StorageFile> {
    const file = await this.run('open', path, () => this.inner.open(path, flags));
    return {
      write: (data, offset, length) =>
        this.run('write', path, () => file.write(data, offset, length)),
      datasync: () => this.run('datasync', path, () => file.datasync()),
      sync: () => this.run('sync', path, () => file.sync()),
      close: () => this.run('close', path, () => file.close()),
    };
  }

  syncDirectory(dir: string): Promise<void> {
    return this.run('syncDirectory', dir, () => this.inner.syncDirectory(dir));
  }

  rename(from: string, to: string): Promise<void> {
    return this.run('rename', from, () => this.inner.rename(from, to));
  }

  truncate(path: string, length: number): Promise<void> {
    return this.run('truncate', path, () => this.inner.truncate(path, length));
  }

  remove(path: string): Promise<void> {
    return this.run('remove', path, () => this.inner.remove(path));
  }

  /** Index of the first entry equal to `entry` at or after `from`; -1 if there is none. */
  indexOf(entry: string, from = 0): number {
    return this.log.indexOf(entry, from);
  }
}

/** An error shaped like the one node:fs raises for `code` (EIO, ENOSPC, ...). */
export function diskError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected disk error`), { code });
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
