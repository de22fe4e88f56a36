import type { UserRecord } from '@coldmail/contracts';
import { CallerCache } from './caller-cache';

const record = (overrides: Partial<UserRecord> = {}) =>
  ({ _id: 'u1', userEmail: 'ada@example.com', userRole: 'member', ...overrides }) as UserRecord;

describe('CallerCache', () => {
  it('answers a kept record until it expires', () => {
    const cache = new CallerCache(5_000);
    cache.keep('uid-1', record(), cache.startRead(), { nowMs: 1_000 });
    expect(cache.get('uid-1', 5_999)?.userRole).toBe('member');
    expect(cache.get('uid-1', 6_000)).toBeUndefined();
  });

  it('forgets a record when it changes, by id or by address', () => {
    const cache = new CallerCache();
    cache.keep('uid-1', record(), cache.startRead());
    cache.forget('u1');
    expect(cache.get('uid-1')).toBeUndefined();
    cache.keep('uid-1', record(), cache.startRead());
    cache.forgetEmail('ada@example.com');
    expect(cache.get('uid-1')).toBeUndefined();
  });

  it('does not keep a read that began before the record was changed', () => {
    const cache = new CallerCache();
    const read = cache.startRead();
    // An admin's role change lands while the request's read is under way.
    cache.forget('u1');
    cache.keep('uid-1', record(), read);
    expect(cache.get('uid-1')).toBeUndefined();
    // A read that began after the change is kept.
    cache.keep('uid-1', record({ userName: 'Ada' }), cache.startRead());
    expect(cache.get('uid-1')?.userName).toBe('Ada');
  });

  it("never keeps an Admin's or a Seller's record: a role taken away on another instance counts at once", () => {
    const cache = new CallerCache();
    for (const userRole of ['Admin', 'Seller'] as const) {
      cache.keep('uid-1', record({ userRole }), cache.startRead());
      expect(cache.get('uid-1')).toBeUndefined();
    }
  });

  it('does not keep a read racing a change named by an address it never cached', () => {
    const cache = new CallerCache();
    const read = cache.startRead();
    cache.forgetEmail('ada@example.com');
    cache.keep('uid-1', record(), read);
    expect(cache.get('uid-1')).toBeUndefined();
  });

  it('takes the balance of a newer credit change, whatever order the changes are told in', () => {
    const cache = new CallerCache();
    cache.keep('uid-1', record({ currentBalance: 10 }), cache.startRead(), { creditSequence: 4 });
    const at = new Date('2026-11-25T12:00:00Z');
    // Two generations' debits (changes 5 and 6), their answers arriving in reverse.
    cache.creditApplied('u1', { balanceAfter: 8, sequence: 6, at });
    cache.creditApplied('u1', { balanceAfter: 9, sequence: 5, at });
    expect(cache.get('uid-1')).toMatchObject({
      currentBalance: 8,
      updatedAt: '2026-11-25T12:00:00.000Z',
    });
    // A change the cached record already holds changes nothing.
    cache.creditApplied('u1', { balanceAfter: 10, sequence: 4, at });
    expect(cache.get('uid-1')?.currentBalance).toBe(8);
  });

  it('does not keep a read that answers a balance older than a change already told', () => {
    const cache = new CallerCache();
    const read = cache.startRead();
    cache.creditApplied('u1', { balanceAfter: 4, sequence: 2, at: new Date() });
    // The read reached the database before the debit: it holds one change, not two.
    cache.keep('uid-1', record({ currentBalance: 5 }), read, { creditSequence: 1 });
    expect(cache.get('uid-1')).toBeUndefined();
    // A read that holds the change is kept.
    cache.keep('uid-1', record({ currentBalance: 4 }), cache.startRead(), { creditSequence: 2 });
    expect(cache.get('uid-1')?.currentBalance).toBe(4);
  });
});
