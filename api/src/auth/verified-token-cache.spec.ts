import type { DecodedIdToken } from 'firebase-admin/auth';
import { VerifiedTokenCache } from './verified-token-cache';

const NOW = 1_700_000_000_000;
const claims = (uid: string, expSeconds: number) =>
  ({ uid, exp: expSeconds }) as unknown as DecodedIdToken;

describe('VerifiedTokenCache', () => {
  it('returns a verified token until the token expires', () => {
    const cache = new VerifiedTokenCache();
    cache.set('t1', claims('u1', NOW / 1000 + 60));
    expect(cache.get('t1', NOW)?.uid).toBe('u1');
    expect(cache.get('t1', NOW + 59_000)?.uid).toBe('u1');
    expect(cache.get('t1', NOW + 60_000)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the oldest token when full', () => {
    const cache = new VerifiedTokenCache(2);
    const exp = NOW / 1000 + 3600;
    cache.set('a', claims('a', exp));
    cache.set('b', claims('b', exp));
    cache.get('a', NOW);
    cache.set('c', claims('c', exp));
    expect(cache.get('a', NOW)).toBeUndefined();
    expect(cache.get('b', NOW)?.uid).toBe('b');
    expect(cache.get('c', NOW)?.uid).toBe('c');
    expect(cache.size).toBe(2);
    // Verified again, it is the newest.
    cache.set('a', claims('a', exp));
    expect(cache.get('b', NOW)).toBeUndefined();
    expect(cache.get('a', NOW)?.uid).toBe('a');
  });
});
