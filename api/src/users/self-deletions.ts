import type { Model } from 'mongoose';
import { trusted, Types } from 'mongoose';
import type { CallerCache } from '../auth/caller-cache';
import type { DeletedAccount } from './schemas/deleted-account.schema';
import type { User } from './schemas/user.schema';

/** How long a finished self-deletion keeps its uid out: past the hour an ID token lives. */
const KEEP_UID_OUT_MS = 24 * 60 * 60_000;

/** An account its owner is deleting: its Firebase uid and its user record. */
export interface SelfDeletion {
  uid: string;
  userId: string;
}

/**
 * Accounts their owners delete (DELETE /api/account, see AccountService): the deletion is
 * remembered by uid before its first step, so a failure midway is finished later by the recovery
 * sweep, and the account's still-valid ID tokens are refused once its record is gone (AuthGuard:
 * no record, a deleted account). The address is not remembered: its owner may come back.
 */
export class SelfDeletions {
  constructor(
    private readonly users: Model<User>,
    private readonly deletedAccounts: Model<DeletedAccount>,
    private readonly callers: CallerCache,
  ) {}

  /** Remembers the deletion, before any step; true the first time, false for a retry. */
  async begin({ uid, userId }: SelfDeletion): Promise<boolean> {
    const now = new Date();
    const result = await this.deletedAccounts.updateOne(
      { firebaseUid: uid, selfDeletedUserId: new Types.ObjectId(userId) },
      { $setOnInsert: { deletedAt: now, pendingSince: now } },
      { upsert: true },
    );
    return result.upsertedCount > 0;
  }

  /** The user record goes, and every API instance forgets it. */
  async removeRecord(userId: string): Promise<void> {
    await this.users.deleteOne({ _id: userId });
    await this.callers.forget(userId);
  }

  /** Every step is done: the uid stays out a day longer, then the entry expires (TTL index). */
  async finish(uid: string): Promise<void> {
    await this.deletedAccounts.updateOne(
      { firebaseUid: uid, pendingSince: trusted({ $exists: true }) },
      { $unset: { pendingSince: 1 }, $set: { expiresAt: new Date(Date.now() + KEEP_UID_OUT_MS) } },
    );
  }

  /** Self-deletions begun before `before` and not finished (for the recovery sweep). */
  async unfinished(before: Date): Promise<SelfDeletion[]> {
    const pending = await this.deletedAccounts
      .find({ pendingSince: trusted({ $lt: before }) })
      .select({ firebaseUid: 1, selfDeletedUserId: 1 })
      .lean<Pick<DeletedAccount, 'firebaseUid' | 'selfDeletedUserId'>[]>();
    return pending.flatMap(({ firebaseUid, selfDeletedUserId }) =>
      firebaseUid && selfDeletedUserId
        ? [{ uid: firebaseUid, userId: selfDeletedUserId.toHexString() }]
        : [],
    );
  }
}
