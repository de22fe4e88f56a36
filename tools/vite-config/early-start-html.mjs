/// <reference lib="dom" />
/* global document, window, location */
/**
 * The shell's first script, inlined into index.html so it runs while the page is parsed, before
 * the federation runtime and React load (which takes a few round trips): it starts reading
 * /config.json and /remotes.json and, for a path a remote owns, that remote's manifest, then
 * preloads the remote's entry and its App's chunks (not on a server-rendered page). The shell's own code picks the reads up from
 * `window.__coldmailEarly` (src/app/early-start.ts, and the manifest in remote-registry.ts)
 * instead of asking again.
 *
 * It runs as written here (serialised into the page): no imports, nothing newer than the shell's
 * browser targets.
 *
 * @param {Array<[string, string, readonly string[]]>} patterns each remote path's pattern
 *   source, its remote and the API paths its first render reads
 */
function earlyStart(patterns) {
  /** @param {string} path */
  const read = (path) =>
    fetch(path, { cache: 'no-store' }).then((response) => {
      if (!response.ok) throw new Error(`Failed to load ${path}: HTTP ${response.status}`);
      return response.json();
    });
  /**
   * @param {string} href
   * @param {'modulepreload' | 'style' | 'fetch'} as
   */
  const preload = (href, as) => {
    const link = document.createElement('link');
    if (as === 'modulepreload') link.rel = 'modulepreload';
    else Object.assign(link, { rel: 'preload', as });
    link.href = href;
    // Also what fetch() asks for by default (CORS, credentials only to the same origin), so the
    // app's own read of a preloaded answer is matched to it instead of sent again.
    link.crossOrigin = 'anonymous';
    document.head.append(link);
  };
  const config = read('/config.json');
  const remotes = read('/remotes.json');
  // Whoever consumes these reports failures; an unobserved rejection here is not an error.
  config.catch(() => {});
  remotes.catch(() => {});
  /** @type {Record<string, Promise<string>>} manifest URL → its text, for the federation runtime */
  const manifests = {};
  /** @type {any} */
  const early = { config, remotes, manifests };
  /** @type {any} */ (window).__coldmailEarly = early;
  // A server-rendered page shows before its code has run, and a click on it then does nothing:
  // the last one is kept, for the shell to make again once the page is taken over
  // (hydrate-on-demand.ts, which stops this when it starts listening itself).
  if (document.documentElement.hasAttribute('data-server-rendered')) {
    /** @param {Event} event */
    const keep = (event) => {
      early.clicks.last = event.target;
    };
    early.clicks = {
      last: null,
      stop: () => document.removeEventListener('click', keep, true),
    };
    document.addEventListener('click', keep, true);
  }

  const owner = patterns.find(([source]) => new RegExp(source, 'i').test(location.pathname));
  // A page the server rendered (shell/server marks its <html>) holds its first reads, and its
  // remote's code is loaded only when the visitor needs it (the shell's hydrate-on-demand).
  if (!owner || document.documentElement.hasAttribute('data-server-rendered')) return;
  // The page's first reads (public GETs): the app's publicRead asks for the same URL.
  if (owner[2].length > 0) {
    config
      .then((/** @type {{ apiBaseUrl?: string }} */ runtime) => {
        const base = (runtime.apiBaseUrl || '').replace(/\/+$/, '');
        for (const path of owner[2]) preload(new URL(base + path, location.href).href, 'fetch');
      })
      .catch(() => {
        // Only a head start: the app reads them itself and reports failures.
      });
  }
  remotes
    .then((/** @type {Record<string, string>} */ listing) => {
      const listed = listing[owner[1]];
      const manifestUrl = listed && new URL(listed, location.href);
      if (!manifestUrl) return;
      const text = fetch(manifestUrl).then((response) => {
        if (!response.ok)
          throw new Error(`Failed to load ${manifestUrl.href}: HTTP ${response.status}`);
        return response.text();
      });
      text.catch(() => {});
      // The shell hands this read to the federation runtime instead of it reading again.
      manifests[manifestUrl.href] = text;
      return text
        .then((body) => JSON.parse(body))
        .then((/** @type {any} */ manifest) => {
          const entry = manifest.metaData && manifest.metaData.remoteEntry;
          if (entry && entry.name) {
            preload(new URL(`${entry.path || ''}${entry.name}`, manifestUrl).href, 'modulepreload');
          }
          // The exposed App's own chunks and styles download while the runtime starts.
          const app = (manifest.exposes || []).find(
            (/** @type {{ path?: string }} */ exposed) => exposed.path === './App',
          );
          const assets = (app && app.assets) || {};
          for (const file of (assets.js && assets.js.sync) || []) {
            preload(new URL(file, manifestUrl).href, 'modulepreload');
          }
          for (const file of (assets.css && assets.css.sync) || []) {
            preload(new URL(file, manifestUrl).href, 'style');
          }
        });
    })
    .catch(() => {
      // Only a head start: the remote loader reports real failures.
    });
}

/**
 * @param {Array<[string, string, readonly string[]]>} patterns
 * @returns {string} the script's text for index.html
 */
export function earlyStartScript(patterns) {
  return `(${earlyStart.toString()})(${JSON.stringify(patterns)});`;
}
