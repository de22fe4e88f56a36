import { describe, expect, it } from 'vitest';
import { sortRows } from './sortRows';
import type { TableColumn } from './types';

interface Order {
  id: string;
  customer?: string | null;
  amount?: string | number;
  placedAt?: Date;
}

const columns: TableColumn<Order>[] = [
  { key: 'customer', header: 'Customer', sortable: true },
  { key: 'amount', header: 'Amount', sortable: true },
  { key: 'placedAt', header: 'Placed', sortValue: (o) => o.placedAt },
];

const ids = (rows: readonly Order[]) => rows.map((r) => r.id);

describe('sortRows', () => {
  it('compares text case-insensitively in both directions', () => {
    const rows = [
      { id: 'a', customer: 'bob' },
      { id: 'b', customer: 'Alice' },
      { id: 'c', customer: 'carol' },
    ];
    expect(ids(sortRows(rows, columns, { key: 'customer', direction: 'asc' }))).toEqual([
      'b',
      'a',
      'c',
    ]);
    expect(ids(sortRows(rows, columns, { key: 'customer', direction: 'desc' }))).toEqual([
      'c',
      'a',
      'b',
    ]);
  });

  it('compares numeric strings as numbers', () => {
    const rows = [
      { id: 'a', amount: '100' },
      { id: 'b', amount: '9.5' },
      { id: 'c', amount: 20 },
    ];
    expect(ids(sortRows(rows, columns, { key: 'amount', direction: 'asc' }))).toEqual([
      'b',
      'c',
      'a',
    ]);
  });

  it('compares dates chronologically', () => {
    const rows = [
      { id: 'a', placedAt: new Date('2024-03-01') },
      { id: 'b', placedAt: new Date('2023-12-31') },
      { id: 'c', placedAt: new Date('2024-01-15') },
    ];
    expect(ids(sortRows(rows, columns, { key: 'placedAt', direction: 'desc' }))).toEqual([
      'a',
      'c',
      'b',
    ]);
  });

  it('puts null and undefined last whatever the direction', () => {
    const rows = [
      { id: 'a', customer: null },
      { id: 'b', customer: 'Zed' },
      { id: 'c' },
      { id: 'd', customer: 'Amy' },
    ];
    expect(ids(sortRows(rows, columns, { key: 'customer', direction: 'asc' }))).toEqual([
      'd',
      'b',
      'a',
      'c',
    ]);
    expect(ids(sortRows(rows, columns, { key: 'customer', direction: 'desc' }))).toEqual([
      'b',
      'd',
      'a',
      'c',
    ]);
  });

  it('keeps the original order of equal values (stable) and does not mutate the input', () => {
    const rows = [
      { id: 'a', customer: 'Sam' },
      { id: 'b', customer: 'amy' },
      { id: 'c', customer: 'SAM' },
      { id: 'd', customer: 'sam' },
    ];
    const before = ids(rows);
    expect(ids(sortRows(rows, columns, { key: 'customer', direction: 'desc' }))).toEqual([
      'a',
      'c',
      'd',
      'b',
    ]);
    expect(ids(rows)).toEqual(before);
  });

  it('leaves rows alone without a sort or for an unknown column', () => {
    const rows = [{ id: 'b' }, { id: 'a' }];
    expect(sortRows(rows, columns, null)).toBe(rows);
    expect(sortRows(rows, columns, { key: 'nope', direction: 'asc' })).toBe(rows);
  });
});
