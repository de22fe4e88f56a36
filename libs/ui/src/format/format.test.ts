import { describe, expect, it } from 'vitest';
import { formatDate, formatUsd, formatUsdFixed } from './format';

describe('formatUsd', () => {
  it.each([
    [9, '$9 USD'],
    [9.99, '$9.99 USD'],
    ['29.00', '$29.00 USD'],
  ])('%s → %s, the amount as stored', (amount, text) => {
    expect(formatUsd(amount)).toBe(text);
  });
});

describe('formatUsdFixed', () => {
  it.each([
    [10, '$10.00 USD'],
    [9.5, '$9.50 USD'],
    ['29.99', '$29.99 USD'],
    ['0.00', '$0.00 USD'],
  ])('%s → %s', (amount, text) => {
    expect(formatUsdFixed(amount)).toBe(text);
  });

  it('shows a value that is not a number as it came', () => {
    expect(formatUsdFixed('n/a')).toBe('$n/a USD');
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
