// A build's source maps, given to the error tracker (Sentry, or one that speaks its API) when the
// build is released, and never served: builds write them hidden (tools/vite-config), releases
// leave them out (index.mjs), and the web servers refuse *.map anyway. Sentry's release files API
// over plain HTTP: the release is created, then each script is uploaded under the URL the page's
// error reports name it by (shell/src/utils/error-tracker.ts: app:///releases/<id>/assets/… for
// a remote, app:///assets/… for the shell), with a header naming its map, and the map beside it.
import { readdir, readFile } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';

const DEFAULT_URL = 'https://sentry.io';

/**
 * @typedef {object} TrackerSettings
 * @property {string} url the tracker's base URL (SENTRY_URL)
 * @property {string} authToken an auth token allowed to write releases (SENTRY_AUTH_TOKEN)
 * @property {string} org the organization's slug (SENTRY_ORG)
 * @property {string} project the project's slug (SENTRY_PROJECT)
 */

/**
 * The tracker's settings from the environment: null when none of SENTRY_AUTH_TOKEN, SENTRY_ORG
 * and SENTRY_PROJECT is set (no upload); an error naming the missing ones when only some are.
 *
 * @param {NodeJS.ProcessEnv} env
 * @returns {TrackerSettings | null}
 */
export function trackerSettingsFrom(env) {
  const names = /** @type {const} */ (['SENTRY_AUTH_TOKEN', 'SENTRY_ORG', 'SENTRY_PROJECT']);
  const missing = names.filter((name) => !env[name]);
  if (missing.length === names.length) return null;
  if (missing.length > 0) {
    throw new Error(`source maps: ${missing.join(', ')} must be set too, or none of them`);
  }
  return {
    url: (env.SENTRY_URL || DEFAULT_URL).replace(/\/+$/, ''),
    authToken: /** @type {string} */ (env.SENTRY_AUTH_TOKEN),
    org: /** @type {string} */ (env.SENTRY_ORG),
    project: /** @type {string} */ (env.SENTRY_PROJECT),
  };
}

/** @param {string} folder the build's source maps of scripts, as paths relative to it */
async function mapsUnder(folder) {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.m?js\.map$/.test(entry.name))
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

/**
 * Uploads the scripts of `build` that have a source map, and their maps, to release `release`.
 * A file the release has already (409: a release tried again) is left as it is.
 *
 * @param {object} options
 * @param {string} options.build the build's folder (its dist/)
 * @param {string} options.release the release's name, as the page's reports carry it
 *   (`<remote>@<id>`, `shell@<hash>`)
 * @param {string} options.urlPrefix what names the build's root in the reports' frames:
 *   `~/releases/<id>/` for a remote's release, `~/` for the shell
 * @param {TrackerSettings} options.settings
 * @param {typeof fetch} [options.fetch]
 * @returns {Promise<{ files: number }>}
 */
export async function uploadSourceMaps({
  build,
  release,
  urlPrefix,
  settings,
  fetch = globalThis.fetch,
}) {
  const org = encodeURIComponent(settings.org);
  const project = encodeURIComponent(settings.project);
  const authorization = `Bearer ${settings.authToken}`;
  /** @param {string} path @param {RequestInit} init @param {number[]} accepted */
  const call = async (path, init, accepted) => {
    const response = await fetch(`${settings.url}${path}`, {
      ...init,
      headers: { ...init.headers, authorization },
    });
    if (!response.ok && !accepted.includes(response.status)) {
      const detail = await response.text().catch(() => '');
      throw new Error(`source maps: ${settings.url}${path} answered ${response.status} ${detail}`);
    }
  };

  // 201 created, 208 it existed (the same build released again).
  await call(
    `/api/0/organizations/${org}/releases/`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ version: release, projects: [settings.project] }),
    },
    [208],
  );
  const filesPath = `/api/0/projects/${org}/${project}/releases/${encodeURIComponent(release)}/files/`;
  /** @param {string} path relative to the build @param {string[]} headers */
  const upload = async (path, headers) => {
    const form = new FormData();
    form.set('name', `${urlPrefix}${path}`);
    for (const header of headers) form.append('header', header);
    form.set('file', new Blob([await readFile(join(build, path))]), basename(path));
    await call(filesPath, { method: 'POST', body: form }, [409]);
  };
  let files = 0;
  for (const map of await mapsUnder(build)) {
    const script = map.slice(0, -'.map'.length);
    await upload(script, [`Sourcemap:${basename(map)}`]);
    await upload(map, []);
    files += 2;
  }
  return { files };
}

/**
 * The shell's release as its pages report it (shell/src/utils/error-reports.ts): `shell@` and
 * the content hash in its bootstrap chunk's name, read from the build's Vite manifest.
 *
 * @param {string} build the shell's dist/
 */
export async function shellReleaseOf(build) {
  const manifest = JSON.parse(await readFile(join(build, '.vite', 'manifest.json'), 'utf8'));
  const file = manifest['src/bootstrap.tsx']?.file;
  const hash = typeof file === 'string' ? /-([\w-]{8})\.js$/.exec(file)?.[1] : undefined;
  if (!hash) throw new Error(`${build}: no bootstrap chunk in .vite/manifest.json`);
  return `shell@${hash}`;
}
