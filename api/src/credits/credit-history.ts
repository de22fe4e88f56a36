import type { Model } from 'mongoose';
import { trusted, Types } from 'mongoose';
import type { CreditHistoryEntry, CreditReason } from '@coldmail/contracts';
import type {
  AppliedCreditEntry,
  CreditEntry,
  CreditEntryData,
} from './schemas/credit-entry.schema';

/** A user's applied entries as the history shows them, and the debits the recovery sweep checks. */
export class CreditHistory {
  constructor(private readonly entries: Model<CreditEntry>) {}

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
   * A user who deleted their account: their entries stay (the purchases of paid orders, the
   * statistics), under `placeholder` instead of their address.
   */
  async replaceAddress(userId: string, placeholder: string): Promise<void> {
    await this.entries.updateMany(
      { userId: new Types.ObjectId(userId) },
      { $set: { userEmail: placeholder } },
    );
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
}

const appliedTo = (userId: string) => ({
  userId: new Types.ObjectId(userId),
  status: 'applied' as const,
});
const LATEST_FIRST = { sequence: -1, _id: -1 } as const;

/** An entry as the history shows it; who adjusted a balance only to admins. */
export function toHistoryEntry(entry: AppliedCreditEntry, forAdmin: boolean): CreditHistoryEntry {
  return {
    _id: entry._id.toHexString(),
    date: entry.appliedAt.toISOString(),
    delta: entry.delta,
    reason: entry.reason,
    reference: entry.reference,
    balanceAfter: entry.balanceAfter,
    ...(entry.shortfall ? { shortfall: entry.shortfall } : {}),
    ...(forAdmin && entry.adjustment
      ? {
          adjustment: {
            by: entry.adjustment.byEmail,
            oldBalance: entry.adjustment.oldBalance,
            newBalance: entry.adjustment.newBalance,
          },
        }
      : {}),
  };
}
