/** Spec: the processing fee is fixed at 0 percent of the price. */
export const PROCESSING_FEE_RATE = 0;

/**
 * Money is computed and compared in whole cents and written as the spec's 2-decimal strings
 * ('9.90'). Prices have at most two decimals (the contracts refuse more), so a price's cents are
 * exact; rounding only removes the binary noise of the float (19.99 * 100 = 1998.9999…).
 */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** 990 → '9.90'. */
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

/** What an order of a price is charged: in cents, and as the 2-decimal strings orders store. */
export interface PriceBreakdown {
  priceCents: number;
  processingFeeCents: number;
  totalCents: number;
  price: string;
  processingFee: string;
  total: string;
}

/**
 * Spec: the total is the price plus the processing fee. The fee is rounded to a whole cent
 * once, so the lines always add up to the total, to the cent.
 */
export function priceBreakdownOf(price: number, feeRate = PROCESSING_FEE_RATE): PriceBreakdown {
  const priceCents = toCents(price);
  const processingFeeCents = Math.round(priceCents * feeRate);
  const totalCents = priceCents + processingFeeCents;
  return {
    priceCents,
    processingFeeCents,
    totalCents,
    price: formatCents(priceCents),
    processingFee: formatCents(processingFeeCents),
    total: formatCents(totalCents),
  };
}

/** An order's money, in cents and as the 2-decimal strings orders store. */
export interface OrderAmounts {
  subtotal: string;
  discount: string;
  processingFee: string;
  /** The tax in the total (inclusive prices) or added to it; '0.00' where none is due. */
  tax: string;
  total: string;
  taxCents: number;
  totalCents: number;
}

/**
 * What an order of a price costs with a discount and its buyer country's tax: the processing
 * fee on the discounted price; the tax on what is charged (price and fee), either contained in it
 * (`inclusive`: the total does not change) or added to it. Each part is rounded to the cent once,
 * so subtotal - discount + fee (+ tax when added) = total, to the cent, as PayPal's breakdown adds
 * up. Checkout shows these figures and the API charges them.
 */
export function orderAmountsOf(
  priceCents: number,
  discountCents: number,
  tax: { rate: number; inclusive: boolean } | null,
): OrderAmounts {
  const discounted = priceBreakdownOf((priceCents - discountCents) / 100);
  const chargedCents = discounted.totalCents;
  const rate = tax?.rate ?? 0;
  const taxCents = !tax
    ? 0
    : tax.inclusive
      ? Math.round((chargedCents * rate) / (100 + rate))
      : Math.round((chargedCents * rate) / 100);
  const totalCents = tax && !tax.inclusive ? chargedCents + taxCents : chargedCents;
  return {
    subtotal: formatCents(priceCents),
    discount: formatCents(discountCents),
    processingFee: discounted.processingFee,
    tax: formatCents(taxCents),
    total: formatCents(totalCents),
    taxCents,
    totalCents,
  };
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
const moneyFormatOf = (currency: string): Intl.NumberFormat => {
  let format = moneyFormats.get(currency);
  if (!format) {
    // The narrow symbol with the code after it reads the same way as the spec's '$9 USD'
    // ('€9.00 EUR', '$9.00 CAD'), and never mistakes one dollar for another.
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    });
    moneyFormats.set(currency, format);
  }
  return format;
};

/**
 * An amount in its currency (an order's own, or the store's for the catalogue). US dollars as
 * the spec writes them: '$' + the amount as stored + ' USD' ('$9 USD', '$29.00 USD'); any other
 * currency as Intl.NumberFormat writes it, then its code ('€9.00 EUR'). A value that is not a
 * number, or a currency Intl does not know, shows as it came.
 */
export function formatMoney(amount: number | string, currency = 'USD'): string {
  if (currency === 'USD') return `$${amount} USD`;
  const value = Number(amount);
  if (!Number.isFinite(value)) return `${amount} ${currency}`;
  try {
    return `${moneyFormatOf(currency).format(value)} ${currency}`;
  } catch {
    return `${amount} ${currency}`;
  }
}

/**
 * The same with exactly two decimals, so the lines of a price breakdown align; a value that is
 * not a number shows as it came.
 */
export function formatMoneyFixed(amount: number | string, currency = 'USD'): string {
  const value = Number(amount);
  return formatMoney(Number.isFinite(value) ? value.toFixed(2) : amount, currency);
}
