import csp from './csp.mjs';

/**
 * The headers of every answer of a built app, however it is served (serveApp for npm start and
 * the tests' Node server, nginx.mjs for the deploy kit's nginx): remotes are fetched
 * cross-origin by the shell, nothing is sniffed into another type, and a site on https stays
 * on it.
 *
 * @param {{ hsts?: boolean }} options
 * @returns {Array<[string, string]>}
 */
export function commonHeaders({ hsts = false }) {
  return [
    ['Access-Control-Allow-Origin', '*'],
    ['X-Content-Type-Options', 'nosniff'],
    ...(hsts
      ? [
          /** @type {[string, string]} */ ([
            'Strict-Transport-Security',
            csp.STRICT_TRANSPORT_SECURITY,
          ]),
        ]
      : []),
  ];
}

/**
 * What a preflight (OPTIONS) is told: the apps are read, never written.
 *
 * @returns {Array<[string, string]>}
 */
export const preflightHeaders = () => [
  ['Access-Control-Allow-Methods', 'GET, HEAD'],
  ['Access-Control-Allow-Headers', '*'],
];

/**
 * The headers of a page (an HTML document) on top of the common ones: its Content-Security-Policy,
 * no framing (clickjacking), no full URL sent to other sites, no camera, microphone or location,
 * and its window kept from pages it did not open (PayPal's and Firebase's pop-ups, which it
 * opens, still reach it).
 *
 * @param {string} policy the page's Content-Security-Policy
 * @returns {Array<[string, string]>}
 */
export function pageHeaders(policy) {
  return [
    ['Content-Security-Policy', policy],
    ['X-Frame-Options', 'DENY'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
    ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
  ];
}
