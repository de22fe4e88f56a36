// A remote's releases in its hosting folder (a plain directory, or one synced to an object
// store): every build under its own immutable path, and one small file that says which is live.
//
//   <site>/releases/<id>/…      a build as Vite wrote it (remoteEntry.js, assets/, server/…),
//                               never changed, removed only once it is older than the last `keep`
//   <site>/mf-manifest.json     the live release's manifest, its files' paths prefixed with
//                               releases/<id>/: the one file a release switches (served no-cache)
//   <site>/routes.json          the live release's pages (the shell's and renderer's routes.json)
//   <site>/releases.json        the history: which release is live, and those before it
//
// A visitor's open page keeps loading its lazy chunks from its release's folder after a switch;
// the next page load reads the new manifest. The shell, its remotes.json and the Content-Security-
// Policy are unchanged by a release (the remote's host stays the same).
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/** How many releases are kept by default: the live one and the four before it. */
export const DEFAULT_KEEP = 5;
/** The build's files that are not code a page loads: left out of a release. */
const LEFT_OUT = /(^|\/)(index\.html|mf-stats\.json)(\.br|\.gz)?$/;

/**
 * @typedef {object} ReleaseHistory
 * @property {string | null} current the live release's id
 * @property {Array<{ id: string, publishedAt: string }>} releases newest first, the kept ones
 */

/** @param {string} path */
async function filesUnder(path, base = path) {
  /** @type {string[]} */
  const found = [];
  for (const entry of await readdir(path, { withFileTypes: true })) {
    const full = join(path, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(full, base)));
    else found.push(relative(base, full));
  }
  return found.sort();
}

/**
 * A build's id: a hash of its files' names and contents (the same build is the same release).
 *
 * @param {string} build
 */
export async function releaseIdOf(build) {
  const hash = createHash('sha256');
  for (const file of await filesUnder(build)) {
    if (LEFT_OUT.test(file)) continue;
    hash.update(`${file}\0`);
    hash.update(await readFile(join(build, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Writes `text` to `path` in one step: a reader sees the old file or the new, never part. */
async function writeAtomically(/** @type {string} */ path, /** @type {string} */ text) {
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, path);
}

/** @param {string} site @returns {Promise<ReleaseHistory>} */
export async function historyOf(site) {
  try {
    return JSON.parse(await readFile(join(site, 'releases.json'), 'utf8'));
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') {
      return { current: null, releases: [] };
    }
    throw error;
  }
}

/**
 * The manifest a site serves for release `id`: every file path of the build's manifest prefixed
 * with releases/<id>/, so the federation runtime (publicPath "auto": the manifest's folder) and
 * the shell's preloads fetch the release's own files; and `release` says which build it is, with
 * its server entry and that entry's SHA-384 (the renderer runs nothing else).
 *
 * @param {Record<string, any>} manifest the build's mf-manifest.json
 * @param {string} id
 * @param {{ serverEntry?: string, serverEntryIntegrity?: string }} server
 */
export function releasedManifest(manifest, id, server) {
  const prefix = `releases/${id}/`;
  /** @param {unknown} files */
  const prefixed = (files) =>
    Array.isArray(files) ? files.map((file) => `${prefix}${file}`) : files;
  /** @param {any} assets */
  const withAssets = (assets) =>
    assets && {
      ...assets,
      js: assets.js && { sync: prefixed(assets.js.sync), async: prefixed(assets.js.async) },
      css: assets.css && { sync: prefixed(assets.css.sync), async: prefixed(assets.css.async) },
    };
  /** @param {any} entry */
  const withPath = (entry) => entry && { ...entry, path: `${prefix}${entry.path ?? ''}` };
  const metaData = manifest.metaData ?? {};
  return {
    ...manifest,
    metaData: {
      ...metaData,
      remoteEntry: withPath(metaData.remoteEntry),
      ...(metaData.ssrRemoteEntry ? { ssrRemoteEntry: withPath(metaData.ssrRemoteEntry) } : {}),
    },
    shared: (manifest.shared ?? []).map((/** @type {any} */ shared) => ({
      ...shared,
      assets: withAssets(shared.assets),
    })),
    exposes: (manifest.exposes ?? []).map((/** @type {any} */ exposed) => ({
      ...exposed,
      assets: withAssets(exposed.assets),
    })),
    release: {
      id,
      ...(server.serverEntry
        ? {
            serverEntry: `${prefix}${server.serverEntry}`,
            serverEntryIntegrity: server.serverEntryIntegrity,
          }
        : {}),
    },
  };
}

/** Points the site at release `id` (already under releases/): routes.json, then the manifest. */
async function switchTo(/** @type {string} */ site, /** @type {string} */ id) {
  const folder = join(site, 'releases', id);
  const manifest = JSON.parse(await readFile(join(folder, 'mf-manifest.json'), 'utf8'));
  const serverEntry = 'server/entry.mjs';
  const server = existsSync(join(folder, serverEntry))
    ? {
        serverEntry,
        serverEntryIntegrity: `sha384-${createHash('sha384')
          .update(await readFile(join(folder, serverEntry)))
          .digest('base64')}`,
      }
    : {};
  if (existsSync(join(folder, 'routes.json'))) {
    await writeAtomically(
      join(site, 'routes.json'),
      await readFile(join(folder, 'routes.json'), 'utf8'),
    );
  }
  // Last: the manifest is what makes a page load the release.
  await writeAtomically(
    join(site, 'mf-manifest.json'),
    JSON.stringify(releasedManifest(manifest, id, server)),
  );
}

/**
 * Publishes the build in `build` as a release of the site and makes it live. Releases older than
 * the last `keep` are removed (never the live one).
 *
 * @param {{ build: string, site: string, keep?: number, now?: Date }} options
 * @returns {Promise<{ id: string, previous: string | null }>}
 */
export async function publishRelease({ build, site, keep = DEFAULT_KEEP, now = new Date() }) {
  if (!existsSync(join(build, 'mf-manifest.json'))) {
    throw new Error(`${build} holds no mf-manifest.json: not a remote's build`);
  }
  const id = await releaseIdOf(build);
  const folder = join(site, 'releases', id);
  if (!existsSync(folder)) {
    // Copied beside its final place and renamed: a half-copied release is never served.
    const staging = join(site, 'releases', `.${id}.${randomBytes(6).toString('hex')}`);
    await mkdir(staging, { recursive: true });
    await cp(build, staging, {
      recursive: true,
      filter: (path) => !LEFT_OUT.test(relative(build, path)),
    });
    await rename(staging, folder);
  }
  const history = await historyOf(site);
  const previous = history.current;
  await switchTo(site, id);
  const releases = [
    { id, publishedAt: now.toISOString() },
    ...history.releases.filter((release) => release.id !== id),
  ];
  const kept = releases.slice(0, Math.max(1, keep));
  await writeAtomically(
    join(site, 'releases.json'),
    `${JSON.stringify({ current: id, releases: kept }, null, 2)}\n`,
  );
  for (const dropped of releases.slice(kept.length)) {
    await rm(join(site, 'releases', dropped.id), { recursive: true, force: true });
  }
  return { id, previous };
}

/**
 * Makes the release before the live one live again (the live one stays kept, as the newest).
 *
 * @param {{ site: string }} options
 * @returns {Promise<{ id: string, from: string }>}
 */
export async function rollBack({ site }) {
  const history = await historyOf(site);
  const index = history.releases.findIndex((release) => release.id === history.current);
  const before = history.releases[index + 1];
  if (!history.current || !before) {
    throw new Error(`${site} has no release before the live one to roll back to`);
  }
  await switchTo(site, before.id);
  await writeAtomically(
    join(site, 'releases.json'),
    `${JSON.stringify({ ...history, current: before.id }, null, 2)}\n`,
  );
  return { id: before.id, from: history.current };
}
