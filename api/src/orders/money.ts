import { PROCESSING_FEE_RATE } from '@coldmail/contracts';

/**
 * Money is kept as whole cents while it is computed and compared, and written as the spec's
 * 2-decimal strings ('9.90'). Prices have at most two decimals (the contracts refuse more), so
 * converting them to cents is exact.
 */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** '12.5' → 1250; null for anything that is not a plain non-negative amount (as PayPal sends). */
export function parseAmountToCents(value: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export interface PriceBreakdown {
  /** The stored package or item price. */
  packagePrice: number;
  /** 2-decimal string; the fee rate is 0 (spec), so '0.00'. */
  processingFee: string;
  /** 2-decimal string: price plus fee. */
  totalPrice: string;
}

/** An order's amounts, from the price stored on the server. */
export function priceBreakdown(price: number, feeRate = PROCESSING_FEE_RATE): PriceBreakdown {
  const priceCents = toCents(price);
  const feeCents = Math.round(priceCents * feeRate);
  return {
    packagePrice: priceCents / 100,
    processingFee: formatCents(feeCents),
    totalPrice: formatCents(priceCents + feeCents),
  };
}
