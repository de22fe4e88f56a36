import { BadRequestException, ForbiddenException, NotFoundException } from '@nestjs/common';
import type { AdminUserUpdateBody, UserRecord } from '@coldmail/contracts';
import type { Model } from 'mongoose';
import type { AuditService } from '../audit/audit.service';
import type { AuthContext } from '../auth/auth-context';
import type { CallerCache } from '../auth/caller-cache';
import type { FirebaseAuthService } from '../auth/firebase-auth.service';
import type { CreditsService } from '../credits/credits.service';
import type { DeletedAccount } from './schemas/deleted-account.schema';
import type { User, UserData } from './schemas/user.schema';
import { toUserRecord } from './user-records';

/** An admin's changes to other users' records: edits (a balance through the ledger), deletes. */
export class AdminUserEdits {
  constructor(
    private readonly users: Model<User>,
    private readonly deletedAccounts: Model<DeletedAccount>,
    private readonly credits: CreditsService,
    private readonly firebaseAuth: FirebaseAuthService,
    private readonly audit: AuditService,
    private readonly callers: CallerCache,
  ) {}

  /**
   * An admin's edit of a user. `UserEmail`, when given, must still be the user's address (checked
   * first, and by the update's filter); so must `userEmail`, the address of a record sent back
   * whole (400 otherwise: the client sent another user's record). A new balance goes through the credit ledger first (409
   * when the balance is no longer the one the admin saw, and then nothing is saved); without
   * previousBalance (the spec's payload) the adjustment is from the balance read now.
   */
  async updateByAdmin(
    admin: AuthContext,
    id: string,
    { UserEmail, userEmail, currentBalance, previousBalance, ...fields }: AdminUserUpdateBody,
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
    if (userEmail !== undefined && userEmail !== target.userEmail) {
      throw new BadRequestException({
        message: 'Validation failed',
        fieldErrors: { userEmail: 'A user’s e-mail address cannot be changed' },
      });
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
}
