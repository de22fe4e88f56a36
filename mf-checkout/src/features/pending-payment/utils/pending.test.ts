import { describe, expect, it } from 'vitest';
import { pendingNewestFirst } from './pending';

describe('pendingNewestFirst', () => {
  it('keeps only pending orders, whatever the case of their status, newest first', () => {
    const orders = [
      { id: 'old', paymentStatus: 'pending', createdAt: '2026-01-01T00:00:00.000Z' },
      { id: 'paid', paymentStatus: 'Paid', createdAt: '2026-03-01T00:00:00.000Z' },
      { id: 'new', paymentStatus: 'PENDING', createdAt: '2026-02-01T00:00:00.000Z' },
    ];
    expect(pendingNewestFirst(orders).map((order) => order.id)).toEqual(['new', 'old']);
  });
});
