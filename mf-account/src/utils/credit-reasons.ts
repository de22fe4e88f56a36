import type { CreditReason } from '@coldmail/contracts';

/** Why a balance changed, in the words the dashboard and the credit history show. */
export const creditReasonInWords: Record<CreditReason, string> = {
  purchase: 'Credits bought',
  generation: 'Email generated',
  'generation-refund': 'Refund for a failed generation',
  'admin-adjustment': 'Adjusted by an administrator',
  'payment-reversal': 'Payment refunded or reversed',
  trial: 'Free trial credits',
};
