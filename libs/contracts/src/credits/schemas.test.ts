import { describe, expect, it } from 'vitest';
import { creditHistoryQuerySchema } from './schemas';

describe('creditHistoryQuerySchema', () => {
  it('reads page and page size from the query string, with defaults', () => {
    expect(creditHistoryQuerySchema.parse({})).toEqual({ page: 1, pageSize: 10 });
    expect(creditHistoryQuerySchema.parse({ page: '3', pageSize: '100' })).toEqual({
      page: 3,
      pageSize: 100,
    });
  });

  it.each([
    [{ pageSize: '101' }],
    [{ pageSize: '0' }],
    [{ page: '0' }],
    [{ page: '' }],
    [{ page: '1.5' }],
    [{ page: 'two' }],
    [{ page: ['1', '2'] }],
  ])('refuses a page outside 1.. or a page size outside 1..100: %j', (query) => {
    expect(creditHistoryQuerySchema.safeParse(query).success).toBe(false);
  });

  it('takes a user id only as an id, never as an operator or an unknown key', () => {
    const id = '0123456789abcdef01234567';
    expect(creditHistoryQuerySchema.parse({ userId: id }).userId).toBe(id);
    expect(creditHistoryQuerySchema.safeParse({ userId: { $ne: id } }).success).toBe(false);
    expect(creditHistoryQuerySchema.safeParse({ 'userId[$ne]': id }).success).toBe(false);
  });
});
