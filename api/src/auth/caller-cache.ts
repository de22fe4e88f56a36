import { Injectable } from '@nestjs/common';
import type { UserRecord } from '@coldmail/contracts';
import type { ChangeFeed } from '../database/change-feed';

/**
 * How long a record read on one API instance may answer for its account without being read
 * again. Changes made through this instance apply here at once (they `forget` the record) and on
 * the other instances once the ChangeFeed tells them (within a second); this bounds how long a
 * change takes to apply if that word never arrives.
 */
export const CALLER_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  record: UserRecord;
  expiresAt: number;
  /** How many credit changes the record's balance holds (the user's creditSequence). */
  creditSequence: number;
}

/** A credit change the ledger applied: the balance it left, numbered like the user's changes. */
export interface AppliedCreditChange {
  balanceAfter: number;
  sequence: number;
  at: Date;
}

/**
 * The user records of recent callers, by Firebase uid, so a signed-in request does not read its
 * caller's record every time. Every write to a user record by the users service forgets it, after
 * the write. A read that began before a forget of the same record is not kept: otherwise a
 * request racing an update could store what the update replaced.
 *
 * The credit ledger does not forget: it tells the cache the balance a change left and the
 * change's number (`creditApplied`), so a generation does not cost its next request a read. A
 * cached record takes a balance only from a newer change than it holds, and a read that answers
 * an older balance than a change already told is not kept, in whatever order the database's
 * answers arrive. The other instances are told to forget the record (ChangeFeed topic 'users').
 *
 * Only members' records are kept. An Admin's or a Seller's is read on each request, so a role
 * taken away on one instance is refused on every other at once, not within a second.
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
  /** By record id: the number of the newest credit change the ledger told of. */
  private readonly creditSequences = new Map<string, number>();

  constructor(
    private readonly ttlMs = CALLER_CACHE_MS,
    private readonly feed?: ChangeFeed,
  ) {
    feed?.subscribe('users', (userIds) => {
      if (userIds.length === 0) this.forgetAll();
      for (const userId of userIds) this.forgetHere(userId);
    });
  }

  get(uid: string, nowMs = Date.now()): UserRecord | undefined {
    const entry = this.entries.get(uid);
    if (!entry) return undefined;
    if (entry.expiresAt <= nowMs) {
      this.entries.delete(uid);
      return undefined;
    }
    // Not moved to the end: entries live seconds, and the oldest kept goes first when full.
    return entry.record;
  }

  /** Call before reading a record from the database; pass the answer to `keep`. */
  startRead(): number {
    return ++this.clock;
  }

  /**
   * Keeps a record read since `readStartedAt` (with its user's `creditSequence`), unless it was
   * forgotten meanwhile or its balance is older than a credit change already told.
   */
  keep(
    uid: string,
    record: UserRecord,
    readStartedAt: number,
    { creditSequence = 0, nowMs = Date.now() }: { creditSequence?: number; nowMs?: number } = {},
  ): void {
    if (record.userRole !== 'member') return;
    const forgotten = this.forgottenAt.get(record._id) ?? this.forgottenFloor;
    if (forgotten >= readStartedAt) return;
    if (creditSequence < (this.creditSequences.get(record._id) ?? 0)) return;
    this.entries.delete(uid);
    this.entries.set(uid, { record, expiresAt: nowMs + this.ttlMs, creditSequence });
    this.uidByUserId.set(record._id, uid);
    this.uidByEmail.set(record.userEmail, uid);
    for (const [oldest, evicted] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES) break;
      this.drop(oldest, evicted.record);
    }
  }

  /**
   * The credit ledger changed a user's balance (by record id): a cached record older than the
   * change takes its balance, and reads under way that answer an older one are not kept.
   */
  creditApplied(userId: string, change: AppliedCreditChange): void {
    if (change.sequence > (this.creditSequences.get(userId) ?? 0)) {
      this.creditSequences.set(userId, change.sequence);
    }
    if (this.creditSequences.size > MAX_ENTRIES) {
      // Trimmed like `forgottenAt`: reads under way now are not kept, whatever they answer.
      this.creditSequences.clear();
      this.forgottenFloor = ++this.clock;
    }
    void this.feed?.publish('users', [userId]);
    const uid = this.uidByUserId.get(userId);
    const entry = uid === undefined ? undefined : this.entries.get(uid);
    if (!entry || entry.creditSequence >= change.sequence) return;
    entry.record = {
      ...entry.record,
      currentBalance: change.balanceAfter,
      updatedAt: change.at.toISOString(),
    };
    entry.creditSequence = change.sequence;
  }

  /**
   * A user's record changed or went (by record id): the next request reads it again, here and on
   * every other instance. Resolves once the other instances can read that word.
   */
  forget(userId: string): Promise<void> {
    this.forgetHere(userId);
    return this.feed?.publish('users', [userId]) ?? Promise.resolve();
  }

  private forgetHere(userId: string): void {
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

  /**
   * The same, for a write that names the user by address (rare: the other instances, which
   * cannot tell whose record it is, forget every record).
   */
  forgetEmail(email: string): Promise<void> {
    const uid = this.uidByEmail.get(email);
    const record = uid === undefined ? undefined : this.entries.get(uid)?.record;
    if (record) this.forgetHere(record._id);
    else {
      // Not cached here: nothing to drop, but a read under way must not keep the old record.
      this.forgottenFloor = ++this.clock;
    }
    return this.feed?.publish('users') ?? Promise.resolve();
  }

  /** Every record, and every read under way, is forgotten. */
  private forgetAll(): void {
    this.forgottenFloor = ++this.clock;
    this.forgottenAt.clear();
    this.entries.clear();
    this.uidByUserId.clear();
    this.uidByEmail.clear();
  }
}
