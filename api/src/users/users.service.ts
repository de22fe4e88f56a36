import { CallerCache } from '../auth/caller-cache';
import {
  ForbiddenException,
  Injectable,
  Logger,
  NotFoundException,
  OnModuleInit,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { CreateUserBody, ProfileUpdateBody, UserRecord, UserRole } from '@coldmail/contracts';
import { Model, trusted } from 'mongoose';
import { AuditService } from '../audit/audit.service';
import { FirebaseAuthService } from '../auth/firebase-auth.service';
import { CreditsService } from '../credits/credits.service';
import { TrialCredits } from '../credits/trial-credits';
import { AccountBinding, type SignedInIdentity } from './account-binding';
import { AdminUserEdits } from './admin-user-edits';
import { PrivilegedRecords } from './privileged-records';
import { SelfDeletions } from './self-deletions';
import { DeletedAccount } from './schemas/deleted-account.schema';
import { User, UserData } from './schemas/user.schema';
import { UserAddresses } from './user-addresses';
import { UserDirectory } from './user-directory';
import { assertOwnEmail, toUserRecord, withTimestamps } from './user-records';

/** Messages kept per user; older ones are dropped so a record cannot grow without bound. */
const MAX_MESSAGE_LOGS = 200;

/**
 * The users domain's rules; the only code that touches the users collection (itself and the parts
 * composed into it below), except its credit fields (currentBalance and the ledger's own), which
 * only the credit ledger writes.
 */
@Injectable()
export class UsersService implements OnModuleInit {
  private readonly logger = new Logger(UsersService.name);

  /** The admin directory of users (user-directory.ts). */
  readonly directory: UserDirectory;
  /** Where a user's mail goes, and who owns an address (user-addresses.ts). */
  readonly addresses: UserAddresses;
  /** Which record a signed-in account reaches, and its binding (account-binding.ts). */
  readonly accounts: AccountBinding;
  /** Admin and Seller records (privileged-records.ts). */
  readonly privileged: PrivilegedRecords;
  /** An admin's edits and deletes of other users (admin-user-edits.ts). */
  readonly adminEdits: AdminUserEdits;
  /** Accounts their owners delete (self-deletions.ts). */
  readonly selfDeletions: SelfDeletions;

  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    @InjectModel(DeletedAccount.name) deletedAccounts: Model<DeletedAccount>,
    credits: CreditsService,
    firebaseAuth: FirebaseAuthService,
    audit: AuditService,
    private readonly callers: CallerCache,
    private readonly trials: TrialCredits,
  ) {
    this.directory = new UserDirectory(users);
    this.addresses = new UserAddresses(users, firebaseAuth);
    this.accounts = new AccountBinding(users, deletedAccounts, audit, callers);
    this.privileged = new PrivilegedRecords(users, firebaseAuth, audit, callers);
    this.adminEdits = new AdminUserEdits(
      users,
      deletedAccounts,
      credits,
      firebaseAuth,
      audit,
      callers,
    );
    this.selfDeletions = new SelfDeletions(users, deletedAccounts, callers);
  }

  /**
   * After every sign-in and registration: the caller's record, created the first time (see
   * AccountBinding.createOrSync), with the trial credits added when this is the first sign-in
   * since the address was verified.
   */
  async signedIn(
    identity: SignedInIdentity,
    body: CreateUserBody,
    clientAddress: string | undefined,
  ): Promise<UserRecord> {
    const record = await this.accounts.createOrSync(identity, body);
    return this.trials.grantOnce({
      record,
      email: identity.email,
      emailVerified: identity.emailVerified,
      clientAddress,
    });
  }

  /**
   * The unique index on userEmail must exist before the first create-or-sync relies on it. The
   * privileged records an address may have won are listed for the operator (not awaited: it asks
   * Firebase, which must not hold up the start).
   */
  async onModuleInit(): Promise<void> {
    await this.users.init();
    this.privileged.privilegedClaimsToReview().then(
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
