import type { mongo, Types } from 'mongoose';
import type { PendingCreditChange } from '../users/schemas/user.schema';
import type { AppliedCreditEntry } from './schemas/credit-entry.schema';

/** The user's field that holds the changes under way, keyed by ledger entry id. */
export const HOLDS = 'pendingCreditChanges';

export const holdPath = (entryId: Types.ObjectId) => `${HOLDS}.${entryId.toHexString()}`;

/**
 * The applied entry a decided hold carries in full (see CreditLedger.debitNew); null for any
 * other hold.
 */
export function entryOfHold(
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

export function holdIn(user: mongo.Document, entryId: Types.ObjectId): PendingCreditChange | null {
  const holds = user[HOLDS] as Record<string, PendingCreditChange> | undefined;
  return holds?.[entryId.toHexString()] ?? null;
}
