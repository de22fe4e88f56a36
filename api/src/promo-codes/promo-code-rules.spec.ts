import { Types } from 'mongoose';
import {
  discountCentsOf,
  discountedAmountsOf,
  refusalOf,
  type PromoCodeTerms,
  type Purchase,
} from './promo-code-rules';

const packageId = new Types.ObjectId();
const itemId = new Types.ObjectId();
const now = new Date('2026-06-01T12:00:00Z');

const code = (terms: Partial<PromoCodeTerms> = {}): PromoCodeTerms => ({
  kind: 'percent',
  percent: 15,
  expiresAt: null,
  maxUses: null,
  paused: false,
  uses: 0,
  appliesTo: { all: true, packageIds: [], itemIds: [] },
  ...terms,
});

const purchase = (fields: Partial<Purchase> = {}): Purchase => ({
  kind: 'package',
  productId: packageId.toHexString(),
  priceCents: 1999,
  currency: 'USD',
  at: now,
  ...fields,
});

describe('what a promo code takes off', () => {
  it('is its percent of the price, to the nearest cent, half a cent for the buyer', () => {
    expect(discountCentsOf(code({ percent: 15 }), 1999)).toBe(300); // 299.85
    expect(discountCentsOf(code({ percent: 50 }), 1001)).toBe(501); // 500.5
    expect(discountCentsOf(code({ percent: 33 }), 1000)).toBe(330);
  });

  it('is its amount, never more than the price', () => {
    const fixed = code({ kind: 'fixed', percent: undefined, amount: 5.1, currency: 'USD' });
    expect(discountCentsOf(fixed, 1999)).toBe(510);
    expect(discountCentsOf(fixed, 300)).toBe(300);
  });

  it('leaves lines that add up to the total', () => {
    expect(discountedAmountsOf(1999, 300)).toEqual({
      subtotal: '19.99',
      discount: '3.00',
      processingFee: '0.00',
      total: '16.99',
    });
  });
});

describe('when a promo code is refused', () => {
  it('accepts an active code for any product when it applies to all', () => {
    expect(refusalOf(code(), purchase())).toBeNull();
    expect(refusalOf(code(), purchase({ kind: 'item', productId: itemId.toHexString() }))).toBe(
      null,
    );
  });

  it('refuses a paused or expired code before anything else', () => {
    const expired = { expiresAt: new Date(now.getTime() - 1) };
    expect(refusalOf(code({ paused: true, ...expired }), purchase())).toBe('paused');
    expect(refusalOf(code(expired), purchase())).toBe('expired');
    expect(refusalOf(code({ expiresAt: now }), purchase())).toBe('expired');
    expect(refusalOf(code({ expiresAt: new Date(now.getTime() + 1) }), purchase())).toBeNull();
  });

  it('applies a listed code to the listed packages and items only', () => {
    const listed = code({ appliesTo: { all: false, packageIds: [], itemIds: [itemId] } });
    expect(refusalOf(listed, purchase())).toBe('notApplicable');
    // An item's id listed as a package's (or the reverse) does not make it apply.
    expect(refusalOf(listed, purchase({ productId: itemId.toHexString() }))).toBe('notApplicable');
    expect(refusalOf(listed, purchase({ kind: 'item', productId: itemId.toHexString() }))).toBe(
      null,
    );
  });

  it('refuses a fixed amount in another currency than the purchase', () => {
    const euros = code({ kind: 'fixed', amount: 2, currency: 'EUR' });
    expect(refusalOf(euros, purchase())).toBe('otherCurrency');
    expect(refusalOf(euros, purchase({ currency: 'EUR' }))).toBeNull();
  });

  it('refuses a code whose uses are all taken', () => {
    expect(refusalOf(code({ maxUses: 2, uses: 2 }), purchase())).toBe('usedUp');
    expect(refusalOf(code({ maxUses: 2, uses: 1 }), purchase())).toBeNull();
  });

  it('refuses a discount that would leave less than the minimum payment', () => {
    expect(refusalOf(code({ percent: 100 }), purchase())).toBe('belowMinimum');
    const all = code({ kind: 'fixed', amount: 19.99, currency: 'USD' });
    expect(refusalOf(all, purchase())).toBe('belowMinimum');
    const allButACent = code({ kind: 'fixed', amount: 19.98, currency: 'USD' });
    expect(refusalOf(allButACent, purchase())).toBeNull();
  });
});
