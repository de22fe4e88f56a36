import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, worked out once. With static directives helmet sets the
 * same headers on every response, so the API sets this object instead of running helmet's chain
 * of middlewares on every request. Directives computed per request (CSP nonces) cannot be worked
 * out once and are refused.
 */
export function securityHeadersOf(options: HelmetOptions): Readonly<Record<string, string>> {
  const csp = options.contentSecurityPolicy;
  const directives = typeof csp === 'object' ? Object.values(csp.directives ?? {}) : [];
  if (directives.flat().some((value) => typeof value === 'function')) {
    throw new Error('Security headers computed per request cannot be precomputed');
  }
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
      return response;
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  let outcome: unknown = new Error('helmet did not set its headers synchronously');
  helmet(options)(
    {} as IncomingMessage,
    response as unknown as ServerResponse,
    (error?: unknown) => {
      outcome = error ?? null;
    },
  );
  if (outcome) throw outcome;
  return Object.freeze(Object.fromEntries(headers));
}
