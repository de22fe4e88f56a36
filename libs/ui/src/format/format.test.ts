import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatMoneyFixed, formatTaxLine } from './format';

describe('formatMoney', () => {
  it.each([
    [9, '$9 USD'],
    [9.99, '$9.99 USD'],
    ['29.00', '$29.00 USD'],
  ])('US dollars: %s → %s, the amount as stored (the spec)', (amount, text) => {
    expect(formatMoney(amount)).toBe(text);
    expect(formatMoney(amount, 'USD')).toBe(text);
  });

  it.each([
    [9, 'EUR', '€9.00 EUR'],
    ['1234.5', 'GBP', '£1,234.50 GBP'],
    [24.5, 'CAD', '$24.50 CAD'],
  ])('another currency: %s %s → %s, as Intl writes it, with its code', (amount, currency, text) => {
    expect(formatMoney(amount, currency)).toBe(text);
  });

  it('shows what it cannot format as it came', () => {
    expect(formatMoney('n/a', 'EUR')).toBe('n/a EUR');
    expect(formatMoney(5, 'NOT-A-CURRENCY')).toBe('5 NOT-A-CURRENCY');
  });
});

describe('formatMoneyFixed', () => {
  it.each([
    [10, '$10.00 USD'],
    [9.5, '$9.50 USD'],
    ['29.99', '$29.99 USD'],
    ['0.00', '$0.00 USD'],
  ])('%s → %s', (amount, text) => {
    expect(formatMoneyFixed(amount)).toBe(text);
  });

  it('writes euros with two decimals too', () => {
    expect(formatMoneyFixed('24.5', 'EUR')).toBe('€24.50 EUR');
  });

  it('shows a value that is not a number as it came', () => {
    expect(formatMoneyFixed('n/a')).toBe('$n/a USD');
  });
});

describe('formatDate', () => {
  it('writes a timestamp in short English form', () => {
    expect(formatDate('2026-03-05T12:00:00.000Z')).toBe('Mar 5, 2026');
  });

  it('is empty for a missing or broken timestamp', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('05/03/2026')).toBe('');
  });
});

describe('formatTaxLine', () => {
  it.each([
    [{ label: 'VAT', rate: 20, inclusive: false }, 'VAT (20 %)'],
    [{ label: 'VAT', rate: 20, inclusive: true }, 'Includes VAT (20 %)'],
    [{ label: 'TVA', rate: 5.5, inclusive: false }, 'TVA (5.5 %)'],
    [{ label: 'GST', rate: 7.25, inclusive: true }, 'Includes GST (7.25 %)'],
  ])('%o → %s', (tax, text) => {
    expect(formatTaxLine(tax)).toBe(text);
  });
});
