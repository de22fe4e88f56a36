import { CallerCache } from '../auth/caller-cache';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { CreditReason } from '@coldmail/contracts';
import { Model, mongo, trusted, Types } from 'mongoose';
import { Telemetry } from '../telemetry/telemetry';
import { User, type PendingCreditChange } from '../users/schemas/user.schema';
import {
  CreditEntry,
  type AppliedCreditEntry,
  type CreditAdjustment,
  type CreditEntryData,
} from './schemas/credit-entry.schema';

/** The user's field that holds the changes under way, keyed by ledger entry id. */
const HOLDS = 'pendingCreditChanges';
/**
 * A hold with no entry after this long was left by a process that stopped between its first two
 * steps, and is removed at start-up. Only tidiness depends on this figure: removing a hold too
 * early makes the change it was for fail (nothing applied), never apply twice.
 */
const ORPHAN_HOLD_AGE_MS = 60_000;
/** A change whose entry vanished under it (see `attempt`) is tried again this often at most. */
const MAX_ATTEMPTS = 3;

type UserRef = { userId: string } | { userEmail: string };

export interface CreditChange {
  user: UserRef;
  reason: CreditReason;
  /** With the reason, what makes the change happen once: an order id, a generation id... */
  reference: string;
  /** Credits to add (+) or take (−). */
  requestedDelta: number;
  /** admin-adjustment only: applied only while the balance is still `oldBalance`. */
  adjustment?: CreditAdjustment;
}

export type LedgerOutcome =
  | {
      kind: 'applied';
      entry: AppliedCreditEntry;
      /** True when an earlier call made this change and this one changed nothing. */
      alreadyApplied: boolean;
    }
  /** The rule refused it (not enough credits, balance moved); nothing changed. */
  | { kind: 'refused'; balance: number }
  | { kind: 'no-user' };

type Attempt = LedgerOutcome | { kind: 'abandoned' };

/** Debits and adjustments can be refused by their rule; credits and reversals never are. */
const refusable = (reason: CreditReason) =>
  reason === 'generation' || reason === 'admin-adjustment';

const holdPath = (entryId: Types.ObjectId) => `${HOLDS}.${entryId.toHexString()}`;
const balance = { $ifNull: ['$currentBalance', 0] };

/**
 * The change an entry makes, as an expression on the user's record at the moment it is decided;
 * null refuses it.
 */
function deltaExpression(entry: CreditEntryData): unknown {
  switch (entry.reason) {
    case 'purchase':
    case 'generation-refund':
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
 * The credit ledger: the only code that changes a user's currentBalance. Every change is an
 * entry in `creditEntries`, unique per (reason, reference), so repeating a change finds the first
 * outcome. There are no transactions; a change is a few single-document steps, each guarded:
 *
 * 1. hold: `$set pendingCreditChanges.<id> = { heldAt }` on the user (the id is new);
 * 2. entry: insert `{ _id: id, status: 'pending' }`. A duplicate (reason, reference) releases
 *    the hold and finishes the existing entry instead;
 * 3. decide, in one update of the user whose filter requires the hold undecided: the balance
 *    moves by what the rule allows (a debit only if the balance covers it, an adjustment only
 *    from the old balance...) and the hold records the outcome, delta, balance after and the
 *    user's change number. The hold is consumed by deciding, so however many callers race here,
 *    one decides and the balance moves at most once;
 * 4. record: the entry becomes 'applied' with the hold's figures (filter: still pending), or is
 *    removed if refused;
 * 5. release: the hold is removed, only now that the entry says what happened.
 *
 * Anyone may finish a pending entry (a repeated call, start-up recovery): step 3 cannot happen
 * twice, because the filter needs the undecided hold, and a hold only ever disappears after
 * step 4 (or before step 2 ever ran). A process stopping between steps leaves a pending entry
 * with its hold, finished by the next call for the same change or at the next start-up. The
 * guard is positive (the hold must be there), not "this id not seen yet", which a record could
 * only keep forever.
 */
@Injectable()
export class CreditLedger implements OnModuleInit {
  private readonly logger = new Logger(CreditLedger.name);

  constructor(
    @InjectModel(CreditEntry.name) private readonly entries: Model<CreditEntry>,
    // Only currentBalance, creditSequence and pendingCreditChanges, through the driver: the
    // decision is a pipeline update on paths named by entry id, which mongoose's casting and
    // filter sanitising would get in the way of.
    @InjectModel(User.name) private readonly users: Model<User>,
    private readonly callers: CallerCache,
    private readonly telemetry: Telemetry,
  ) {}

  /** The unique (reason, reference) index must exist before the first change relies on it. */
  async onModuleInit(): Promise<void> {
    await this.entries.init();
  }

  async apply(change: CreditChange): Promise<LedgerOutcome> {
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.attempt(change);
      if (outcome.kind === 'applied' && !outcome.alreadyApplied) {
        this.telemetry.creditsChanged(change.reason, outcome.entry.delta);
      }
      if (outcome.kind !== 'abandoned') return outcome;
      if (attempt >= MAX_ATTEMPTS) {
        throw new Error(`Credit change ${change.reason} ${change.reference} could not be recorded`);
      }
    }
  }

  /**
   * A debit for a reference made up just now (a new generation id, so no entry for it can exist
   * yet), decided in one write: the balance moves only if it covers the debit, and the same
   * update leaves a decided hold that carries the whole change (steps 1 and 3 at once; nobody
   * else knows the new id, so nobody else can decide it). The answer is given then; the entry is
   * written already applied in `settled`, which never rejects, and the hold released after it
   * (a hold whose entry is written changes nothing; start-up recovery releases one left behind).
   * A process stopping before the entry is written leaves the decided hold, from which start-up
   * recovery writes it.
   * Refused or no user: nothing was written.
   */
  async debitNew(change: {
    userId: string;
    reason: 'generation';
    reference: string;
    cost: number;
  }): Promise<{ outcome: LedgerOutcome; settled: Promise<void> }> {
    const { reason, reference, cost } = change;
    const userId = new Types.ObjectId(change.userId);
    const id = new Types.ObjectId();
    const now = new Date();
    // One stage: the hold's figures are computed from the same old values as the balance's, so
    // the update needs no second pass over the document.
    const balanceAfter = { $subtract: ['$currentBalance', cost] };
    const sequence = { $add: [{ $ifNull: ['$creditSequence', 0] }, 1] };
    const user = await this.users.collection.findOneAndUpdate(
      { _id: userId, currentBalance: { $gte: cost } },
      [
        {
          $set: {
            currentBalance: balanceAfter,
            creditSequence: sequence,
            updatedAt: now,
            [holdPath(id)]: {
              heldAt: now,
              delta: { $literal: -cost },
              outcome: { $literal: 'applied' },
              balanceAfter,
              sequence,
              decidedAt: now,
              change: {
                reason: { $literal: reason },
                reference: { $literal: reference },
                requestedDelta: { $literal: -cost },
                userEmail: '$userEmail',
              },
            },
          },
        },
      ],
      { returnDocument: 'after', projection: { [holdPath(id)]: 1 } },
    );
    if (!user) {
      const found = await this.users.collection.findOne(
        { _id: userId },
        { projection: { currentBalance: 1 } },
      );
      const outcome: LedgerOutcome = found
        ? { kind: 'refused', balance: (found.currentBalance as number | undefined) ?? 0 }
        : { kind: 'no-user' };
      return { outcome, settled: Promise.resolve() };
    }
    const hold = holdIn(user, id);
    const entry = hold && entryOfHold(id, userId, hold);
    if (!entry) throw new Error(`Credit change ${reason} ${reference}: its hold was not written`);
    this.telemetry.creditsChanged(reason, entry.delta);
    this.callers.creditApplied(change.userId, {
      balanceAfter: entry.balanceAfter,
      sequence: entry.sequence,
      at: now,
    });
    const unfinished = (step: string) => (error: unknown) =>
      this.logger.error(
        `Credit change ${reason} ${reference} decided but its ${step} failed (start-up recovery finishes it): ${error instanceof Error ? error.message : String(error)}`,
      );
    // The entry is written once the caller has had its turn (a generation sends its request to
    // the model first); `settled` waits for the entry, not for the hold's release after it.
    const settled = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.writeEntry(entry))
      .then(() => void this.release(entry).catch(unfinished('hold release')), unfinished('entry'));
    return { outcome: { kind: 'applied', entry, alreadyApplied: false }, settled };
  }

  /** The entry for a change, finished first if it was left pending; null when there is none. */
  async appliedEntry(reason: CreditReason, reference: string): Promise<AppliedCreditEntry | null> {
    const entry = await this.entries.findOne({ reason, reference }).lean<CreditEntryData>();
    if (!entry) return null;
    const outcome = await this.finish(entry, true);
    return outcome.kind === 'applied' ? outcome.entry : null;
  }

  /** A user's applied entries, newest first. */
  async history(
    userId: string,
    page: number,
    pageSize: number,
  ): Promise<{ entries: AppliedCreditEntry[]; total: number }> {
    const filter = appliedTo(userId);
    const [entries, total] = await Promise.all([
      this.entries
        .find(filter)
        .sort(LATEST_FIRST)
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<AppliedCreditEntry[]>(),
      this.entries.countDocuments(filter),
    ]);
    return { entries, total };
  }

  /** Every applied entry of the user's, latest first, read as it is sent (the export). */
  historyRows(userId: string): AsyncIterable<AppliedCreditEntry> {
    return this.entries
      .find(appliedTo(userId))
      .sort(LATEST_FIRST)
      .lean<AppliedCreditEntry[]>()
      .cursor() as AsyncIterable<AppliedCreditEntry>;
  }

  /**
   * Applied debits for `reason` made between `from` and `to` (oldest first, at most `limit`)
   * that no entry of `undoneBy` reverses yet: what the recovery sweep looks at.
   */
  async appliedWithoutUndo(
    reason: CreditReason,
    undoneBy: CreditReason,
    from: Date,
    to: Date,
    limit: number,
  ): Promise<{ userId: string; reference: string }[]> {
    const debits = await this.entries
      .find({ reason, status: 'applied', createdAt: trusted({ $gte: from, $lt: to }) })
      .sort({ createdAt: 1 })
      .limit(limit)
      .select({ userId: 1, reference: 1 })
      .lean<Pick<CreditEntryData, 'userId' | 'reference'>[]>();
    if (debits.length === 0) return [];
    const undone = await this.entries
      .find({
        reason: undoneBy,
        reference: trusted({ $in: debits.map((debit) => debit.reference) }),
      })
      .select({ reference: 1 })
      .lean<Pick<CreditEntryData, 'reference'>[]>();
    const undoneRefs = new Set(undone.map((entry) => entry.reference));
    return debits
      .filter((debit) => !undoneRefs.has(debit.reference))
      .map((debit) => ({ userId: debit.userId.toHexString(), reference: debit.reference }));
  }

  /**
   * Finishes what stopped processes left: every pending entry (or those started before
   * `startedBefore`, leaving live calls theirs to finish), then holds that never got an entry.
   * Answers how many entries were finished.
   */
  async recover(startedBefore?: Date): Promise<number> {
    const pending = await this.entries
      .find({
        status: 'pending',
        ...(startedBefore ? { createdAt: trusted({ $lt: startedBefore }) } : {}),
      })
      .lean<CreditEntryData[]>();
    for (const entry of pending) await this.finish(entry, true);

    const orphanedBefore = Date.now() - ORPHAN_HOLD_AGE_MS;
    const holders = await this.users.collection
      .find({ [HOLDS]: { $exists: true, $ne: {} } }, { projection: { [HOLDS]: 1 } })
      .toArray();
    for (const holder of holders) {
      const holds = (holder[HOLDS] ?? {}) as Record<string, PendingCreditChange>;
      for (const [id, hold] of Object.entries(holds)) {
        if (hold.outcome === 'applied') {
          // A debit decided in one write (debitNew) carries its entry: written now if the
          // process stopped before it was. Otherwise its entry was recorded but the hold never
          // released (a process stopped between steps 4 and 5): release it now. A pending entry
          // is a live call's, or was finished by the loop above.
          const carried = entryOfHold(new Types.ObjectId(id), holder._id as Types.ObjectId, hold);
          if (carried) {
            await this.recordHeld(carried);
          } else if (await this.entries.exists({ _id: id, status: 'applied' })) {
            await this.release({
              _id: new Types.ObjectId(id),
              userId: holder._id as Types.ObjectId,
            });
          }
          continue;
        }
        if (!hold.outcome && hold.heldAt.getTime() > orphanedBefore) continue;
        if (await this.entries.exists({ _id: id })) continue;
        await this.users.collection.updateOne(
          { _id: holder._id, [`${HOLDS}.${id}.outcome`]: hold.outcome ?? { $exists: false } },
          { $unset: { [`${HOLDS}.${id}`]: '' } },
        );
      }
    }
    return pending.length;
  }

  /** Steps 1 and 2 for a new change, or the existing entry's outcome. */
  private async attempt(change: CreditChange): Promise<Attempt> {
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
  private async finish(entry: CreditEntryData, alreadyExisted: boolean): Promise<Attempt> {
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
   * Writes the applied entry a decided hold carries (see debitNew), unless it is already there,
   * then releases the hold.
   */
  private async recordHeld(entry: AppliedCreditEntry): Promise<void> {
    await this.writeEntry(entry);
    await this.release(entry);
  }

  /** The applied entry a decided hold carries, unless it is already there. */
  private async writeEntry(entry: AppliedCreditEntry): Promise<void> {
    try {
      await this.entries.create(entry);
    } catch (error) {
      // Written already (recovery and the call that made the change may both get here).
      if (!isDuplicateKeyError(error)) throw error;
    }
  }

  /** Step 5, and the undoing of step 1 when step 2 found the change already made. */
  private async release(entry: Pick<CreditEntryData, '_id' | 'userId'>): Promise<void> {
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

/** The applied entry a decided hold carries in full (see debitNew); null for any other hold. */
function entryOfHold(
  id: Types.ObjectId,
  userId: Types.ObjectId,
  hold: PendingCreditChange,
): AppliedCreditEntry | null {
  const { change } = hold;
  if (hold.outcome !== 'applied' || !change) return null;
  return {
    _id: id,
    userId,
    userEmail: change.userEmail,
    reason: change.reason,
    reference: change.reference,
    requestedDelta: change.requestedDelta,
    status: 'applied',
    delta: hold.delta as number,
    balanceAfter: hold.balanceAfter as number,
    sequence: hold.sequence as number,
    createdAt: hold.heldAt,
    appliedAt: hold.decidedAt as Date,
  };
}

function holdIn(user: mongo.Document, entryId: Types.ObjectId): PendingCreditChange | null {
  const holds = user[HOLDS] as Record<string, PendingCreditChange> | undefined;
  return holds?.[entryId.toHexString()] ?? null;
}

const appliedTo = (userId: string) => ({
  userId: new Types.ObjectId(userId),
  status: 'applied' as const,
});
const LATEST_FIRST = { sequence: -1, _id: -1 } as const;
