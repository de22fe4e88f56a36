import {
  ConflictException,
  ForbiddenException,
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
  NotFoundException,
  OnApplicationBootstrap,
} from '@nestjs/common';
import {
  GENERATION_CREDITS,
  type CreditHistory,
  type CreditHistoryEntry,
  type CreditHistoryQuery,
} from '@coldmail/contracts';
import { Types } from 'mongoose';
import type { AuthContext } from '../auth/auth-context';
import { CreditLedger, type LedgerOutcome } from './credit-ledger';
import { toHistoryEntry } from './credit-history';

/** A change that is in the balance. */
export interface AppliedCredit {
  entryId: string;
  delta: number;
  balanceAfter: number;
  /** What a debit asked for but the balance could not cover (never below zero). */
  shortfall: number;
  /** True when an earlier call made this change; this call changed nothing. */
  alreadyApplied: boolean;
}

/** Who edits a balance by hand. */
export interface Adjuster {
  userId: string;
  email: string;
}

function appliedCredit(outcome: Extract<LedgerOutcome, { kind: 'applied' }>): AppliedCredit {
  return {
    entryId: outcome.entry._id.toHexString(),
    delta: outcome.entry.delta,
    balanceAfter: outcome.entry.balanceAfter,
    shortfall: outcome.entry.shortfall ?? 0,
    alreadyApplied: outcome.alreadyApplied,
  };
}

/** A credit can only be refused if the ledger is broken; nothing to tell a client. */
function credited(outcome: LedgerOutcome): AppliedCredit | null {
  if (outcome.kind === 'no-user') return null;
  if (outcome.kind === 'refused') throw new Error('The ledger refused a credit');
  return appliedCredit(outcome);
}

/**
 * Credits: what the product does with balances (buy, spend on a generation, refund it, reverse a
 * payment, set by hand) and the history. Every balance change goes through the CreditLedger.
 */
@Injectable()
export class CreditsService implements OnApplicationBootstrap {
  private readonly logger = new Logger(CreditsService.name);

  constructor(private readonly ledger: CreditLedger) {}

  /** At start-up, the changes a stopped process left half done (the recovery sweep repeats it). */
  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.recover();
    } catch (error) {
      this.logger.error(error instanceof Error ? error : String(error));
    }
  }

  /**
   * Finishes credit changes left half done: all of them, or (from the periodic sweep) those
   * started before `startedBefore`, so calls under way finish their own.
   */
  async recover(startedBefore?: Date): Promise<void> {
    const finished = await this.ledger.recover(startedBefore);
    if (finished > 0) this.logger.warn(`Finished ${finished} pending credit change(s)`);
  }

  /** Generation debits made in [from, to) whose credit was not given back (oldest first). */
  unrefundedGenerationDebits(
    from: Date,
    to: Date,
    limit: number,
  ): Promise<{ userId: string; reference: string }[]> {
    return this.ledger.entryHistory.appliedWithoutUndo(
      'generation',
      'generation-refund',
      from,
      to,
      limit,
    );
  }

  /** A paid package order's credits, once per order; null when the buyer has no record. */
  async creditPurchase(
    buyerId: string,
    orderId: string,
    credits: number,
  ): Promise<AppliedCredit | null> {
    return credited(
      await this.ledger.apply({
        user: { userId: buyerId },
        reason: 'purchase',
        reference: orderId,
        requestedDelta: credits,
      }),
    );
  }

  /**
   * Takes a generation's cost, once per generation id, before generating. 402 when the balance
   * does not cover it (nothing changes), 404 when the user has no record.
   */
  async debitGeneration(
    userId: string,
    generationId: string,
    cost = GENERATION_CREDITS,
  ): Promise<AppliedCredit> {
    return this.generationDebitOf(
      await this.ledger.apply({
        user: { userId },
        reason: 'generation',
        reference: generationId,
        requestedDelta: -cost,
      }),
      cost,
    );
  }

  /**
   * debitGeneration for a generation id made up just now (never seen by the ledger, so never
   * repeated), with the model to wait for: the debit is decided in one write and the answer
   * given then, while the ledger records the entry in `settled` (never rejects). Await it before
   * answering the client, so their history already shows the debit.
   */
  async startGenerationDebit(
    userId: string,
    generationId: string,
    cost = GENERATION_CREDITS,
  ): Promise<AppliedCredit & { settled: Promise<void> }> {
    const { outcome, settled } = await this.ledger.debitNew({
      userId,
      reason: 'generation',
      reference: generationId,
      cost,
    });
    return { ...this.generationDebitOf(outcome, cost), settled };
  }

  /** A generation's debit as callers see it: 402 when refused, 404 without a user record. */
  private generationDebitOf(outcome: LedgerOutcome, cost: number): AppliedCredit {
    if (outcome.kind === 'no-user') throw new NotFoundException('User data not found');
    if (outcome.kind === 'refused') {
      throw new HttpException(
        `Insufficient credits. You need at least ${cost} credit${cost === 1 ? '' : 's'} to generate an email template.`,
        HttpStatus.PAYMENT_REQUIRED,
      );
    }
    return appliedCredit(outcome);
  }

  /**
   * Gives back what a generation's debit took, once, after the generation failed. Null when
   * nothing was debited for that generation id by this user.
   */
  async refundGeneration(userId: string, generationId: string): Promise<AppliedCredit | null> {
    const debit = await this.ledger.appliedEntry('generation', generationId);
    if (!debit || !debit.userId.equals(userId)) return null;
    return credited(
      await this.ledger.apply({
        user: { userId },
        reason: 'generation-refund',
        reference: generationId,
        requestedDelta: -debit.delta,
      }),
    );
  }

  /**
   * Takes back a refunded or reversed payment's credits, once per reference (the refund or the
   * order). Never below zero: what the balance cannot cover is the entry's shortfall. Null when
   * the buyer has no record.
   */
  async reversePayment(
    buyerId: string,
    reference: string,
    credits: number,
  ): Promise<AppliedCredit | null> {
    return credited(
      await this.ledger.apply({
        user: { userId: buyerId },
        reason: 'payment-reversal',
        reference,
        requestedDelta: -credits,
      }),
    );
  }

  /**
   * An admin setting a balance from `from`, the value their screen showed, to `to`. 409 when the
   * balance is no longer `from`, 404 when the user does not exist; null when there is nothing to
   * change. Each edit is its own change (its reference is the admin's id and a fresh nonce).
   */
  async adjustByAdmin(
    userId: string,
    { from, to }: { from: number; to: number },
    admin: Adjuster,
  ): Promise<AppliedCredit | null> {
    if (from === to) return null;
    const outcome = await this.ledger.apply({
      user: { userId },
      reason: 'admin-adjustment',
      reference: `${admin.userId}:${new Types.ObjectId().toHexString()}`,
      requestedDelta: to - from,
      adjustment: {
        byUserId: new Types.ObjectId(admin.userId),
        byEmail: admin.email,
        oldBalance: from,
        newBalance: to,
      },
    });
    if (outcome.kind === 'no-user') throw new NotFoundException('User not found');
    if (outcome.kind === 'refused') {
      throw new ConflictException(
        `The balance changed to ${outcome.balance} meanwhile, so nothing was saved. Reload and try again.`,
      );
    }
    return appliedCredit(outcome);
  }

  /**
   * The demo seed's starting balance: an adjustment from 0 by nobody (the seed), referenced by
   * the account's address so that seeding at every start-up gives it once. 'conflict' when the
   * balance is not 0 any more (a database from before the ledger).
   */
  async seedDemoBalance(
    userEmail: string,
    credits: number,
  ): Promise<'applied' | 'already-applied' | 'conflict'> {
    const outcome = await this.ledger.apply({
      user: { userEmail },
      reason: 'admin-adjustment',
      reference: `seed:${userEmail}`,
      requestedDelta: credits,
      adjustment: { byUserId: null, byEmail: null, oldBalance: 0, newBalance: credits },
    });
    if (outcome.kind === 'no-user') throw new Error(`No user record for ${userEmail}`);
    if (outcome.kind === 'refused') return 'conflict';
    return outcome.alreadyApplied ? 'already-applied' : 'applied';
  }

  /**
   * A user deleted their account: their ledger entries are kept (an applied entry is never
   * removed), with `placeholder` for the address each one recorded.
   */
  forgetAddress(userId: string, placeholder: string): Promise<void> {
    return this.ledger.entryHistory.replaceAddress(userId, placeholder);
  }

  /** Whose history the caller reads: their own, or (admins) anyone's; null without a record. */
  private historyOwner(caller: AuthContext, query: CreditHistoryQuery) {
    const isAdmin = caller.user?.userRole === 'Admin';
    const ownId = caller.user?._id ?? null;
    // Ids are hex: the same user in capitals is still the same user.
    const requested = query.userId?.toLowerCase();
    if (requested !== undefined && requested !== ownId && !isAdmin) {
      throw new ForbiddenException('You can only read your own credit history');
    }
    return { userId: requested ?? ownId, isAdmin };
  }

  /**
   * Every entry of the history, latest first, read as it is sent (the export). Who may read it
   * is decided now, before anything is sent (a 403 is an ordinary answer).
   */
  historyRows(caller: AuthContext, query: CreditHistoryQuery): AsyncIterable<CreditHistoryEntry> {
    const { userId, isAdmin } = this.historyOwner(caller, query);
    const ledger = this.ledger;
    return (async function* () {
      if (!userId) return;
      for await (const entry of ledger.entryHistory.historyRows(userId))
        yield toHistoryEntry(entry, isAdmin);
    })();
  }

  /**
   * A credit history, newest first: the caller's own, or, for admins, anyone's. Who may read it
   * comes from the caller's record, whatever the query says.
   */
  async history(caller: AuthContext, query: CreditHistoryQuery): Promise<CreditHistory> {
    const { userId, isAdmin } = this.historyOwner(caller, query);
    const { page, pageSize } = query;
    if (!userId) return { entries: [], page, pageSize, total: 0 };
    const { entries, total } = await this.ledger.entryHistory.history(userId, page, pageSize);
    return {
      entries: entries.map((entry) => toHistoryEntry(entry, isAdmin)),
      page,
      pageSize,
      total,
    };
  }
}
