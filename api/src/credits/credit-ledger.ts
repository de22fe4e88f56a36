import { CallerCache } from '../auth/caller-cache';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { CreditReason } from '@coldmail/contracts';
import { Model, trusted, Types } from 'mongoose';
import { Telemetry } from '../telemetry/telemetry';
import { User, type PendingCreditChange } from '../users/schemas/user.schema';
import { CreditHistory } from './credit-history';
import { entryOfHold, HOLDS, holdIn, holdPath } from './credit-holds';
import { CreditLedgerSteps } from './credit-ledger-steps';
import {
  CreditEntry,
  type AppliedCreditEntry,
  type CreditAdjustment,
  type CreditEntryData,
} from './schemas/credit-entry.schema';

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

  /** Steps 1 to 5 of a change (credit-ledger-steps.ts). */
  private readonly steps: CreditLedgerSteps;
  /** The applied entries' reads (credit-history.ts). */
  readonly entryHistory: CreditHistory;

  constructor(
    @InjectModel(CreditEntry.name) private readonly entries: Model<CreditEntry>,
    // Only currentBalance, creditSequence and pendingCreditChanges, through the driver: the
    // decision is a pipeline update on paths named by entry id, which mongoose's casting and
    // filter sanitising would get in the way of.
    @InjectModel(User.name) private readonly users: Model<User>,
    private readonly callers: CallerCache,
    private readonly telemetry: Telemetry,
  ) {
    this.steps = new CreditLedgerSteps(entries, users, callers, this.logger);
    this.entryHistory = new CreditHistory(entries);
  }

  /** The unique (reason, reference) index must exist before the first change relies on it. */
  async onModuleInit(): Promise<void> {
    await this.entries.init();
  }

  async apply(change: CreditChange): Promise<LedgerOutcome> {
    for (let attempt = 1; ; attempt++) {
      const outcome = await this.steps.attempt(change);
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
      .then(() => this.steps.writeEntry(entry))
      .then(
        () => void this.steps.release(entry).catch(unfinished('hold release')),
        unfinished('entry'),
      );
    return { outcome: { kind: 'applied', entry, alreadyApplied: false }, settled };
  }

  /** The entry for a change, finished first if it was left pending; null when there is none. */
  async appliedEntry(reason: CreditReason, reference: string): Promise<AppliedCreditEntry | null> {
    const entry = await this.entries.findOne({ reason, reference }).lean<CreditEntryData>();
    if (!entry) return null;
    const outcome = await this.steps.finish(entry, true);
    return outcome.kind === 'applied' ? outcome.entry : null;
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
    for (const entry of pending) await this.steps.finish(entry, true);

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
            await this.steps.recordHeld(carried);
          } else if (await this.entries.exists({ _id: id, status: 'applied' })) {
            await this.steps.release({
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
}
