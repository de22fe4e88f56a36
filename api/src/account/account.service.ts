import {
  BadRequestException,
  ConflictException,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import {
  ACCOUNT_DELETE_CONFIRMATION,
  creditHistoryQuerySchema,
  type AccountDeleteBody,
  type AccountExport,
  type CreditHistoryEntry,
  type UploadedImage,
} from '@coldmail/contracts';
import { AuditService } from '../audit/audit.service';
import { NO_USER_RECORD, type AuthContext } from '../auth/auth-context';
import { FirebaseAuthService } from '../auth/firebase-auth.service';
import { CreditsService } from '../credits/credits.service';
import { GeneratorService } from '../generator/generator.service';
import { toItemOrderRecord, toPackageOrderRecord } from '../orders/order-records';
import { OrdersService } from '../orders/orders.service';
import { SupportService } from '../support/support.service';
import { UploadsService } from '../uploads/uploads.service';
import type { SelfDeletion } from '../users/self-deletions';
import { UsersService } from '../users/users.service';

/** Told an admin who asks to delete their own account (409; nothing changes). */
export const ADMIN_CANNOT_DELETE_ITSELF =
  'An admin account cannot delete itself. Another admin must first make it a member account.';

/**
 * The address a deleted user's kept records (orders, credit ledger, audit log) show instead of
 * theirs: one per user, so an accountant can still tell which orders were one buyer's.
 */
export const deletedAddressOf = (userId: string) => `deleted-${userId}@deleted.invalid`;

/**
 * The caller's own account: the export of what the store keeps of them, read through each
 * module's own service, and its deletion by its owner.
 *
 * A deletion is remembered first (UsersService.selfDeletions), then carried out in steps that
 * can each be repeated: the Firebase account is disabled (no new sign-in, sessions revoked), the
 * user record goes (from then on the account's remaining ID tokens are refused everywhere), then
 * what hangs on it, and the Firebase account last (only then may the address register again).
 * A failure midway leaves either the whole account or none usable, and the recovery sweep
 * finishes what was begun (finishDeletions).
 */
@Injectable()
export class AccountService {
  private readonly logger = new Logger(AccountService.name);

  constructor(
    private readonly users: UsersService,
    private readonly orders: OrdersService,
    private readonly credits: CreditsService,
    private readonly generator: GeneratorService,
    private readonly support: SupportService,
    private readonly uploads: UploadsService,
    private readonly firebaseAuth: FirebaseAuthService,
    private readonly audit: AuditService,
  ) {}

  /** Everything the store keeps of the caller; `imageUrl` gives an upload's link. */
  async export(caller: AuthContext, imageUrl: (id: string) => string): Promise<AccountExport> {
    const profile = caller.user;
    if (!profile) throw new NotFoundException(NO_USER_RECORD);
    const [packageOrders, itemOrders, creditHistory, generations, supportTickets, uploads] =
      await Promise.all([
        // By the caller's own address: their own orders, found by their record.
        this.orders.listFor('package', caller, caller.email),
        this.orders.listFor('item', caller, caller.email),
        this.creditHistoryOf(caller),
        this.generator.records.allOf(profile._id),
        this.support.ownTickets(caller),
        this.uploads.listOwn(profile._id),
      ]);
    return {
      exportedAt: new Date().toISOString(),
      profile,
      packageOrders: packageOrders.map(toPackageOrderRecord),
      itemOrders: itemOrders.map((order) => toItemOrderRecord(order, caller)),
      creditHistory,
      generations,
      supportTickets,
      uploads: uploads.files.map((file): UploadedImage => ({
        id: file.id,
        url: imageUrl(file.id),
        contentType: file.contentType,
        size: file.size,
        uploadedAt: file.uploadedAt.toISOString(),
      })),
    };
  }

  private async creditHistoryOf(caller: AuthContext): Promise<CreditHistoryEntry[]> {
    const entries: CreditHistoryEntry[] = [];
    // The whole history: no page, no other user (the query names nobody).
    for await (const entry of this.credits.historyRows(caller, creditHistoryQuerySchema.parse({})))
      entries.push(entry);
    return entries;
  }

  /**
   * The caller deletes their own account, once they typed its address again (400 otherwise). An
   * admin may not (409): the store must never lose its last admin to a click, and another admin
   * can make the account a member's first. The admin audit log shows it under the placeholder
   * address, not the deleted one.
   */
  async deleteOwn(caller: AuthContext, { userEmail }: AccountDeleteBody): Promise<void> {
    const user = caller.user;
    if (!user) throw new NotFoundException(NO_USER_RECORD);
    if (user.userRole === 'Admin') throw new ConflictException(ADMIN_CANNOT_DELETE_ITSELF);
    if (userEmail !== caller.email) {
      throw new BadRequestException({
        statusCode: 400,
        message: 'Validation failed',
        fieldErrors: { userEmail: ACCOUNT_DELETE_CONFIRMATION },
      });
    }
    const deletion = { uid: caller.uid, userId: user._id };
    // While the address is still known: what was sent under it signed out goes with the account.
    if (caller.emailVerified) await this.support.adoptContactTickets(user._id, caller.email);
    if (await this.users.selfDeletions.begin(deletion)) {
      const placeholder = deletedAddressOf(user._id);
      await this.audit.record(
        { ...caller, email: placeholder },
        {
          action: 'account.delete',
          target: { kind: 'user', id: user._id, label: placeholder },
          before: {
            userRole: user.userRole,
            userMembership: user.userMembership,
            currentBalance: user.currentBalance,
          },
        },
      );
    }
    await this.carryOut(deletion);
  }

  /**
   * For the recovery sweep: finishes the deletions begun before `before` that a failure left
   * unfinished. Answers how many it finished; one that fails again is logged and left for the
   * next sweep.
   */
  async finishDeletions(before: Date): Promise<number> {
    let finished = 0;
    for (const deletion of await this.users.selfDeletions.unfinished(before)) {
      try {
        await this.carryOut(deletion);
        finished += 1;
      } catch (error) {
        this.logger.error(
          `Could not finish deleting user ${deletion.userId}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return finished;
  }

  /** The deletion's steps, in this order; each may run again after a failure. */
  private async carryOut({ uid, userId }: SelfDeletion): Promise<void> {
    const placeholder = deletedAddressOf(userId);
    await this.firebaseAuth.disableAccount({ uid, email: placeholder });
    await this.users.selfDeletions.removeRecord(userId);
    // Accounting keeps the orders, and the ledger's entries that paid ones made.
    await this.orders.forgetBuyerAddress(userId, placeholder);
    await this.credits.forgetAddress(userId, placeholder);
    await this.uploads.removeAllOf(userId);
    await this.generator.records.removeAllOf(userId);
    await this.support.removeAllOf(userId);
    await this.firebaseAuth.deleteAccount(uid);
    await this.users.selfDeletions.finish(uid);
  }
}
