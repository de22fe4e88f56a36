import { isIP } from 'node:net';

export type TrustProxy = false | number | string[];

export const TRUST_PROXY_FORMAT =
  'Must be the number of proxies in front of the API (e.g. 1) or a comma-separated list of their ' +
  'addresses or CIDR ranges (e.g. 10.0.0.0/8,loopback); "true" is refused because it would let ' +
  'any client choose its own address through X-Forwarded-For';

/** proxy-addr's names for well-known ranges, which Fastify's trustProxy accepts. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** The TRUST_PROXY setting, or null when it is not one of the accepted forms. */
export function parseTrustProxy(text: string): TrustProxy | null {
  const value = text.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (/^\d+$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    if (PROXY_RANGE_NAMES.has(entry)) return true;
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    if (!family || extra !== undefined) return false;
    if (prefix === undefined) return true;
    return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
  });
  return valid ? entries : null;
}
