function hex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}

/**
 * A W3C Trace Context `traceparent` for one API call: a new trace id and span id, not sampled
 * (the browser records nothing; the API decides whether to). The API's spans and log lines for
 * the call carry this trace id.
 *
 * The browser's clients send it only on calls that are preflighted anyway (a bearer token or a JSON body): on an
 * anonymous read it would make the browser ask the API's CORS permission first, a round trip
 * the landing page does not pay.
 */
export function newTraceparent(): string {
  return `00-${hex(16)}-${hex(8)}-00`;
}
