import { describe, expect, it } from 'vitest';
import { pageCountOf, pageSummary, paginate } from './paginate';

describe('paginate helpers', () => {
  const rows = Array.from({ length: 23 }, (_, i) => i + 1);

  it('slices one page of rows', () => {
    expect(paginate(rows, 1, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(paginate(rows, 3, 10)).toEqual([21, 22, 23]);
    expect(paginate(rows, 4, 10)).toEqual([]);
  });

  it('counts pages', () => {
    expect(pageCountOf(23, 10)).toBe(3);
    expect(pageCountOf(20, 10)).toBe(2);
    expect(pageCountOf(0, 10)).toBe(0);
  });

  it('summarises the visible range', () => {
    expect(pageSummary(3, 10, 23)).toEqual({ from: 21, to: 23, total: 23 });
    expect(pageSummary(1, 10, 0)).toEqual({ from: 0, to: 0, total: 0 });
  });
});
