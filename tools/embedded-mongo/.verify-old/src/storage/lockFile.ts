import { closeSync, openSync, readFileSync, unlinkSync, writeSync, fsyncSync } from 'node:fs';
import { join } from 'node:path';

export class DbPathLockedError extends Error {}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else; it still holds the dbpath.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * `mongod.lock` holds the owner's pid. A lock whose process is gone (kill -9, power loss) is
 * stale and taken over; a live owner — including this very process — makes us refuse.
 */
export class DbPathLock {
  private constructor(
    private readonly path: string,
    private released = false,
  ) {}

  static acquire(dbPath: string): DbPathLock {
    const path = join(dbPath, 'mongod.lock');
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(path, 'wx');
        writeSync(fd, `${process.pid}\n`);
        fsyncSync(fd);
        closeSync(fd);
        return new DbPathLock(path);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
      const owner = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
      if (Number.isInteger(owner) && owner > 0 && processAlive(owner)) {
        throw new DbPathLockedError(
          `dbpath ${dbPath} is in use by another embedded-mongo (pid ${owner}, lock file ${path}); ` +
            'stop it first or choose another --dbpath',
        );
      }
      unlinkSync(path);
    }
    throw new DbPathLockedError(`could not acquire the lock file ${path}`);
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    try {
      unlinkSync(this.path);
    } catch {
      // Already gone: nothing to release.
    }
  }
}
