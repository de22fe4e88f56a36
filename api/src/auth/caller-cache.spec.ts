import type { UserRecord } from '@coldmail/contracts';
import { CallerCache } from './caller-cache';

const record = (overrides: Partial<UserRecord> = {}) =>
  ({ _id: 'u1', userEmail: 'ada@example.com', userRole: 'member', ...overrides }) as UserRecord;

describe('CallerCache', () => {
  it('answers a kept record until it expires', () => {
    const cache = new CallerCache(5_000);
    cache.keep('uid-1', record(), cache.startRead(), 1_000);
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
    cache.keep('uid-1', record({ userRole: 'Admin' }), cache.startRead());
    expect(cache.get('uid-1')?.userRole).toBe('Admin');
  });

  it('does not keep a read racing a change named by an address it never cached', () => {
    const cache = new CallerCache();
    const read = cache.startRead();
    cache.forgetEmail('ada@example.com');
    cache.keep('uid-1', record(), read);
    expect(cache.get('uid-1')).toBeUndefined();
  });
});
