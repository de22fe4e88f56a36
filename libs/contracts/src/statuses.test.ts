import { describe, expect, it } from 'vitest';
import { isCompleted, isPaid, isPending, statusIs, ticketStatus } from './statuses';

describe('order status rules', () => {
  it.each([
    ['pending', true],
    ['Pending', true],
    ['PENDING', true],
    [' pending ', true],
    ['Paid', false],
    ['Failed', false],
    ['', false],
  ])('paymentStatus %j is pending: %s', (paymentStatus, pending) => {
    expect(isPending({ paymentStatus })).toBe(pending);
  });

  it('reads Paid and Completed whatever their case', () => {
    expect(isPaid({ paymentStatus: 'Paid' })).toBe(true);
    expect(isPaid({ paymentStatus: 'PAID' })).toBe(true);
    expect(isPaid({ paymentStatus: 'pending' })).toBe(false);
    expect(isPaid({ paymentStatus: 'Unpaid' })).toBe(false);
    expect(isCompleted({ orderStatus: 'completed' })).toBe(true);
    expect(isCompleted({ orderStatus: 'Cancelled' })).toBe(false);
  });
});

describe('statusIs', () => {
  it('compares a stored status with a known one, ignoring case and surrounding spaces', () => {
    expect(statusIs('In-Progress ', ticketStatus.inProgress)).toBe(true);
    expect(statusIs('in progress', ticketStatus.inProgress)).toBe(false);
    expect(statusIs(undefined, ticketStatus.open)).toBe(false);
  });
});
