import { createHash } from 'node:crypto';

/** Where the live PayPal JS SDK, its buttons' frames and their images come from. */
const PAYPAL_ORIGINS = [
  'https://www.paypal.com',
  'https://www.sandbox.paypal.com',
  'https://*.paypal.com',
  'https://www.paypalobjects.com',
];
/** Firebase Auth's REST endpoints and its sign-in helper frames. */
const FIREBASE_ORIGINS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://*.firebaseapp.com',
];

/** @param {string | undefined} url */
const originOf = (url) => {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
};

/**
 * The sha256 sources of an HTML document's inline scripts (index.html's early-start script),
 * so they run while every other inline script is refused.
 *
 * @param {string} html
 */
export function inlineScriptHashes(html) {
  const hashes = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = match[1] ?? '';
    if (body.trim() === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

/**
 * The Content-Security-Policy of the site's pages: scripts only from the site, its remotes and
 * PayPal (plus index.html's own inline script, by hash), connections only to the API, the
 * remotes, Firebase Auth and PayPal, frames only from PayPal and Firebase, and no framing of our
 * pages by anyone (clickjacking). Written once here for every way the site is served (npm start,
 * the deploy kit).
 *
 * @param {object} site
 * @param {string} site.apiUrl the API's public address
 * @param {string[]} site.remoteUrls where the remotes are served
 * @param {{ emulatorUrl?: string, authDomain?: string }} [site.firebase]
 * @param {string} [site.paypalSdkBaseUrl] a PayPal SDK other than PayPal's own (the local double)
 * @param {string[]} [site.inlineScripts] the pages' inline script hashes (inlineScriptHashes)
 */
export function contentSecurityPolicy({
  apiUrl,
  remoteUrls,
  firebase = {},
  paypalSdkBaseUrl,
  inlineScripts = [],
}) {
  const remotes = remoteUrls.flatMap(originOf);
  const paypal = [...PAYPAL_ORIGINS, ...originOf(paypalSdkBaseUrl)];
  const auth = [
    ...FIREBASE_ORIGINS,
    ...originOf(firebase.emulatorUrl),
    ...(firebase.authDomain ? [`https://${firebase.authDomain}`] : []),
  ];
  const api = originOf(apiUrl);
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...paypal, ...inlineScripts],
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...api, ...remotes, ...paypal],
    'font-src': ["'self'", 'data:', ...remotes],
    'connect-src': ["'self'", ...api, ...remotes, ...auth, ...paypal],
    'frame-src': [...paypal, ...auth],
    'media-src': ["'self'", 'https:', ...api],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...paypal],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/** HSTS for a site served over https: a year, subdomains included. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * The policy of a site's pages, given the shell's runtime settings (its /config.json) and where
 * the remotes are: for every way the site is served (npm start, the tests' nginx, the image).
 *
 * @param {{ apiBaseUrl?: unknown, firebase?: unknown, paypalSdkBaseUrl?: unknown }} shellConfig
 * @param {string[]} remoteUrls
 * @returns {(html: string) => string} the policy of a page, given its HTML (its inline scripts)
 */
export function sitePolicy(shellConfig, remoteUrls) {
  return (html) =>
    contentSecurityPolicy({
      apiUrl: String(shellConfig.apiBaseUrl ?? ''),
      remoteUrls,
      firebase: /** @type {{ emulatorUrl?: string, authDomain?: string }} */ (
        shellConfig.firebase ?? {}
      ),
      paypalSdkBaseUrl: /** @type {string | undefined} */ (shellConfig.paypalSdkBaseUrl),
      inlineScripts: inlineScriptHashes(html),
    });
}
