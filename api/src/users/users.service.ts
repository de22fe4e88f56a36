import { CallerCache } from '../auth/caller-cache';
import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  Logger,
  NotFoundException,
  OnModuleInit,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type {
  AdminListEntry,
  AdminUserUpdateBody,
  CreateUserBody,
  ProfileUpdateBody,
  UserRecord,
  UserRole,
  userListQuerySchema,
} from '@coldmail/contracts';
import type { z } from 'zod';
import { Model, mongo, trusted, type Types } from 'mongoose';
import type { AuthContext } from '../auth/auth-context';
import { containsText } from '../common/search';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import { AuditService } from '../audit/audit.service';
import { FirebaseAuthService } from '../auth/firebase-auth.service';
import { CreditsService } from '../credits/credits.service';
import { DeletedAccount } from './schemas/deleted-account.schema';
import { User, UserData } from './schemas/user.schema';

/** Messages kept per user; older ones are dropped so a record cannot grow without bound. */
const MAX_MESSAGE_LOGS = 200;

export interface SignedInIdentity {
  /** The Firebase account's uid: what a record is bound to. */
  uid: string;
  email: string;
  /** The display name from the token, if any. */
  name: string | null;
  emailVerified: boolean;
}

/** Told to a caller whose address already has a record bound to another Firebase account. */
const ADDRESS_TAKEN =
  'This e-mail address belongs to another account. Sign in with that account, or contact support.';
/** Told to an unverified caller whose address has a record that no account has claimed yet. */
/** Told to a caller whose account an admin deleted. */
export const ACCOUNT_DELETED = 'This account has been deleted. Please contact support.';
const VERIFY_TO_CLAIM =
  'Verify your e-mail address to reach your existing account: open the link we sent you, then sign in again.';

/**
 * The users domain's rules; the only code that touches the users collection, except its credit
 * fields (currentBalance and the ledger's own), which only the credit ledger writes.
 */
@Injectable()
export class UsersService implements OnModuleInit {
  private readonly logger = new Logger(UsersService.name);

  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    @InjectModel(DeletedAccount.name) private readonly deletedAccounts: Model<DeletedAccount>,
    @InjectConfig() private readonly config: AppConfig,
    private readonly credits: CreditsService,
    private readonly firebaseAuth: FirebaseAuthService,
    private readonly audit: AuditService,
    private readonly callers: CallerCache,
  ) {}

  /**
   * The unique index on userEmail must exist before the first create-or-sync relies on it. The
   * privileged records an address may have won are listed for the operator (not awaited: it asks
   * Firebase, which must not hold up the start).
   */
  async onModuleInit(): Promise<void> {
    await this.users.init();
    this.privilegedClaimsToReview().then(
      (claims) => {
        for (const claim of claims) {
          this.logger.warn(
            `Review: ${claim.email} (uid ${claim.uid}) holds ${claim.role} on a record made before ` +
              `its account (${claim.recordCreatedAt}), which nobody granted it since. Before ` +
              `roles came only from the operator, an address's first verified sign-in took such a ` +
              `record whole. Check the account ('npm run admin -w api -- show ${claim.uid}'); if ` +
              `it is not its address's owner, take the role back ('... revoke ${claim.uid}', or an ` +
              `admin sets the user's role); if it is, confirm it ('... grant ${claim.uid}', or an ` +
              `admin sets the role again).`,
          );
        }
      },
      (error: unknown) =>
        this.logger.error(
          `Could not list the privileged records to review: ${error instanceof Error ? error.message : String(error)}`,
        ),
    );
    // Records from when ADMIN_EMAILS granted Admin at a verified sign-in carried a pending grant;
    // that grant is gone (whoever registered the address first could win it), and so is the mark.
    await this.users.updateMany(
      { adminGrantPending: trusted({ $exists: true }) },
      { $unset: { adminGrantPending: 1 } },
      { timestamps: false, strict: false, strictQuery: false },
    );
  }

  async findByEmail(email: string): Promise<UserRecord | null> {
    const user = await this.users.findOne({ userEmail: email }).lean<UserData>();
    return user ? toUserRecord(user) : null;
  }

  /** Newest first, as the admin directory shows them. */
  async list(): Promise<UserRecord[]> {
    const users = await this.users.find().sort({ createdAt: -1, _id: -1 }).lean<UserData[]>();
    return users.map(toUserRecord);
  }

  /** What the admin directory selects: `q` matches name, e-mail or role, any case. */
  private adminSelection({ q, sort, dir }: z.output<typeof userListQuerySchema>) {
    const pattern = q ? containsText(q) : null;
    const filter = pattern
      ? { $or: [{ userName: pattern }, { userEmail: pattern }, { userRole: pattern }] }
      : {};
    const order = dir === 'asc' ? 1 : -1;
    return { filter, sort: { [sort]: order, _id: order } as const, searched: !!pattern };
  }

  /** One page of the admin directory. */
  async adminPage(query: z.output<typeof userListQuerySchema>) {
    const { page, pageSize } = query;
    const { filter, sort, searched } = this.adminSelection(query);
    const [users, total] = await Promise.all([
      this.users
        .find(filter)
        .sort(sort)
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<UserData[]>(),
      // Without a search the collection's count is enough (no scan of every document).
      searched ? this.users.countDocuments(filter) : this.users.estimatedDocumentCount(),
    ]);
    return { items: users.map(toUserRecord), total, page, pageSize };
  }

  /** Every user the directory selects, in its order, read as it is sent (the export). */
  async *adminRows(query: z.output<typeof userListQuerySchema>): AsyncIterable<UserRecord> {
    const { filter, sort } = this.adminSelection(query);
    for await (const user of this.users.find(filter).sort(sort).lean<UserData[]>().cursor()) {
      yield toUserRecord(user as UserData);
    }
  }

  async listAdmins(): Promise<AdminListEntry[]> {
    const admins = await this.users
      .find({ userRole: 'Admin' })
      .select({ userName: 1, userEmail: 1 })
      .sort({ createdAt: 1 })
      .lean<Pick<UserData, '_id' | 'userName' | 'userEmail'>[]>();
    return admins.map((admin) => ({
      _id: admin._id.toHexString(),
      userName: admin.userName,
      UserEmail: admin.userEmail,
      userEmail: admin.userEmail,
    }));
  }

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

  /**
   * Where mail for a user goes: their Firebase account's address when it is verified (the
   * account is where they sign in, and follows their changes of address), else the record's.
   * `fallback` when there is no record (a guest's contact-form ticket, an order whose record
   * was deleted).
   */
  async mailAddressOf(
    userId: Types.ObjectId | string | null | undefined,
    fallback: string,
  ): Promise<string> {
    if (!userId) return fallback;
    const user = await this.users
      .findById(userId)
      .select({ userEmail: 1, firebaseUid: 1 })
      .lean<Pick<UserData, 'userEmail' | 'firebaseUid'>>();
    if (!user) return fallback;
    if (!user.firebaseUid) return user.userEmail;
    try {
      const account = await this.firebaseAuth.auth.getUser(user.firebaseUid);
      return account.email && account.emailVerified ? account.email.toLowerCase() : user.userEmail;
    } catch {
      // Firebase cannot say now (or the account is gone): the record's address.
      return user.userEmail;
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

  /** A user's own profile fields; the record must be the caller's. */
  async updateOwnProfile(
    caller: { email: string; userId: string },
    id: string,
    { email, ...changes }: ProfileUpdateBody,
  ): Promise<UserRecord> {
    assertOwnEmail(email, caller.email);
    // The caller's own record, by its id: never whichever record holds their address.
    if (id !== caller.userId) {
      if (await this.users.exists({ _id: id })) {
        throw new ForbiddenException('You can only update your own profile');
      }
      throw new NotFoundException('User not found');
    }
    const updated = await this.users
      .findOneAndUpdate(
        { _id: id },
        { $set: changes },
        { returnDocument: 'after', runValidators: true },
      )
      .lean<UserData>();
    if (!updated) throw new NotFoundException('User not found');
    await this.callers.forget(id);
    return toUserRecord(updated);
  }

  /**
   * An admin's edit of a user. `UserEmail`, when given, must still be the user's address (checked
   * first, and by the update's filter). A new balance goes through the credit ledger first (409
   * when the balance is no longer the one the admin saw, and then nothing is saved); without
   * previousBalance (the spec's payload) the adjustment is from the balance read now.
   */
  async updateByAdmin(
    admin: AuthContext,
    id: string,
    { UserEmail, currentBalance, previousBalance, ...fields }: AdminUserUpdateBody,
  ): Promise<UserRecord> {
    const target = await this.users
      .findById(id)
      .select({ userEmail: 1, currentBalance: 1, userName: 1, userRole: 1, userMembership: 1 })
      .lean<
        Pick<UserData, 'userEmail' | 'currentBalance' | 'userName' | 'userRole' | 'userMembership'>
      >();
    if (!target) throw new NotFoundException('User not found');
    if (UserEmail !== undefined && UserEmail !== target.userEmail) {
      throw new ForbiddenException('A user’s e-mail address cannot be changed');
    }
    // Like deleting oneself: it would take the caller's own admin access away mid-session.
    if (
      fields.userRole !== undefined &&
      fields.userRole !== target.userRole &&
      // By record, not address: an address can change, and could once name another record.
      id === admin.user?._id
    ) {
      throw new BadRequestException({
        message: 'Validation failed',
        fieldErrors: { userRole: 'You cannot change your own role.' },
      });
    }
    if (currentBalance !== undefined) {
      if (!admin.user) throw new ForbiddenException('Admin access required');
      await this.credits.adjustByAdmin(
        id,
        { from: previousBalance ?? target.currentBalance ?? 0, to: currentBalance },
        { userId: admin.user._id, email: admin.email },
      );
    }
    const updated = await this.users
      .findOneAndUpdate(
        { _id: id, ...(UserEmail !== undefined ? { userEmail: UserEmail } : {}) },
        { $set: fields },
        { returnDocument: 'after', runValidators: true },
      )
      .lean<UserData>();
    if (updated) {
      await this.callers.forget(id);
      const fieldsOf = (user: typeof target) => ({
        userName: user.userName,
        userRole: user.userRole,
        userMembership: user.userMembership,
        currentBalance: user.currentBalance ?? 0,
      });
      await this.audit.record(admin, {
        action: 'user.update',
        target: { kind: 'user', id, label: target.userEmail },
        before: fieldsOf(target),
        after: fieldsOf(updated),
      });
      return toUserRecord(updated);
    }
    if (UserEmail !== undefined && (await this.users.exists({ _id: id }))) {
      throw new ForbiddenException('A user’s e-mail address cannot be changed');
    }
    throw new NotFoundException('User not found');
  }

  /**
   * An admin removing a user: the record goes, the address is remembered as deleted (so signing
   * in again cannot recreate it) and the Firebase account is disabled with its sessions revoked.
   * Removing oneself would lock the caller out mid-session.
   */
  async deleteByAdmin(caller: AuthContext, id: string): Promise<void> {
    const callerEmail = caller.email;
    const target = await this.users
      .findById(id)
      .select({ userEmail: 1, firebaseUid: 1, userName: 1, userRole: 1, currentBalance: 1 })
      .lean<
        Pick<
          UserData,
          '_id' | 'userEmail' | 'firebaseUid' | 'userName' | 'userRole' | 'currentBalance'
        >
      >();
    if (!target) throw new NotFoundException('User not found');
    if (target._id.toHexString() === caller.user?._id || target.firebaseUid === caller.uid) {
      throw new BadRequestException('You cannot delete your own account.');
    }
    // Remembered first: if anything below fails, the user is still kept out.
    await this.deletedAccounts.create({
      userEmail: target.userEmail,
      ...(target.firebaseUid ? { firebaseUid: target.firebaseUid } : {}),
      deletedAt: new Date(),
      deletedBy: callerEmail,
    });
    await this.firebaseAuth.disableAccount({ uid: target.firebaseUid, email: target.userEmail });
    await this.users.deleteOne({ _id: id });
    await this.callers.forget(id);
    await this.audit.record(caller, {
      action: 'user.delete',
      target: { kind: 'user', id, label: target.userEmail },
      before: {
        userName: target.userName,
        userEmail: target.userEmail,
        userRole: target.userRole,
        currentBalance: target.currentBalance ?? 0,
      },
    });
  }

  /** Keeps a copy of a message an admin sent, newest last; false when no such user exists. */
  async appendMessageLog(
    email: string,
    log: { subject: string; messageBody: string; sentAt: Date; sentBy: string },
  ): Promise<boolean> {
    const result = await this.users.updateOne(
      { userEmail: email },
      { $push: { messageLogs: { $each: [log], $slice: -MAX_MESSAGE_LOGS } } },
    );
    await this.callers.forgetEmail(email);
    return result.matchedCount > 0;
  }

  /** The buyer's credit balance, or null when they have no record. */
  async balanceOf(userId: string): Promise<number | null> {
    const user = await this.users
      .findById(userId)
      .select({ currentBalance: 1 })
      .lean<Pick<UserData, 'currentBalance'>>();
    return user ? (user.currentBalance ?? 0) : null;
  }

  /**
   * For the dev seed: creates the record if missing, never changes an existing one. Its starting
   * balance is the seed's to give, through the credit ledger.
   */
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

  /**
   * The record that has shown it owns an address, or null: one no account has claimed yet (made
   * for that address before accounts were bound), or one whose Firebase account has verified it.
   * What was left under an address (legacy orders and images) goes only to such a record, never
   * to one an unverified account made by typing the address.
   */
  async verifiedOwnerOfEmail(email: string): Promise<string | null> {
    const user = await this.users
      .findOne({ userEmail: email })
      .select({ firebaseUid: 1 })
      .lean<Pick<UserData, '_id' | 'firebaseUid'>>();
    if (!user) return null;
    if (user.firebaseUid) {
      const account = await this.firebaseAuth.auth.getUser(user.firebaseUid).catch(() => null);
      if (!account?.emailVerified || account.email?.toLowerCase() !== email) return null;
    }
    return user._id.toHexString();
  }

  /** The role of the record bound to an account, or null when it has none. */
  async roleOfAccount(uid: string): Promise<UserRole | null> {
    const user = await this.users.findOne({ firebaseUid: uid }).select({ userRole: 1 }).lean();
    return user ? (user.userRole as UserRole) : null;
  }

  async ensureSeeded(seed: {
    email: string;
    userName: string;
    userRole: UserRole;
    /** The demo account's uid on the Auth emulator now; without it the record stays unclaimed. */
    firebaseUid?: string;
  }): Promise<boolean> {
    const result = await this.users.updateOne(
      { userEmail: seed.email },
      {
        // The emulator forgets its accounts when it stops, and the seed makes them again with
        // new uids: the demo record follows, or its next sign-in would find it taken.
        ...(seed.firebaseUid ? { $set: { firebaseUid: seed.firebaseUid, boundBy: 'seed' } } : {}),
        $setOnInsert: withTimestamps({
          userEmail: seed.email,
          userName: seed.userName,
          userRole: seed.userRole,
        }),
      },
      { upsert: true, setDefaultsOnInsert: true, timestamps: false },
    );
    if (result.modifiedCount > 0) await this.callers.forgetEmail(seed.email);
    return result.upsertedCount > 0;
  }
}

/**
 * The spec's payloads carry the caller's address; the token is what counts, so a different one
 * is refused rather than obeyed or ignored.
 */
function assertOwnEmail(sent: string | undefined, callerEmail: string): void {
  if (sent !== undefined && sent !== callerEmail) {
    throw new ForbiddenException('The e-mail address must be the one you are signed in with');
  }
}

/** The roles an address alone never gives. */
const PRIVILEGED_ROLES: UserRole[] = ['Admin', 'Seller'];

/** Matches a record no Firebase account has claimed (an operator: see sanitizeFilter). */
const unbound = () => trusted({ $exists: false });

/** For insert-only upserts, which run with Mongoose's timestamps off. */
function withTimestamps<T extends object>(fields: T): T & { createdAt: Date; updatedAt: Date } {
  const now = new Date();
  return { ...fields, createdAt: now, updatedAt: now };
}

function isDuplicateKeyError(error: unknown): boolean {
  return error instanceof mongo.MongoServerError && error.code === 11000;
}

/** The API's shape of a user: every field present, ids and dates as strings, nothing else. */
function toUserRecord(user: UserData): UserRecord {
  return {
    _id: user._id.toHexString(),
    userName: user.userName,
    userEmail: user.userEmail,
    profileURL: user.profileURL ?? null,
    userRole: user.userRole,
    userMembership: user.userMembership ?? 'free',
    currentBalance: user.currentBalance ?? 0,
    aboutMe: user.aboutMe ?? '',
    address: user.address ?? '',
    city: user.city ?? '',
    country: user.country ?? '',
    phone: user.phone ?? '',
    messageLogs: (user.messageLogs ?? []).map((log) => ({
      subject: log.subject,
      messageBody: log.messageBody,
      sentAt: log.sentAt.toISOString(),
      sentBy: log.sentBy,
    })),
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
