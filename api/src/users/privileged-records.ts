import { ConflictException } from '@nestjs/common';
import type { UserRecord, UserRole } from '@coldmail/contracts';
import type { Model } from 'mongoose';
import { trusted } from 'mongoose';
import type { AuditService } from '../audit/audit.service';
import type { CallerCache } from '../auth/caller-cache';
import type { FirebaseAuthService } from '../auth/firebase-auth.service';
import { ADDRESS_TAKEN } from './account-binding';
import type { User, UserData } from './schemas/user.schema';
import { PRIVILEGED_ROLES, toUserRecord, unbound } from './user-records';

/**
 * Admin and Seller records: the operator's grants and revocations of Admin, and the records that
 * may have been won through an address before roles came only from the operator.
 */
export class PrivilegedRecords {
  constructor(
    private readonly users: Model<User>,
    private readonly firebaseAuth: FirebaseAuthService,
    private readonly audit: AuditService,
    private readonly callers: CallerCache,
  ) {}

  /**
   * Admin and Seller records that may have been won through an address: bound before bindings
   * were recorded, made before the account that holds them (so it claimed them, or was granted
   * them), with no grant of the role to them since that account was made.
   */
  async privilegedClaimsToReview(): Promise<
    { id: string; email: string; uid: string; role: UserRole; recordCreatedAt: string }[]
  > {
    const candidates = await this.users
      .find({
        userRole: trusted({ $in: PRIVILEGED_ROLES }),
        firebaseUid: trusted({ $exists: true }),
        boundBy: unbound(),
      })
      .select({ userEmail: 1, firebaseUid: 1, userRole: 1, createdAt: 1 })
      .limit(1000)
      .lean<Pick<UserData, '_id' | 'userEmail' | 'firebaseUid' | 'userRole' | 'createdAt'>[]>();
    const claims = [];
    // firebase-admin looks up at most 100 accounts a call.
    for (let start = 0; start < candidates.length; start += 100) {
      const batch = candidates.slice(start, start + 100);
      const { users: accounts } = await this.firebaseAuth.auth.getUsers(
        batch.map((record) => ({ uid: record.firebaseUid as string })),
      );
      const madeAt = new Map(
        accounts.map((account) => [account.uid, new Date(account.metadata.creationTime)]),
      );
      for (const record of batch) {
        const accountMadeAt = madeAt.get(record.firebaseUid as string);
        if (!accountMadeAt || record.createdAt >= accountMadeAt) continue;
        const id = record._id.toHexString();
        if (await this.audit.roleGivenSince(id, record.userRole, accountMadeAt)) continue;
        claims.push({
          id,
          email: record.userEmail,
          uid: record.firebaseUid as string,
          role: record.userRole as UserRole,
          recordCreatedAt: record.createdAt.toISOString(),
        });
      }
    }
    return claims;
  }

  /**
   * Makes one Firebase account (by its uid) Admin: its bound record, else its address's record no
   * account has claimed (which it binds), else a new record. Refuses an address whose record
   * belongs to another account. The operator's `admin grant` command and the ADMIN_EMAILS
   * bootstrap call this; nothing a caller sends does.
   */
  async grantAdmin(account: { uid: string; email: string; name?: string | null }): Promise<{
    record: UserRecord;
    changed: boolean;
  }> {
    const email = account.email.toLowerCase();
    const before = await this.users
      .findOne({ $or: [{ firebaseUid: account.uid }, { userEmail: email }] })
      .lean<UserData>();
    if (before && before.firebaseUid !== undefined && before.firebaseUid !== account.uid) {
      throw new ConflictException(ADDRESS_TAKEN);
    }
    const updated = await this.users
      .findOneAndUpdate(
        before
          ? { _id: before._id, firebaseUid: before.firebaseUid ?? unbound() }
          : { firebaseUid: account.uid, userEmail: email },
        {
          $set: { userRole: 'Admin', firebaseUid: account.uid, boundBy: 'grant' },
          ...(before
            ? {}
            : {
                $setOnInsert: {
                  userName: account.name ?? email.split('@')[0] ?? email,
                  profileURL: null,
                },
              }),
        },
        { returnDocument: 'after', upsert: !before, setDefaultsOnInsert: true },
      )
      .lean<UserData>();
    if (!updated) throw new ConflictException(ADDRESS_TAKEN);
    await this.callers.forget(updated._id.toHexString());
    return { record: toUserRecord(updated), changed: before?.userRole !== 'Admin' };
  }

  /** Takes Admin back from an account (its record becomes a member's); false when it had none. */
  async revokeAdmin(uid: string): Promise<boolean> {
    const updated = await this.users
      .findOneAndUpdate(
        { firebaseUid: uid, userRole: 'Admin' },
        { $set: { userRole: 'member' } },
        { returnDocument: 'after' },
      )
      .lean<UserData>();
    if (updated) await this.callers.forget(updated._id.toHexString());
    return updated !== null;
  }

  /** The role of the record bound to an account, or null when it has none. */
  async roleOfAccount(uid: string): Promise<UserRole | null> {
    const user = await this.users.findOne({ firebaseUid: uid }).select({ userRole: 1 }).lean();
    return user ? (user.userRole as UserRole) : null;
  }
}
