import { z } from 'zod';
import { objectIdSchema } from '../common';
import { exportFormatField, wholeNumber } from '../paging';

/** Why a credit balance changed: every ledger entry has exactly one of these. */
export const creditReasons = [
  'purchase',
  'generation',
  'generation-refund',
  'admin-adjustment',
  'payment-reversal',
  'trial',
] as const;
export const creditReasonSchema = z.enum(creditReasons);
export type CreditReason = z.infer<typeof creditReasonSchema>;

/** The most entries one page of credit history holds. */
export const MAX_CREDIT_HISTORY_PAGE_SIZE = 100;

/**
 * GET /api/credits/history. `userId` is for admins (anyone's history); a user may name only
 * themselves. Unknown keys, such as `userId[$ne]`, are a 400.
 */
export const creditHistoryQuerySchema = z.strictObject({
  userId: objectIdSchema.optional(),
  page: wholeNumber(1, 1_000_000).default(1),
  pageSize: wholeNumber(1, MAX_CREDIT_HISTORY_PAGE_SIZE).default(10),
  ...exportFormatField,
});
export type CreditHistoryQuery = z.infer<typeof creditHistoryQuerySchema>;

/** One change to a balance, as the history shows it. */
export const creditHistoryEntrySchema = z.object({
  _id: z.string(),
  /** When the change was applied (ISO). */
  date: z.string(),
  /** Credits added (positive) or taken (negative). */
  delta: z.number().int(),
  reason: creditReasonSchema,
  /** What the change is about: an order id, a generation id, an adjustment's own id. */
  reference: z.string(),
  balanceAfter: z.number().int(),
  /** payment-reversal only: the credits that could not be taken back (the balance ran out). */
  shortfall: z.number().int().positive().optional(),
  /** admin-adjustment, shown to admins only: who set the balance, from what, to what. */
  adjustment: z
    .object({
      /** The admin's e-mail; null for the demo seed. */
      by: z.string().nullable(),
      oldBalance: z.number().int(),
      newBalance: z.number().int(),
    })
    .optional(),
});
export type CreditHistoryEntry = z.infer<typeof creditHistoryEntrySchema>;

export const creditHistorySchema = z.object({
  /** Newest first. */
  entries: z.array(creditHistoryEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Entries on every page together. */
  total: z.number().int(),
});
export type CreditHistory = z.infer<typeof creditHistorySchema>;

/**
 * GET /api/credits/trial-offer: the free credits a new account gets once its e-mail address is
 * verified (0: the store gives none), for the landing page and the dashboard to say so.
 */
export const trialOfferSchema = z.object({ credits: z.number().int().min(0) });
export type TrialOffer = z.infer<typeof trialOfferSchema>;
