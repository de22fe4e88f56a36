import { formatCents, parseAmountToCents, priceBreakdown, toCents } from './money';

describe('money', () => {
  it('formats cents as the 2-decimal strings orders carry', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(990)).toBe('9.90');
    expect(formatCents(1_000_000_00)).toBe('1000000.00');
    expect(formatCents(-150)).toBe('-1.50');
  });

  it('converts 2-decimal prices to cents exactly, float artefacts included', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.1)).toBe(110);
    expect(toCents(4.35)).toBe(435);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(99_999.99)).toBe(9_999_999);
  });

  it('prices an order with the fixed 0 fee: total equals price', () => {
    expect(priceBreakdown(19.9)).toEqual({
      packagePrice: 19.9,
      processingFee: '0.00',
      totalPrice: '19.90',
    });
    expect(priceBreakdown(5)).toEqual({
      packagePrice: 5,
      processingFee: '0.00',
      totalPrice: '5.00',
    });
  });

  it('adds a fee in whole cents when a rate is set', () => {
    expect(priceBreakdown(10, 0.029)).toEqual({
      packagePrice: 10,
      processingFee: '0.29',
      totalPrice: '10.29',
    });
  });

  it('reads PayPal amounts without floating point', () => {
    expect(parseAmountToCents('10.00')).toBe(1000);
    expect(parseAmountToCents('10.5')).toBe(1050);
    expect(parseAmountToCents('10')).toBe(1000);
    expect(parseAmountToCents('0.07')).toBe(7);
    for (const bad of ['', '-1.00', '1.001', '1e3', ' 1.00', '1,00', 'NaN']) {
      expect(parseAmountToCents(bad)).toBeNull();
    }
  });
});
