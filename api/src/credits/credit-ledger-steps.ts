import type { Logger } from '@nestjs/common';
import type { CreditReason } from '@coldmail/contracts';
import type { Model } from 'mongoose';
import { mongo, Types } from 'mongoose';
import type { CallerCache } from '../auth/caller-cache';
import type { PendingCreditChange, User } from '../users/schemas/user.schema';
import type { CreditChange, LedgerOutcome } from './credit-ledger';
import { holdIn, holdPath } from './credit-holds';
import type {
  AppliedCreditEntry,
  CreditEntry,
  CreditEntryData,
} from './schemas/credit-entry.schema';

type Attempt = LedgerOutcome | { kind: 'abandoned' };

/** Debits and adjustments can be refused by their rule; credits and reversals never are. */
const refusable = (reason: CreditReason) =>
  reason === 'generation' || reason === 'admin-adjustment';

const balance = { $ifNull: ['$currentBalance', 0] };

/**
 * The change an entry makes, as an expression on the user's record at the moment it is decided;
 * null refuses it.
 */
function deltaExpression(entry: CreditEntryData): unknown {
  switch (entry.reason) {
    case 'purchase':
    case 'generation-refund':
    case 'trial':
      return { $literal: entry.requestedDelta };
    case 'generation':
      // A debit never takes the balance below zero.
      return { $cond: [{ $gte: [balance, -entry.requestedDelta] }, entry.requestedDelta, null] };
    case 'admin-adjustment': {
      if (!entry.adjustment) throw new Error(`Adjustment ${entry.reference} has no old balance`);
      return {
        $cond: [{ $eq: [balance, entry.adjustment.oldBalance] }, entry.requestedDelta, null],
      };
    }
    case 'payment-reversal':
      // Takes what there is, and never from a balance at or below zero; the rest is a shortfall.
      return { $subtract: [0, { $max: [0, { $min: [balance, -entry.requestedDelta] }] }] };
  }
  // A reason added without its rule would otherwise be refused without a word.
  const unknownReason: never = entry.reason;
  throw new Error(`No rule for credit reason ${String(unknownReason)}`);
}

function isDuplicateKeyError(error: unknown): boolean {
  return error instanceof mongo.MongoServerError && error.code === 11000;
}

function asApplied(entry: CreditEntryData | null): AppliedCreditEntry {
  if (entry?.status !== 'applied') {
    throw new Error(`Credit entry ${entry?._id.toHexString() ?? '?'} is not applied`);
  }
  return entry as AppliedCreditEntry;
}

/**
 * The steps of a change as CreditLedger describes them: 1 and 2 for a new change (`attempt`),
 * 3 to 5 for an entry from wherever it stopped (`finish`).
 */
export class CreditLedgerSteps {
  constructor(
    private readonly entries: Model<CreditEntry>,
    private readonly users: Model<User>,
    private readonly callers: CallerCache,
    private readonly logger: Logger,
  ) {}

  /** Steps 1 and 2 for a new change, or the existing entry's outcome. */
  async attempt(change: CreditChange): Promise<Attempt> {
    const { reason, reference } = change;
    const existing = await this.entries.findOne({ reason, reference }).lean<CreditEntryData>();
    if (existing) return this.finish(existing, true);

    const id = new Types.ObjectId();
    const now = new Date();
    const userFilter =
      'userId' in change.user
        ? { _id: new Types.ObjectId(change.user.userId) }
        : { userEmail: change.user.userEmail };
    const user = await this.users.collection.findOneAndUpdate(
      userFilter,
      { $set: { [holdPath(id)]: { heldAt: now } } },
      { projection: { userEmail: 1 } },
    );
    if (!user) return { kind: 'no-user' };

    const entry: CreditEntryData = {
      _id: id,
      userId: user._id as Types.ObjectId,
      userEmail: user.userEmail as string,
      reason,
      reference,
      requestedDelta: change.requestedDelta,
      status: 'pending',
      ...(change.adjustment ? { adjustment: change.adjustment } : {}),
      createdAt: now,
    };
    try {
      await this.entries.create(entry);
    } catch (error) {
      await this.release(entry);
      if (!isDuplicateKeyError(error)) throw error;
      // The same change, made concurrently by another call: its outcome is this one's.
      const first = await this.entries.findOne({ reason, reference }).lean<CreditEntryData>();
      return first ? this.finish(first, true) : this.gone(change.reason, entry.userId);
    }
    return this.finish(entry, false);
  }

  /**
   * Steps 3 to 5 for an entry, from wherever it stopped.
   */
  async finish(entry: CreditEntryData, alreadyExisted: boolean): Promise<Attempt> {
    if (entry.status === 'applied') {
      return { kind: 'applied', entry: asApplied(entry), alreadyApplied: true };
    }
    const hold = (await this.decide(entry)) ?? (await this.readHold(entry));
    if (!hold?.outcome) {
      // The hold is gone, so the entry is final by now, or nothing can ever apply it (its user
      // was deleted, or start-up recovery took the hold for an orphan).
      const current = await this.entries.findById(entry._id).lean<CreditEntryData>();
      if (current?.status === 'applied') {
        return { kind: 'applied', entry: asApplied(current), alreadyApplied: true };
      }
      if (current) {
        await this.entries.deleteOne({ _id: entry._id, status: 'pending' });
        this.logger.warn(`Credit entry ${entry._id.toHexString()} had no hold: not applied`);
      }
      return this.gone(entry.reason, entry.userId);
    }

    if (hold.outcome === 'refused') {
      await this.entries.deleteOne({ _id: entry._id, status: 'pending' });
      await this.release(entry);
      return { kind: 'refused', balance: hold.balanceAfter ?? 0 };
    }

    const delta = hold.delta ?? 0;
    const figures = {
      status: 'applied' as const,
      delta,
      balanceAfter: hold.balanceAfter as number,
      sequence: hold.sequence as number,
      appliedAt: hold.decidedAt as Date,
      ...(delta > entry.requestedDelta ? { shortfall: delta - entry.requestedDelta } : {}),
    };
    const record = () =>
      this.entries
        .findOneAndUpdate(
          { _id: entry._id, status: 'pending' },
          { $set: figures },
          { returnDocument: 'after' },
        )
        .lean<CreditEntryData>();
    const recorded =
      (await record()) ??
      // Another caller recorded it first.
      (await this.entries.findById(entry._id).lean<CreditEntryData>());
    await this.release(entry);
    return { kind: 'applied', entry: asApplied(recorded), alreadyApplied: alreadyExisted };
  }

  /**
   * Step 3: one atomic update of the user that needs the entry's undecided hold. Answers the
   * decided hold, or null when there was no undecided hold to decide.
   */
  private async decide(entry: CreditEntryData): Promise<PendingCreditChange | null> {
    const path = holdPath(entry._id);
    const delta = `$${path}.delta`;
    const refused = { $eq: [delta, null] };
    const now = new Date();
    const user = await this.users.collection.findOneAndUpdate(
      { _id: entry.userId, [path]: { $exists: true }, [`${path}.outcome`]: { $exists: false } },
      [
        { $set: { [`${path}.delta`]: deltaExpression(entry) } },
        {
          $set: {
            currentBalance: { $add: [balance, { $ifNull: [delta, 0] }] },
            creditSequence: {
              $cond: [
                refused,
                '$creditSequence',
                { $add: [{ $ifNull: ['$creditSequence', 0] }, 1] },
              ],
            },
            updatedAt: { $cond: [refused, '$updatedAt', now] },
          },
        },
        {
          $set: {
            [`${path}.outcome`]: { $cond: [refused, 'refused', 'applied'] },
            [`${path}.balanceAfter`]: '$currentBalance',
            [`${path}.sequence`]: '$creditSequence',
            [`${path}.decidedAt`]: now,
          },
        },
      ],
      { returnDocument: 'after', projection: { [path]: 1 } },
    );
    const hold = user ? holdIn(user, entry._id) : null;
    if (hold?.outcome === 'applied') {
      // The balance moved: the caller's cached record takes it.
      this.callers.creditApplied(entry.userId.toHexString(), {
        balanceAfter: hold.balanceAfter as number,
        sequence: hold.sequence as number,
        at: now,
      });
    }
    return hold;
  }

  private async readHold(entry: CreditEntryData): Promise<PendingCreditChange | null> {
    const user = await this.users.collection.findOne(
      { _id: entry.userId },
      { projection: { [holdPath(entry._id)]: 1 } },
    );
    return user ? holdIn(user, entry._id) : null;
  }

  /**
   * Writes the applied entry a decided hold carries (see CreditLedger.debitNew), unless it is
   * already there, then releases the hold.
   */
  async recordHeld(entry: AppliedCreditEntry): Promise<void> {
    await this.writeEntry(entry);
    await this.release(entry);
  }

  /** The applied entry a decided hold carries, unless it is already there. */
  async writeEntry(entry: AppliedCreditEntry): Promise<void> {
    try {
      await this.entries.create(entry);
    } catch (error) {
      // Written already (recovery and the call that made the change may both get here).
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /** Step 5, and the undoing of step 1 when step 2 found the change already made. */
  async release(entry: Pick<CreditEntryData, '_id' | 'userId'>): Promise<void> {
    await this.users.collection.updateOne(
      { _id: entry.userId },
      { $unset: { [holdPath(entry._id)]: '' } },
    );
  }

  /**
   * An entry that vanished: refused (and removed) by a concurrent caller, or never applied and
   * removed above. A refusable change reports the refusal; a credit is tried again.
   */
  private async gone(reason: CreditReason, userId: Types.ObjectId): Promise<Attempt> {
    if (!refusable(reason)) return { kind: 'abandoned' };
    const user = await this.users.collection.findOne(
      { _id: userId },
      { projection: { currentBalance: 1 } },
    );
    return user
      ? { kind: 'refused', balance: (user.currentBalance as number | undefined) ?? 0 }
      : { kind: 'no-user' };
  }
}
