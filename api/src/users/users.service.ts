import {
  BadRequestException,
  ForbiddenException,
  Injectable,
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
} from '@coldmail/contracts';
import { Model, mongo } from 'mongoose';
import type { AuthContext } from '../auth/auth-context';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import { CreditsService } from '../credits/credits.service';
import { User, UserData } from './schemas/user.schema';

/** Messages kept per user; older ones are dropped so a record cannot grow without bound. */
const MAX_MESSAGE_LOGS = 200;

export interface SignedInIdentity {
  email: string;
  /** The display name from the token, if any. */
  name: string | null;
}

/**
 * The users domain's rules; the only code that touches the users collection, except its credit
 * fields (currentBalance and the ledger's own), which only the credit ledger writes.
 */
@Injectable()
export class UsersService implements OnModuleInit {
  constructor(
    @InjectModel(User.name) private readonly users: Model<User>,
    @InjectConfig() private readonly config: AppConfig,
    private readonly credits: CreditsService,
  ) {}

  /** The unique index on userEmail must exist before the first create-or-sync relies on it. */
  async onModuleInit(): Promise<void> {
    await this.users.init();
  }

  async findByEmail(email: string): Promise<UserRecord | null> {
    const user = await this.users.findOne({ userEmail: email }).lean<UserData>();
    return user ? toUserRecord(user) : null;
  }

  /** Newest first, as the admin directory shows them. */
  async list(): Promise<UserRecord[]> {
    const users = await this.users.find().sort({ createdAt: -1 }).lean<UserData[]>();
    return users.map(toUserRecord);
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
   * Called after every sign-in and registration. Creates the caller's record the first time and
   * otherwise returns it unchanged (name and photo are edited on the profile page, not
   * overwritten by each sign-in). Addresses listed in ADMIN_EMAILS start as Admin.
   */
  async createOrSync(identity: SignedInIdentity, body: CreateUserBody): Promise<UserRecord> {
    assertOwnEmail(body.userEmail, identity.email);
    const role: UserRole = this.config.adminEmails.has(identity.email) ? 'Admin' : 'member';
    const onInsert = {
      userEmail: identity.email,
      userName: body.userName ?? identity.name ?? identity.email.split('@')[0] ?? identity.email,
      profileURL: body.profileURL ?? null,
      userRole: role,
    };
    const upsert = () =>
      this.users
        .findOneAndUpdate(
          { userEmail: identity.email },
          { $setOnInsert: withTimestamps(onInsert) },
          // Mongoose's timestamps would bump updatedAt on every sign-in; this only inserts.
          { upsert: true, returnDocument: 'after', setDefaultsOnInsert: true, timestamps: false },
        )
        .lean<UserData>();
    let user: UserData | null;
    try {
      user = await upsert();
    } catch (error) {
      // Two first calls raced: the unique index let one insert win; the other now finds it.
      if (!isDuplicateKeyError(error)) throw error;
      user = await upsert();
    }
    if (!user) throw new Error(`Upsert returned no document for ${identity.email}`);
    return toUserRecord(user);
  }

  /** A user's own profile fields; the record must belong to the caller. */
  async updateOwnProfile(
    callerEmail: string,
    id: string,
    { email, ...changes }: ProfileUpdateBody,
  ): Promise<UserRecord> {
    assertOwnEmail(email, callerEmail);
    const updated = await this.users
      .findOneAndUpdate(
        { _id: id, userEmail: callerEmail },
        { $set: changes },
        { returnDocument: 'after', runValidators: true },
      )
      .lean<UserData>();
    if (updated) return toUserRecord(updated);
    if (await this.users.exists({ _id: id })) {
      throw new ForbiddenException('You can only update your own profile');
    }
    throw new NotFoundException('User not found');
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
      .select({ userEmail: 1, currentBalance: 1 })
      .lean<Pick<UserData, 'userEmail' | 'currentBalance'>>();
    if (!target) throw new NotFoundException('User not found');
    if (UserEmail !== undefined && UserEmail !== target.userEmail) {
      throw new ForbiddenException('A user’s e-mail address cannot be changed');
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
    if (updated) return toUserRecord(updated);
    if (UserEmail !== undefined && (await this.users.exists({ _id: id }))) {
      throw new ForbiddenException('A user’s e-mail address cannot be changed');
    }
    throw new NotFoundException('User not found');
  }

  /** An admin removing a user; removing oneself would lock the caller out mid-session. */
  async deleteByAdmin(callerEmail: string, id: string): Promise<void> {
    const target = await this.users.findById(id).select({ userEmail: 1 }).lean<UserData>();
    if (!target) throw new NotFoundException('User not found');
    if (target.userEmail === callerEmail) {
      throw new BadRequestException('You cannot delete your own account.');
    }
    await this.users.deleteOne({ _id: id });
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
    return result.matchedCount > 0;
  }

  /** The buyer's credit balance, or null when they have no record. */
  async balanceOf(email: string): Promise<number | null> {
    const user = await this.users
      .findOne({ userEmail: email })
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
  }): Promise<boolean> {
    const result = await this.users.updateOne(
      { userEmail: seed.email },
      {
        $setOnInsert: withTimestamps({
          userEmail: seed.email,
          userName: seed.userName,
          userRole: seed.userRole,
        }),
      },
      { upsert: true, setDefaultsOnInsert: true, timestamps: false },
    );
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

/** For insert-only upserts, which run with Mongoose's timestamps off. */
function withTimestamps<T extends object>(fields: T): T & { createdAt: Date; updatedAt: Date } {
  const now = new Date();
  return { ...fields, createdAt: now, updatedAt: now };
}

function isDuplicateKeyError(error: unknown): boolean {
  return error instanceof mongo.MongoServerError && error.code === 11000;
}

/** The API's shape of a user: every field present, ids and dates as strings, nothing else. */
export function toUserRecord(user: UserData): UserRecord {
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
