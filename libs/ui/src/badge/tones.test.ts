import { describe, expect, it } from 'vitest';
import { orderStatusTone, priorityTone, ticketStatusTone } from './tones';

describe('orderStatusTone', () => {
  it.each([
    ['Completed', 'success'],
    ['PAID', 'success'],
    ['processing', 'warning'],
    ['Pending', 'warning'],
    ['shipped', 'info'],
    ['Cancelled', 'danger'],
    ['Refunded', 'neutral'],
    ['', 'neutral'],
    [null, 'neutral'],
  ] as const)('%s → %s', (status, tone) => {
    expect(orderStatusTone(status)).toBe(tone);
  });
});

describe('ticketStatusTone', () => {
  it.each([
    ['in-progress', 'warning'],
    ['Resolved', 'success'],
    ['CLOSED', 'secondary'],
    ['open', 'info'],
    ['new', 'info'],
  ] as const)('%s → %s', (status, tone) => {
    expect(ticketStatusTone(status)).toBe(tone);
  });
});

describe('priorityTone', () => {
  it.each([
    ['High', 'danger'],
    ['medium', 'warning'],
    ['low', 'info'],
    ['', 'info'],
  ] as const)('%s → %s', (priority, tone) => {
    expect(priorityTone(priority)).toBe(tone);
  });
});
