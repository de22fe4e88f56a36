import { packageOrder } from '@coldmail/testing';
import { describe, expect, it } from 'vitest';
import { daysLeft, daysLeftText } from './daysLeft';
import { searchPackageOrders } from './searchPackageOrders';

describe('daysLeft', () => {
  const now = new Date('2026-03-10T12:00:00.000Z');

  it('rounds a part day still to come up to a whole day', () => {
    expect(daysLeft('2026-03-12T13:00:00.000Z', now)).toBe(3);
    expect(daysLeft('2026-03-12T12:00:00.000Z', now)).toBe(2);
    expect(daysLeft('2026-03-10T12:00:01.000Z', now)).toBe(1);
  });

  it("is 'Expired' once no time is left", () => {
    expect(daysLeft('2026-03-10T12:00:00.000Z', now)).toBe('Expired');
    expect(daysLeft('2026-03-09T13:00:00.000Z', now)).toBe('Expired');
    expect(daysLeft('2025-01-01T00:00:00.000Z', now)).toBe('Expired');
  });

  it("is 'N/A' without a readable validity date", () => {
    expect(daysLeft(undefined, now)).toBe('N/A');
    expect(daysLeft('', now)).toBe('N/A');
    expect(daysLeft('not a date', now)).toBe('N/A');
  });

  it('reads as days', () => {
    expect(daysLeftText(1)).toBe('1 day');
    expect(daysLeftText(30)).toBe('30 days');
    expect(daysLeftText('Expired')).toBe('Expired');
  });
});

describe('searchPackageOrders', () => {
  const orders = [
    packageOrder({ _id: '1', orderId: 'AB12CD34', packageName: 'Starter', orderStatus: 'pending' }),
    packageOrder({
      _id: '2',
      orderId: 'ZZ99YY88',
      packageName: 'Pro Plan',
      orderStatus: 'Completed',
    }),
    packageOrder({
      _id: '3',
      orderId: 'QQ11WW22',
      packageName: 'Agency',
      orderStatus: 'Cancelled',
    }),
  ];
  const ids = (query: string) => searchPackageOrders(orders, query).map((order) => order._id);

  it('matches order id, status or package name, ignoring case', () => {
    expect(ids('ab12')).toEqual(['1']);
    expect(ids('COMPLETED')).toEqual(['2']);
    expect(ids('agen')).toEqual(['3']);
    expect(ids('  pro ')).toEqual(['2']);
  });

  it('keeps every order for an empty search and none for a miss', () => {
    expect(ids('')).toEqual(['1', '2', '3']);
    expect(ids('nothing-like-this')).toEqual([]);
  });
});
