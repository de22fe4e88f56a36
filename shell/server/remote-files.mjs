// What the renderer reads from the remotes' deployments at run time: each remote's server entry
// (the one its release's mf-manifest.json pins by SHA-384, or server/entry.mjs beside the
// manifest of a build served as it is) and its routes.json. A redeployed
// remote is picked up within CHECK_MS, with no shell release or restart: the file is asked for
// again with its ETag, and a new one is loaded.
import { createHash } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** How long a remote's file is used before its deployment is asked whether it changed. */
const CHECK_MS = 1000;
const FETCH_TIMEOUT_MS = 3000;

/**
 * @param {object} options
 * @param {() => Record<string, string>} options.manifests each remote's mf-manifest.json URL
 *   (the shell's remotes.json)
 * @param {typeof fetch} [options.fetch]
 * @param {boolean} [options.pinnedOnly] run only a release's pinned server entry: a deployment
 *   whose manifest pins none is left to the browser (the renderer service in production)
 */
export function createRemoteFiles({ manifests, fetch: fetchImpl = fetch, pinnedOnly = false }) {
  /** @type {Map<string, { etag: string | null, text: string, checkedAt: number }>} */
  const files = new Map();
  /** @type {Map<string, Promise<string>>} */
  const fetching = new Map();
  /** Server entries loaded, by their content's hash (a module cannot be unloaded). */
  /** @type {Map<string, Promise<unknown>>} */
  const modules = new Map();
  /** @type {Promise<string> | null} */
  let moduleDir = null;

  /** @param {string} remote @param {string} file */
  const urlOf = (remote, file) => {
    const manifest = manifests()[remote];
    if (!manifest) throw new Error(`remotes.json names no remote "${remote}"`);
    return new URL(file, manifest).href;
  };

  /** @param {string} url */
  async function fetchText(url) {
    const before = files.get(url);
    const response = await fetchImpl(url, {
      headers: before?.etag ? { 'if-none-match': before.etag } : {},
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (response.status === 304 && before) {
      before.checkedAt = Date.now();
      return before.text;
    }
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    const text = await response.text();
    files.set(url, { etag: response.headers.get('etag'), text, checkedAt: Date.now() });
    return text;
  }

  /** The file's text, as its deployment serves it now (within CHECK_MS). @param {string} url */
  function textOf(url) {
    const known = files.get(url);
    if (known && Date.now() - known.checkedAt < CHECK_MS) return Promise.resolve(known.text);
    let pending = fetching.get(url);
    if (!pending) {
      pending = fetchText(url).finally(() => fetching.delete(url));
      fetching.set(url, pending);
    }
    return pending;
  }

  /** @param {string} remote @param {string} code */
  function load(remote, code) {
    const hash = createHash('sha256').update(code).digest('hex').slice(0, 20);
    let loaded = modules.get(hash);
    if (!loaded) {
      loaded = (async () => {
        moduleDir ??= mkdtemp(join(tmpdir(), 'coldmail-renderer-'));
        const file = join(await moduleDir, `${remote}-${hash}.mjs`);
        await writeFile(file, code);
        return import(pathToFileURL(file).href);
      })();
      // A failed load is tried again with the next request.
      loaded.catch(() => modules.delete(hash));
      modules.set(hash, loaded);
    }
    return loaded;
  }

  return {
    /**
     * The remote's server entry, as its deployment serves it now.
     *
     * @param {string} remote
     * @returns {Promise<unknown>}
     */
    async entry(remote) {
      const manifestUrl = urlOf(remote, 'mf-manifest.json');
      /** @type {{ release?: { serverEntry?: string, serverEntryIntegrity?: string } }} */
      const { release } = JSON.parse(await textOf(manifestUrl));
      if (!release?.serverEntry) {
        if (pinnedOnly) {
          throw new Error(`${manifestUrl} pins no server entry (not a release): none is run`);
        }
        // A build served as it is (not published as a release): its entry beside the manifest.
        return load(remote, await textOf(urlOf(remote, 'server/entry.mjs')));
      }
      // A release (tools/release): only the entry whose SHA-384 its manifest names is run.
      const url = new URL(release.serverEntry, manifestUrl).href;
      const code = await textOf(url);
      const integrity = `sha384-${createHash('sha384').update(code).digest('base64')}`;
      if (integrity !== release.serverEntryIntegrity) {
        throw new Error(
          `${url} is not the server entry its release pinned (SHA-384 ${integrity}, ` +
            `pinned ${release.serverEntryIntegrity}): not run`,
        );
      }
      return load(remote, code);
    },
    /**
     * The stylesheets of the remote's app (its mf-manifest.json's exposed App), as absolute URLs:
     * a server-rendered page links them in its head, so its HTML is styled when it first shows
     * (not when the remote's code later loads them, which would move the whole page).
     *
     * @param {string} remote
     * @returns {Promise<string[]>}
     */
    async styles(remote) {
      const manifestUrl = urlOf(remote, 'mf-manifest.json');
      /** @type {{ exposes?: Array<{ name?: string, assets?: { css?: { sync?: string[], async?: string[] } } }> }} */
      const manifest = JSON.parse(await textOf(manifestUrl));
      const app = manifest.exposes?.find((exposed) => exposed.name === 'App');
      const css = [...(app?.assets?.css?.sync ?? []), ...(app?.assets?.css?.async ?? [])];
      return css.map((file) => new URL(file, manifestUrl).href);
    },
    /**
     * The remote's routes.json (the pages it publishes), as its deployment serves it now.
     *
     * @param {string} remote
     * @returns {Promise<unknown>}
     */
    async routes(remote) {
      return JSON.parse(await textOf(urlOf(remote, 'routes.json')));
    },
  };
}
