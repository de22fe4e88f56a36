import { describe, expect, it } from 'vitest';
import {
  formatCents,
  orderAmountsOf,
  parseAmountToCents,
  priceBreakdownOf,
  toCents,
} from './money';

describe('toCents and formatCents', () => {
  it('turns prices with float noise into exact cents', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99 * 3)).toBe(5997);
    expect(toCents(4.35)).toBe(435);
    expect(toCents(99_999.99)).toBe(9_999_999);
  });

  it('writes cents as the 2-decimal strings orders carry', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(990)).toBe('9.90');
    expect(formatCents(1_000_000_00)).toBe('1000000.00');
    expect(formatCents(-150)).toBe('-1.50');
  });
});

describe('priceBreakdownOf', () => {
  it('charges the price alone at the product’s fee rate of 0', () => {
    expect(priceBreakdownOf(0.1 + 0.2)).toEqual({
      priceCents: 30,
      processingFeeCents: 0,
      totalCents: 30,
      price: '0.30',
      processingFee: '0.00',
      total: '0.30',
    });
    expect(priceBreakdownOf(19.99 * 3).total).toBe('59.97');
  });

  it('rounds a fee to the cent from the price in cents, where float arithmetic loses one', () => {
    // 1.45 * 0.1 * 100 is 14.499999… in floating point, which rounds down to 0.14.
    expect(priceBreakdownOf(1.45, 0.1)).toMatchObject({
      processingFeeCents: 15,
      processingFee: '0.15',
      total: '1.60',
    });
    expect(priceBreakdownOf(19.99, 0.029)).toMatchObject({
      price: '19.99',
      processingFee: '0.58',
      total: '20.57',
    });
  });

  it('always adds up: price plus fee is the total, to the cent', () => {
    for (const price of [0.01, 0.07, 1.15, 9.99, 19.99, 33.33, 99_999.99]) {
      const breakdown = priceBreakdownOf(price, 0.035);
      expect(breakdown.priceCents + breakdown.processingFeeCents).toBe(breakdown.totalCents);
      expect(parseAmountToCents(breakdown.total)).toBe(breakdown.totalCents);
    }
  });
});

describe('parseAmountToCents', () => {
  it('reads PayPal amounts without floating point', () => {
    expect(parseAmountToCents('10.00')).toBe(1000);
    expect(parseAmountToCents('10.5')).toBe(1050);
    expect(parseAmountToCents('10')).toBe(1000);
    expect(parseAmountToCents('0.07')).toBe(7);
  });

  it('refuses anything that is not a plain non-negative amount', () => {
    for (const bad of ['', '-1.00', '1.001', '1e3', ' 1.00', '1,00', 'NaN']) {
      expect(parseAmountToCents(bad)).toBeNull();
    }
  });
});

describe('orderAmountsOf', () => {
  it('adds an exclusive tax to the discounted price, rounded to the cent once', () => {
    // 19.99 less 2.00 is 17.99; 20 % of it is 3.598, so 3.60; 17.99 + 3.60 = 21.59.
    expect(orderAmountsOf(1999, 200, { rate: 20, inclusive: false })).toEqual({
      subtotal: '19.99',
      discount: '2.00',
      processingFee: '0.00',
      tax: '3.60',
      total: '21.59',
      taxCents: 360,
      totalCents: 2159,
    });
  });

  it('finds an inclusive tax inside the total, which stays the price', () => {
    // 19.00 holds 19.00 * 20 / 120 = 3.1666…, so 3.17 of tax.
    const amounts = orderAmountsOf(1900, 0, { rate: 20, inclusive: true });
    expect(amounts).toMatchObject({ tax: '3.17', total: '19.00', totalCents: 1900 });
  });

  it('charges no tax where the country pays none', () => {
    expect(orderAmountsOf(999, 0, null)).toMatchObject({ tax: '0.00', total: '9.99' });
    expect(orderAmountsOf(999, 0, { rate: 0, inclusive: false })).toMatchObject({
      tax: '0.00',
      total: '9.99',
    });
  });
});
