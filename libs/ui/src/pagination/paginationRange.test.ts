import { describe, expect, it } from 'vitest';
import { paginationRange } from './paginationRange';

const E = 'ellipsis';

describe('paginationRange', () => {
  it.each([
    [1, 20, [1, 2, 3, 4, 5, E, 20]],
    [3, 20, [1, 2, 3, 4, 5, E, 20]],
    [6, 20, [1, E, 4, 5, 6, 7, 8, E, 20]],
    [10, 20, [1, E, 8, 9, 10, 11, 12, E, 20]],
    [18, 20, [1, E, 16, 17, 18, 19, 20]],
    [20, 20, [1, E, 16, 17, 18, 19, 20]],
  ])('page %i of %i → %j', (page, count, expected) => {
    expect(paginationRange(page, count)).toEqual(expected);
  });

  it('lists every page without ellipses for 7 pages or fewer', () => {
    for (let page = 1; page <= 7; page += 1) {
      expect(paginationRange(page, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    }
    expect(paginationRange(2, 3)).toEqual([1, 2, 3]);
    expect(paginationRange(1, 1)).toEqual([1]);
  });

  it('shows a lone skipped page instead of an ellipsis', () => {
    expect(paginationRange(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, E, 20]);
    expect(paginationRange(1, 8)).toEqual([1, 2, 3, 4, 5, E, 8]);
  });

  it('returns nothing without pages and clamps an out-of-range page', () => {
    expect(paginationRange(1, 0)).toEqual([]);
    expect(paginationRange(99, 20)).toEqual([1, E, 16, 17, 18, 19, 20]);
  });

  it('honours a custom window size', () => {
    expect(paginationRange(10, 20, 3)).toEqual([1, E, 9, 10, 11, E, 20]);
  });
});
