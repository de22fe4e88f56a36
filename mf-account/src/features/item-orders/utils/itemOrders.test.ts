import { itemOrder } from '@coldmail/testing';
import { describe, expect, it } from 'vitest';
import { accessLinkOf, newestFirst } from './itemOrders';

describe('item orders', () => {
  it('shows the access link only once the order is paid', () => {
    const url = 'https://files.example.com/playbook';
    expect(accessLinkOf(itemOrder({ paymentStatus: 'Paid', accessUrl: url }))).toBe(url);
    expect(accessLinkOf(itemOrder({ paymentStatus: 'PAID', accessUrl: url }))).toBe(url);
    expect(accessLinkOf(itemOrder({ paymentStatus: 'pending', accessUrl: url }))).toBeNull();
    expect(accessLinkOf(itemOrder({ paymentStatus: 'Paid' }))).toBeNull();
  });

  it('lists the newest order first', () => {
    const orders = [
      itemOrder({ _id: 'a', createdAt: '2026-01-01T00:00:00.000Z' }),
      itemOrder({ _id: 'b', createdAt: '2026-02-01T00:00:00.000Z' }),
    ];
    expect(newestFirst(orders).map((order) => order._id)).toEqual(['b', 'a']);
  });
});
