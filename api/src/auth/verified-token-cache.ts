import type { DecodedIdToken } from 'firebase-admin/auth';

/**
 * Recently verified ID tokens, so a client making many calls with the same token pays for the
 * signature check once. An entry lives until the token's own expiry (verification is stateless
 * without revocation checks, so caching it does not weaken anything). The oldest entries go
 * first when the cache is full (a token still in use is then verified once more): keeping them
 * in order of use moved an entry on every request, which cost more than the rest of the lookup
 * (`npm run bench:api`).
 */
export class VerifiedTokenCache {
  private readonly entries = new Map<string, DecodedIdToken>();

  constructor(private readonly maxEntries = 10_000) {}

  get(token: string, nowMs = Date.now()): DecodedIdToken | undefined {
    const decoded = this.entries.get(token);
    if (!decoded) return undefined;
    if (decoded.exp * 1000 <= nowMs) {
      this.entries.delete(token);
      return undefined;
    }
    return decoded;
  }

  set(token: string, decoded: DecodedIdToken): void {
    this.entries.delete(token);
    this.entries.set(token, decoded);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
