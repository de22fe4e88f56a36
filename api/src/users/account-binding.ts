import { ConflictException, ForbiddenException } from '@nestjs/common';
import type { CreateUserBody, UserRecord, UserRole } from '@coldmail/contracts';
import type { Model } from 'mongoose';
import { trusted } from 'mongoose';
import type { AuditService } from '../audit/audit.service';
import type { CallerCache } from '../auth/caller-cache';
import type { DeletedAccount } from './schemas/deleted-account.schema';
import type { User, UserData } from './schemas/user.schema';
import {
  assertOwnEmail,
  isDuplicateKeyError,
  PRIVILEGED_ROLES,
  toUserRecord,
  unbound,
} from './user-records';

export interface SignedInIdentity {
  /** The Firebase account's uid: what a record is bound to. */
  uid: string;
  email: string;
  /** The display name from the token, if any. */
  name: string | null;
  emailVerified: boolean;
}

/** Told to a caller whose address already has a record bound to another Firebase account. */
export const ADDRESS_TAKEN =
  'This e-mail address belongs to another account. Sign in with that account, or contact support.';
/** Told to a caller whose account an admin deleted. */
export const ACCOUNT_DELETED = 'This account has been deleted. Please contact support.';
/** Told to an unverified caller whose address has a record that no account has claimed yet. */
const VERIFY_TO_CLAIM =
  'Verify your e-mail address to reach your existing account: open the link we sent you, then sign in again.';

/**
 * Which record a signed-in Firebase account reaches, and the binding of records to accounts: a
 * record is bound to its account's uid at the first sign-in, and follows its verified address.
 */
export class AccountBinding {
  constructor(
    private readonly users: Model<User>,
    private readonly deletedAccounts: Model<DeletedAccount>,
    private readonly audit: AuditService,
    private readonly callers: CallerCache,
  ) {}

  /**
   * The record of the account behind a verified token: the one bound to its uid, or else, for a
   * verified address only, the address's record that no account has claimed yet (made before
   * accounts were bound, or by the dev seed). A record bound to another uid is never returned:
   * an address re-registered after its account was deleted does not inherit the old record.
   */
  async findForAccount(account: {
    uid: string;
    email: string;
    emailVerified: boolean;
  }): Promise<UserRecord | null> {
    const cached = this.callers.get(account.uid);
    // A verified change of address is taken to the record (below) however fresh the copy.
    if (cached && !(account.emailVerified && cached.userEmail !== account.email)) return cached;
    const readStartedAt = this.callers.startRead();
    let bound = await this.users
      .findOne({ firebaseUid: account.uid })
      .select('+creditSequence')
      .lean<UserData>();
    if (bound && account.emailVerified && bound.userEmail !== account.email) {
      bound = await this.followVerifiedAddress(bound, account.email);
    }
    if (bound) {
      const record = toUserRecord(bound);
      this.callers.keep(account.uid, record, readStartedAt, {
        creditSequence: bound.creditSequence ?? 0,
      });
      return record;
    }
    if (!account.emailVerified) return null;
    // A privileged record is never reached by an address: its binding (POST /api/create-user)
    // makes it a member's first.
    const unclaimed = await this.users
      .findOne({
        userEmail: account.email,
        firebaseUid: unbound(),
        userRole: trusted({ $nin: PRIVILEGED_ROLES }),
      })
      .lean<UserData>();
    return unclaimed ? toUserRecord(unclaimed) : null;
  }

  /**
   * The record's address follows its account's verified change of address, so what the record
   * says (the admin's users list, messages addressed to it) is where its owner is now. Kept as it
   * is while another record holds the new address.
   */
  private async followVerifiedAddress(user: UserData, email: string): Promise<UserData> {
    try {
      const moved = await this.users
        .findOneAndUpdate(
          { _id: user._id, userEmail: user.userEmail },
          { $set: { userEmail: email } },
          { returnDocument: 'after' },
        )
        .select('+creditSequence')
        .lean<UserData>();
      if (!moved) return user;
      await this.callers.forget(moved._id.toHexString());
      return moved;
    } catch (error) {
      if (isDuplicateKeyError(error)) return user;
      throw error;
    }
  }

  /** Whether an admin deleted this account (by its Firebase uid or its address). */
  async isDeletedAccount(account: { uid: string; email: string }): Promise<boolean> {
    const deleted = await this.deletedAccounts.exists({
      $or: [{ userEmail: account.email }, { firebaseUid: account.uid }],
    });
    return deleted !== null;
  }

  /**
   * Called after every sign-in and registration. Creates the caller's record the first time,
   * bound to their Firebase uid, and otherwise returns it unchanged (name and photo are edited on
   * the profile page, not overwritten by each sign-in). A new record is always a member's: Admin is
   * granted to an account by `grantAdmin`, never to whoever signs in with some address.
   */
  async createOrSync(identity: SignedInIdentity, body: CreateUserBody): Promise<UserRecord> {
    assertOwnEmail(body.userEmail, identity.email);
    const existing = await this.bindExisting(identity);
    if (existing) return existing;
    if (await this.isDeletedAccount(identity)) throw new ForbiddenException(ACCOUNT_DELETED);

    const record = {
      firebaseUid: identity.uid,
      userEmail: identity.email,
      userName: body.userName ?? identity.name ?? identity.email.split('@')[0] ?? identity.email,
      profileURL: body.profileURL ?? null,
      userRole: 'member' as UserRole,
      boundBy: 'sign-up' as const,
    };
    try {
      const created = await this.users.create(record);
      return toUserRecord(created.toObject<UserData>());
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      // Two first calls raced, or the address was claimed meanwhile: decide as if called now.
      const raced = await this.bindExisting(identity);
      if (raced) return raced;
      throw new ConflictException(ADDRESS_TAKEN);
    }
  }

  /**
   * The caller's existing record (bound to their uid, or their verified address's unclaimed one,
   * which it binds); null when the address has no record. Refuses an address whose record belongs to someone else.
   */
  private async bindExisting(identity: SignedInIdentity): Promise<UserRecord | null> {
    let user = await this.users.findOne({ firebaseUid: identity.uid }).lean<UserData>();
    if (!user) {
      const byAddress = await this.users
        .findOne({ userEmail: identity.email })
        .select({ firebaseUid: 1, userRole: 1 })
        .lean<Pick<UserData, '_id' | 'firebaseUid' | 'userRole'>>();
      if (!byAddress) return null;
      if (byAddress.firebaseUid === identity.uid) {
        // Created by a concurrent first call of the same account since the lookup above.
        user = await this.users.findById(byAddress._id).lean<UserData>();
      } else {
        if (byAddress.firebaseUid !== undefined) throw new ConflictException(ADDRESS_TAKEN);
        if (!identity.emailVerified) throw new ForbiddenException(VERIFY_TO_CLAIM);
        // Binds only if still unclaimed, so two accounts can never both claim it. An address
        // proves less than the operator's grant: whoever got a token verified for it (a
        // verification link clicked by a mail scanner, say) gets a member's record at most.
        user = await this.users
          .findOneAndUpdate(
            { _id: byAddress._id, firebaseUid: unbound() },
            { $set: { firebaseUid: identity.uid, boundBy: 'address', userRole: 'member' } },
            { returnDocument: 'after', timestamps: false },
          )
          .lean<UserData>();
        if (user && PRIVILEGED_ROLES.includes(byAddress.userRole)) {
          await this.audit.record(
            {
              uid: identity.uid,
              email: identity.email,
              name: null,
              emailVerified: true,
              user: null,
            },
            {
              action: 'user.claim.role-withheld',
              target: { kind: 'user', id: user._id.toHexString(), label: identity.email },
              before: { userRole: byAddress.userRole },
              after: { userRole: 'member' },
            },
          );
        }
      }
      if (!user) throw new ConflictException(ADDRESS_TAKEN);
    }
    // Bound just now: requests read the record again.
    await this.callers.forget(user._id.toHexString());
    return toUserRecord(user);
  }
}
