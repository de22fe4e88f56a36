import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fstatSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Logger } from '../logger';

export class DbPathLockedError extends Error {}

const LOCK_FILE = 'mongod.lock';
/** How long a lock without a complete pid line is taken to be still being written. */
const INCOMPLETE_LOCK_PATIENCE_MS = 2000;
const RETRY_DELAY_MS = 25;
const MAX_ATTEMPTS = 200;

/**
 * Identifies this process beyond its pid, so that a lock written by an earlier process that
 * had the same pid (a crashed server restarted as pid 1 in a container) is recognised as
 * stale. `timeOrigin` is the process start and is shared by every copy of this module loaded
 * in the process.
 */
const OWN_IDENTITY = `started ${new Date(performance.timeOrigin).toISOString()}`;

interface LockOwner {
  pid: number;
  /** Absent in locks written by older versions, which held only the pid. */
  identity: string | undefined;
}

interface ObservedLock {
  /** Undefined while the file is empty or incomplete: its writer has not finished. */
  owner: LockOwner | undefined;
  /** Which file was read, so that a takeover removes that one and not a newer lock. */
  ino: bigint;
}

/**
 * `mongod.lock` holds the owner's pid and start time. A lock whose process is gone (kill -9,
 * power loss, or a pid now used by this very process) is stale and taken over; a live owner,
 * including another server in this process, makes us refuse.
 *
 * The lock is written to a temporary file and hard-linked into place, so it never exists
 * without its complete content; a reader that still finds it empty or incomplete (a lock
 * written differently) waits for it to be completed instead of taking it for stale.
 */
export class DbPathLock {
  private released = false;

  private constructor(private readonly path: string) {}

  static async acquire(dbPath: string, logger: Logger): Promise<DbPathLock> {
    const path = join(dbPath, LOCK_FILE);
    const content = `${process.pid}\n${OWN_IDENTITY}\n`;
    const incompleteSince = new Map<bigint, number>();
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (createLinked(path, content)) return new DbPathLock(path);
      const seen = readLock(path);
      if (!seen) continue; // removed since our attempt: try again at once
      if (seen.owner) {
        if (ownerAlive(seen.owner)) throw lockedError(dbPath, path, seen.owner);
        logger.warn(`taking over the stale lock file ${path} of pid ${seen.owner.pid}`);
      } else {
        const since = incompleteSince.get(seen.ino) ?? Date.now();
        incompleteSince.set(seen.ino, since);
        if (Date.now() - since < INCOMPLETE_LOCK_PATIENCE_MS) {
          await new Promise((r) => setTimeout(r, RETRY_DELAY_MS));
          continue;
        }
        logger.warn(
          `lock file ${path} has had no complete pid for ${INCOMPLETE_LOCK_PATIENCE_MS} ms: ` +
            'taking it over as left by a crash',
        );
      }
      removeIfSame(path, seen.ino);
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

function lockedError(dbPath: string, path: string, owner: LockOwner): DbPathLockedError {
  return new DbPathLockedError(
    `dbpath ${dbPath} is in use by another embedded-mongo (pid ${owner.pid}, lock file ${path}); ` +
      'stop it first or choose another --dbpath',
  );
}

/** Creates the lock with its content in one step; false if a lock already exists. */
function createLinked(path: string, content: string): boolean {
  const tmp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(tmp, 'wx');
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(tmp, path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    unlinkSync(tmp);
  }
}

function readLock(path: string): ObservedLock | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  try {
    const { ino } = fstatSync(fd, { bigint: true });
    return { owner: parseLock(readFileSync(fd, 'utf8')), ino };
  } finally {
    closeSync(fd);
  }
}

/** `pid\n` (older versions) or `pid\nidentity\n`; anything without its final newline is incomplete. */
function parseLock(text: string): LockOwner | undefined {
  const m = /^(\d+)\n(?:([^\n]+)\n)?$/.exec(text);
  if (!m) return undefined;
  const pid = Number(m[1]);
  return pid > 0 ? { pid, identity: m[2] } : undefined;
}

function ownerAlive(owner: LockOwner): boolean {
  // Our own pid: it is our lock only if this process wrote it; otherwise an earlier process
  // with the same pid left it.
  if (owner.pid === process.pid) return owner.identity === OWN_IDENTITY;
  try {
    process.kill(owner.pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else; it still holds the dbpath.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the stale lock we read, but not a lock another starting process created after
 * taking it over first: the file is moved aside and put back if it is not the one we read.
 */
function removeIfSame(path: string, ino: bigint): void {
  const aside = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.stale`;
  try {
    renameSync(path, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  try {
    if (statSync(aside, { bigint: true }).ino !== ino) linkSync(aside, path);
  } catch {
    // Only a third process creating a lock in this instant makes the put-back fail; that
    // three-way race is not resolved.
  } finally {
    unlinkSync(aside);
  }
}
