import { HttpException, HttpStatus } from '@nestjs/common';
import { formatCents, orderAmountsOf, toCents, type PaypalCurrency } from '@coldmail/contracts';
import type { PromoCode } from './schemas/promo-code.schema';

/** PayPal takes no payment of nothing: an order with a code still costs at least this. */
const MIN_TOTAL_CENTS = 1;

/** Why a buyer cannot use a code, as they are told it. */
const promoCodeRefusals = {
  unknown: { status: HttpStatus.NOT_FOUND, message: 'Unknown promo code.' },
  paused: { status: HttpStatus.CONFLICT, message: 'This code is paused.' },
  expired: { status: HttpStatus.CONFLICT, message: 'This code has expired.' },
  usedUp: { status: HttpStatus.CONFLICT, message: 'This code has been used up.' },
  alreadyUsed: { status: HttpStatus.CONFLICT, message: 'You have already used this code.' },
  notApplicable: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    message: 'This code is not valid for this product.',
  },
  otherCurrency: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    message: 'This code is not valid in the store’s currency.',
  },
  belowMinimum: {
    status: HttpStatus.UNPROCESSABLE_ENTITY,
    message: `This code would bring the total below the minimum payment of ${formatCents(MIN_TOTAL_CENTS)}.`,
  },
} as const;
type PromoCodeRefusal = keyof typeof promoCodeRefusals;

export function refusal(reason: PromoCodeRefusal): HttpException {
  const { status, message } = promoCodeRefusals[reason];
  return new HttpException(message, status);
}

/** What is being bought, as a code's rules see it. */
export interface Purchase {
  kind: 'package' | 'item';
  productId: string;
  /** The product's price, in cents of `currency` (the store's now). */
  priceCents: number;
  currency: PaypalCurrency;
  at: Date;
}

/** What the rules read of a stored code. */
export type PromoCodeTerms = Pick<
  PromoCode,
  | 'kind'
  | 'percent'
  | 'amount'
  | 'currency'
  | 'expiresAt'
  | 'maxUses'
  | 'paused'
  | 'uses'
  | 'appliesTo'
>;

/**
 * What the code takes off a price: its percent rounded to the cent (half a cent up, for the
 * buyer), or its amount, never more than the price.
 */
export function discountCentsOf(code: PromoCodeTerms, priceCents: number): number {
  if (code.kind === 'percent') return Math.round((priceCents * (code.percent ?? 0)) / 100);
  return Math.min(toCents(code.amount ?? 0), priceCents);
}

function appliesTo(code: PromoCodeTerms, { kind, productId }: Purchase): boolean {
  if (code.appliesTo.all) return true;
  const listed = kind === 'package' ? code.appliesTo.packageIds : code.appliesTo.itemIds;
  return listed.some((id) => id.toHexString() === productId);
}

/**
 * Why `code` cannot be used for `purchase` as it stands, or null. A code's own state first
 * (paused, expired), then whether it fits this product, then whether a use is left: a buyer
 * hears first what no retry would change.
 */
export function refusalOf(code: PromoCodeTerms, purchase: Purchase): PromoCodeRefusal | null {
  if (code.paused) return 'paused';
  if (code.expiresAt && code.expiresAt.getTime() <= purchase.at.getTime()) return 'expired';
  if (!appliesTo(code, purchase)) return 'notApplicable';
  if (code.kind === 'fixed' && code.currency !== purchase.currency) return 'otherCurrency';
  if (code.maxUses !== null && code.uses >= code.maxUses) return 'usedUp';
  if (purchase.priceCents - discountCentsOf(code, purchase.priceCents) < MIN_TOTAL_CENTS) {
    return 'belowMinimum';
  }
  return null;
}

/**
 * An order's money with a discount and no tax (a quote: the tax follows the buyer's country,
 * which checkout adds), as 2-decimal strings: subtotal - discount + processingFee = total.
 */
export function discountedAmountsOf(priceCents: number, discountCents: number) {
  const { subtotal, discount, processingFee, total } = orderAmountsOf(
    priceCents,
    discountCents,
    null,
  );
  return { subtotal, discount, processingFee, total };
}
