import { createHash } from 'node:crypto';

/**
 * PayPal's JS SDK, by exact host (no `*.paypal.com`, which any PayPal-hosted page would match):
 * the SDK script and its buttons' frames come from www.paypal.com (www.sandbox.paypal.com for
 * the sandbox), their images and some of their scripts from www.paypalobjects.com, and the
 * SDK's own logging is sent to the host it came from. The frames' own content answers to
 * PayPal's policy, not ours.
 */
const PAYPAL_SDK_HOSTS = ['https://www.paypal.com', 'https://www.sandbox.paypal.com'];
const PAYPAL_ASSET_HOSTS = ['https://www.paypalobjects.com'];
/** The banner's YouTube video: its player (privacy-enhanced mode) and its poster image. */
const YOUTUBE_PLAYER = 'https://www.youtube-nocookie.com';
const YOUTUBE_POSTERS = 'https://i.ytimg.com';
/** Firebase Auth's REST endpoints (its sign-in helper frames are on the project's auth domain). */
const FIREBASE_ORIGINS = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
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
 * @param {{ emulatorUrl?: string, authDomain?: string, projectId?: string }} [site.firebase] the
 *   helper frames are on `authDomain`, by default the project's `<projectId>.firebaseapp.com`
 * @param {string} [site.paypalSdkBaseUrl] a PayPal SDK other than PayPal's own (the local double)
 * @param {string[]} [site.imageOrigins] where the admins' images that are not uploads may come
 *   from (the shell's config.json `imageOrigins`); no other site's image is shown
 * @param {string[]} [site.inlineScripts] the pages' inline script hashes (inlineScriptHashes)
 */
export function contentSecurityPolicy({
  apiUrl,
  remoteUrls,
  firebase = {},
  paypalSdkBaseUrl,
  imageOrigins = [],
  inlineScripts = [],
}) {
  const remotes = remoteUrls.flatMap(originOf);
  const paypal = [...PAYPAL_SDK_HOSTS, ...originOf(paypalSdkBaseUrl)];
  const paypalAssets = [...paypal, ...PAYPAL_ASSET_HOSTS];
  const images = imageOrigins.flatMap(originOf);
  const auth = [
    ...FIREBASE_ORIGINS,
    ...originOf(firebase.emulatorUrl),
    ...(firebase.authDomain
      ? [`https://${firebase.authDomain}`]
      : firebase.projectId
        ? [`https://${firebase.projectId}.firebaseapp.com`]
        : []),
  ];
  const api = originOf(apiUrl);
  const directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes, ...paypalAssets, ...inlineScripts],
    'style-src': ["'self'", "'unsafe-inline'", ...remotes],
    'img-src': [
      "'self'",
      'data:',
      'blob:',
      ...api,
      ...remotes,
      ...paypalAssets,
      YOUTUBE_POSTERS,
      ...images,
    ],
    'font-src': ["'self'", 'data:', ...remotes],
    'connect-src': ["'self'", ...api, ...remotes, ...auth, ...paypal],
    'frame-src': [...paypal, ...auth, YOUTUBE_PLAYER],
    'media-src': ["'self'", ...api],
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
 * @param {{ apiBaseUrl?: unknown, firebase?: unknown, paypalSdkBaseUrl?: unknown, imageOrigins?: unknown }} shellConfig
 * @param {string[]} remoteUrls
 * @returns {(html: string) => string} the policy of a page, given its HTML (its inline scripts)
 */
export function sitePolicy(shellConfig, remoteUrls) {
  return (html) =>
    contentSecurityPolicy({
      apiUrl: String(shellConfig.apiBaseUrl ?? ''),
      remoteUrls,
      firebase: /** @type {{ emulatorUrl?: string, authDomain?: string, projectId?: string }} */ (
        shellConfig.firebase ?? {}
      ),
      paypalSdkBaseUrl: /** @type {string | undefined} */ (shellConfig.paypalSdkBaseUrl),
      imageOrigins: Array.isArray(shellConfig.imageOrigins)
        ? shellConfig.imageOrigins.filter((origin) => typeof origin === 'string')
        : [],
      inlineScripts: inlineScriptHashes(html),
    });
}
