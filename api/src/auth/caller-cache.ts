import { Injectable } from '@nestjs/common';
import type { UserRecord } from '@coldmail/contracts';

/**
 * How long a record read on one API instance may answer for its account without being read
 * again. Changes made through this instance apply at once (they `forget` the record); this bounds
 * how long another instance's change (a role taken away, a balance moved) takes to apply here.
 */
export const CALLER_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  record: UserRecord;
  expiresAt: number;
}

/**
 * The user records of recent callers, by Firebase uid, so a signed-in request does not read its
 * caller's record every time. Every write to a user record (the users service, the credit ledger)
 * forgets it, after the write. A read that began before a forget of the same record is not kept:
 * otherwise a request racing an update could store what the update replaced.
 */
@Injectable()
export class CallerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly uidByUserId = new Map<string, string>();
  private readonly uidByEmail = new Map<string, string>();
  /** Ticks on every read start and every forget; `forgottenAt` holds each record's last forget. */
  private clock = 0;
  private readonly forgottenAt = new Map<string, number>();
  /** Forgets older than any kept in `forgottenAt` (trimmed when it grows): reads before it lose. */
  private forgottenFloor = 0;

  constructor(private readonly ttlMs = CALLER_CACHE_MS) {}

  get(uid: string, nowMs = Date.now()): UserRecord | undefined {
    const entry = this.entries.get(uid);
    if (!entry) return undefined;
    this.entries.delete(uid);
    if (entry.expiresAt <= nowMs) return undefined;
    this.entries.set(uid, entry);
    return entry.record;
  }

  /** Call before reading a record from the database; pass the answer to `keep`. */
  startRead(): number {
    return ++this.clock;
  }

  /** Keeps a record read since `readStartedAt`, unless it was forgotten meanwhile. */
  keep(uid: string, record: UserRecord, readStartedAt: number, nowMs = Date.now()): void {
    const forgotten = this.forgottenAt.get(record._id) ?? this.forgottenFloor;
    if (forgotten >= readStartedAt) return;
    this.entries.delete(uid);
    this.entries.set(uid, { record, expiresAt: nowMs + this.ttlMs });
    this.uidByUserId.set(record._id, uid);
    this.uidByEmail.set(record.userEmail, uid);
    for (const [oldest, evicted] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES) break;
      this.drop(oldest, evicted.record);
    }
  }

  /** A user's record changed or went (by record id): the next request reads it again. */
  forget(userId: string): void {
    this.forgottenAt.set(userId, ++this.clock);
    if (this.forgottenAt.size > MAX_ENTRIES) {
      this.forgottenFloor = this.clock;
      this.forgottenAt.clear();
    }
    const uid = this.uidByUserId.get(userId);
    const entry = uid === undefined ? undefined : this.entries.get(uid);
    if (uid !== undefined && entry) this.drop(uid, entry.record);
    else this.uidByUserId.delete(userId);
  }

  private drop(uid: string, record: UserRecord): void {
    this.entries.delete(uid);
    this.uidByUserId.delete(record._id);
    this.uidByEmail.delete(record.userEmail);
  }

  /** The same, for a write that names the user by address. */
  forgetEmail(email: string): void {
    const uid = this.uidByEmail.get(email);
    const record = uid === undefined ? undefined : this.entries.get(uid)?.record;
    if (record) this.forget(record._id);
    else {
      // Not cached here: nothing to drop, but a read under way must not keep the old record.
      this.forgottenFloor = ++this.clock;
    }
  }
}
