// The Content-Security-Policy of the site's pages, written once for every way the site is served:
// the Node server of `npm start` (index.mjs) imports it, and so does the deploy kit's nginx
// (deploy/nginx/site.js, through njs), which works it out per page from the mounted settings.
// njs 0.7 (Debian bookworm's) reads this file too, so it keeps to the JavaScript njs knows:
// no destructuring, spread, default parameters, Set, URL or flatMap, and a default export only.

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
/** The script Firebase's Google sign-in popup talks to its helper frame with (gapi). */
const GOOGLE_SIGN_IN_SCRIPTS = ['https://apis.google.com'];
/** HSTS for a site served over https: a year, subdomains included. */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

const ORIGIN = /^(https?):\/\/([^/?#@\s]+)(?:[/?#]|$)/i;
const DEFAULT_PORTS = { http: ':80', https: ':443' };

/**
 * The origin of an http(s) URL as a source list wants it (scheme and host in lower case, no
 * default port), or none for anything else.
 *
 * @param {unknown} url
 * @returns {string[]}
 */
const originOf = (url) => {
  const match = typeof url === 'string' ? ORIGIN.exec(url) : null;
  if (!match) return [];
  const scheme = String(match[1]).toLowerCase();
  let host = String(match[2]).toLowerCase();
  const defaultPort = DEFAULT_PORTS[/** @type {'http' | 'https'} */ (scheme)];
  if (host.endsWith(defaultPort)) host = host.slice(0, -defaultPort.length);
  return [`${scheme}://${host}`];
};

/**
 * Where the pages' error reports go: the origin of a Sentry DSN
 * (`https://<public key>@<host>/<project>`), its key left out; none without one.
 *
 * @param {unknown} dsn
 * @returns {string[]}
 */
const dsnOriginOf = (dsn) =>
  typeof dsn === 'string' ? originOf(dsn.replace(/^(https?:\/\/)[^@/?#\s]*@/i, '$1')) : [];

/** @param {unknown[]} urls @returns {string[]} */
const originsOf = (urls) =>
  urls.reduce(
    (/** @type {string[]} */ all, url) => all.concat(originOf(url)),
    /** @type {string[]} */ ([]),
  );

/** @param {string[]} sources */
const unique = (sources) => sources.filter((source, at) => sources.indexOf(source) === at);

/**
 * The sha256 sources of an HTML document's inline scripts (index.html's early-start script),
 * so they run while every other inline script is refused.
 *
 * @param {string} html
 * @param {(text: string) => string} sha256 the text's SHA-256 digest in base64
 * @returns {string[]}
 */
function inlineScriptHashes(html, sha256) {
  const hashes = [];
  const scripts = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
  for (let match = scripts.exec(html); match; match = scripts.exec(html)) {
    const body = match[1] || '';
    if (body.trim() !== '') hashes.push(`'sha256-${sha256(body)}'`);
  }
  return hashes;
}

/**
 * The Content-Security-Policy of the site's pages: scripts only from the site, its remotes,
 * PayPal and Google's sign-in helper (plus index.html's own inline script, by hash), connections only to the API, the
 * remotes, Firebase Auth, PayPal and the error tracker, frames only from PayPal and Firebase, and no framing of our
 * pages by anyone (clickjacking).
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
 * @param {string} [site.sentryDsn] where the pages report their errors (config.json's sentryDsn)
 */
function contentSecurityPolicy(site) {
  const firebase = site.firebase || {};
  const remotes = originsOf(site.remoteUrls);
  const paypal = PAYPAL_SDK_HOSTS.concat(originOf(site.paypalSdkBaseUrl));
  const paypalAssets = paypal.concat(PAYPAL_ASSET_HOSTS);
  const images = originsOf(site.imageOrigins || []);
  const authDomain = firebase.authDomain
    ? [`https://${firebase.authDomain}`]
    : firebase.projectId
      ? [`https://${firebase.projectId}.firebaseapp.com`]
      : [];
  const auth = FIREBASE_ORIGINS.concat(originOf(firebase.emulatorUrl), authDomain);
  const api = originOf(site.apiUrl);
  const self = ["'self'"];
  /** @type {Array<[string, string[]]>} */
  const directives = [
    ['default-src', self],
    [
      'script-src',
      self.concat(remotes, paypalAssets, GOOGLE_SIGN_IN_SCRIPTS, site.inlineScripts || []),
    ],
    ['style-src', self.concat(["'unsafe-inline'"], remotes)],
    [
      'img-src',
      self.concat(['data:', 'blob:'], api, remotes, paypalAssets, [YOUTUBE_POSTERS], images),
    ],
    ['font-src', self.concat(['data:'], remotes)],
    ['connect-src', self.concat(api, remotes, auth, paypal, dsnOriginOf(site.sentryDsn))],
    ['frame-src', paypal.concat(auth, [YOUTUBE_PLAYER])],
    ['media-src', self.concat(api)],
    ['object-src', ["'none'"]],
    ['base-uri', self],
    ['form-action', self.concat(paypal)],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives
    .map((directive) => `${directive[0]} ${unique(directive[1]).join(' ')}`)
    .join('; ');
}

/**
 * The policy of a page, given the shell's runtime settings (its /config.json), where the remotes
 * are (its /remotes.json) and the page's HTML (its inline scripts).
 *
 * @param {{ apiBaseUrl?: unknown, firebase?: unknown, paypalSdkBaseUrl?: unknown, imageOrigins?: unknown, sentryDsn?: unknown }} shellConfig
 * @param {Record<string, string>} remotes each remote's mf-manifest.json URL
 * @param {string} html
 * @param {(text: string) => string} sha256
 */
function sitePolicy(shellConfig, remotes, html, sha256) {
  const config = shellConfig || {};
  return contentSecurityPolicy({
    apiUrl: typeof config.apiBaseUrl === 'string' ? config.apiBaseUrl : '',
    remoteUrls: Object.keys(remotes || {}).map((name) => String(remotes[name])),
    firebase: /** @type {{ emulatorUrl?: string, authDomain?: string, projectId?: string }} */ (
      config.firebase && typeof config.firebase === 'object' ? config.firebase : {}
    ),
    paypalSdkBaseUrl:
      typeof config.paypalSdkBaseUrl === 'string' ? config.paypalSdkBaseUrl : undefined,
    imageOrigins: Array.isArray(config.imageOrigins)
      ? config.imageOrigins.filter((origin) => typeof origin === 'string')
      : [],
    inlineScripts: inlineScriptHashes(html, sha256),
    sentryDsn: typeof config.sentryDsn === 'string' ? config.sentryDsn : undefined,
  });
}

export default {
  contentSecurityPolicy,
  inlineScriptHashes,
  sitePolicy,
  STRICT_TRANSPORT_SECURITY,
};
