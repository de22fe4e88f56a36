// A remote's releases in its hosting folder (a plain directory, or one synced to an object
// store): every build under its own immutable path, and one small file that says which is live.
//
//   <site>/releases/<id>/…      a build as Vite wrote it (remoteEntry.js, assets/, server/…),
//                               never changed, removed only once it is older than the last `keep`
//   <site>/mf-manifest.json     the live release's manifest, its files' paths prefixed with
//                               releases/<id>/: the one file a release switches (served no-cache)
//   <site>/routes.json          the live release's pages (the shell's and renderer's routes.json)
//   <site>/releases.json        the history: which release is live, those before it, and a
//                               canary's when one runs
//
// A canary is a release served to a share of visitors: the site's manifest names it with its
// percent (`release.canary`), and the shell sends a visitor whose lasting bucket (0-99) is below
// it to the canary's own manifest (releases/<id>/mf-manifest.json, the build's, its paths
// relative to its folder), unless the API says the canary was stopped for failing.
//
// A visitor's open page keeps loading its lazy chunks from its release's folder after a switch;
// the next page load reads the new manifest. The shell, its remotes.json and the Content-Security-
// Policy are unchanged by a release (the remote's host stays the same).
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  cp,
  mkdir,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  utimes,
  writeFile,
} from 'node:fs/promises';
import { join, relative } from 'node:path';

/** How many releases are kept by default: the live one and the four before it. */
export const DEFAULT_KEEP = 5;
/**
 * The build's files that are not code a page loads: left out of a release. Source maps among
 * them: they are given to the error tracker (source-maps.mjs), never published where a host or
 * an object store might serve them.
 */
const LEFT_OUT = /(^|\/)(index\.html|mf-stats\.json)(\.br|\.gz)?$|\.map(\.br|\.gz)?$/;

/**
 * @typedef {object} ReleaseHistory
 * @property {string | null} current the live release's id
 * @property {Array<{ id: string, publishedAt: string }>} releases newest first, the kept ones
 * @property {{ id: string, percent: number, publishedAt: string }} [canary] a release served to
 *   `percent` % of visitors until it is promoted or rolled back
 */

/** Every file under `folder`, as paths relative to it, in a stable order. @param {string} folder */
async function filesUnder(folder) {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)))
    .sort();
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

/**
 * Writes `text` to `path` in one step: a reader sees the old file or the new, never part. The
 * new file's modification time is at least a second past the old one's: nginx and sirv derive a
 * file's ETag from its size and modification time (in seconds), and two manifests of the same
 * size written within one second would otherwise look unchanged to a browser revalidating.
 */
async function writeAtomically(/** @type {string} */ path, /** @type {string} */ text) {
  const before = await stat(path).then(
    (stats) => Math.floor(stats.mtimeMs / 1000),
    () => 0,
  );
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, text);
  const seconds = Math.max(Math.floor(Date.now() / 1000), before + 1);
  await utimes(temporary, seconds, seconds);
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
 * @param {{ id: string, percent: number }} [canary] a canary served beside it
 */
export function releasedManifest(manifest, id, server, canary) {
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
      ...(canary ? { canary: { id: canary.id, percent: canary.percent } } : {}),
    },
  };
}

/**
 * Points the site at release `id` (already under releases/), with `canary` beside it when one
 * runs: routes.json, then the manifest.
 *
 * @param {string} site
 * @param {string} id
 * @param {{ id: string, percent: number }} [canary]
 */
async function switchTo(site, id, canary) {
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
    JSON.stringify(releasedManifest(manifest, id, server, canary)),
  );
}

/** Copies the build into releases/<id>/ unless it is there: beside it first, then renamed in. */
async function copyIn(/** @type {string} */ build, /** @type {string} */ site) {
  if (!existsSync(join(build, 'mf-manifest.json'))) {
    throw new Error(`${build} holds no mf-manifest.json: not a remote's build`);
  }
  const id = await releaseIdOf(build);
  const folder = join(site, 'releases', id);
  if (!existsSync(folder)) {
    const staging = join(site, 'releases', `.${id}.${randomBytes(6).toString('hex')}`);
    await mkdir(staging, { recursive: true });
    await cp(build, staging, {
      recursive: true,
      filter: (path) => !LEFT_OUT.test(relative(build, path)),
    });
    await rename(staging, folder);
  }
  return id;
}

/** @param {string} site @param {ReleaseHistory} history */
const writeHistory = (site, history) =>
  writeAtomically(join(site, 'releases.json'), `${JSON.stringify(history, null, 2)}\n`);

/**
 * Publishes the build in `build` as a release of the site and makes it live; with `canary`, it
 * is served to that percent of visitors instead, beside the live one. Releases older than the
 * last `keep` are removed (never the live one, nor a canary).
 *
 * @param {{ build: string, site: string, keep?: number, canary?: number, now?: Date }} options
 * @returns {Promise<{ id: string, previous: string | null }>}
 */
export async function publishRelease({
  build,
  site,
  keep = DEFAULT_KEEP,
  canary,
  now = new Date(),
}) {
  if (canary !== undefined && !(Number.isInteger(canary) && canary >= 1 && canary <= 99)) {
    throw new Error(`a canary is served to 1 to 99 % of visitors, not ${canary}`);
  }
  const id = await copyIn(build, site);
  const history = await historyOf(site);
  const previous = history.current;
  const publishedAt = now.toISOString();
  if (canary !== undefined) {
    if (!previous) throw new Error(`${site} has no live release for a canary to run beside`);
    if (id === previous) throw new Error(`release ${id} is the live one already`);
    await switchTo(site, previous, { id, percent: canary });
    await writeHistory(site, { ...history, canary: { id, percent: canary, publishedAt } });
    return { id, previous };
  }
  await switchTo(site, id);
  const releases = [
    { id, publishedAt },
    ...history.releases.filter((release) => release.id !== id),
  ];
  const kept = releases.slice(0, Math.max(1, keep));
  await writeHistory(site, { current: id, releases: kept });
  for (const dropped of releases.slice(kept.length)) {
    await rm(join(site, 'releases', dropped.id), { recursive: true, force: true });
  }
  await dropStaleCanaries(site, kept);
  return { id, previous };
}

/**
 * Canaries that never went live (stopped, or replaced by a full release) are kept as long as a
 * release published after them is: a page that ran one may still load its chunks. Once the
 * oldest kept release is newer than a canary's folder, the folder goes.
 *
 * @param {string} site
 * @param {ReleaseHistory['releases']} kept
 */
async function dropStaleCanaries(site, kept) {
  const oldest = kept.at(-1);
  if (!oldest) return;
  const keptIds = new Set(kept.map((release) => release.id));
  const folder = join(site, 'releases');
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (!entry.isDirectory() || keptIds.has(entry.name) || entry.name.startsWith('.')) continue;
    const copiedAt = (await stat(join(folder, entry.name))).mtimeMs;
    if (copiedAt < Date.parse(oldest.publishedAt)) {
      await rm(join(folder, entry.name), { recursive: true, force: true });
    }
  }
}

/**
 * Makes the running canary the live release for every visitor.
 *
 * @param {{ site: string, keep?: number, now?: Date }} options
 * @returns {Promise<{ id: string, previous: string | null }>}
 */
export async function promoteCanary({ site, keep = DEFAULT_KEEP, now = new Date() }) {
  const { canary } = await historyOf(site);
  if (!canary) throw new Error(`${site} runs no canary to promote`);
  return publishRelease({ build: join(site, 'releases', canary.id), site, keep, now });
}

/**
 * Rolls back: a running canary is stopped (every visitor gets the live release); otherwise the
 * release before the live one is made live again (the live one stays kept, as the newest).
 *
 * @param {{ site: string }} options
 * @returns {Promise<{ id: string, from: string }>}
 */
export async function rollBack({ site }) {
  const history = await historyOf(site);
  if (history.canary && history.current) {
    await switchTo(site, history.current);
    const { canary, ...rest } = history;
    await writeHistory(site, rest);
    return { id: history.current, from: canary.id };
  }
  const index = history.releases.findIndex((release) => release.id === history.current);
  const before = history.releases[index + 1];
  if (!history.current || !before) {
    throw new Error(`${site} has no release before the live one to roll back to`);
  }
  await switchTo(site, before.id);
  await writeHistory(site, { ...history, current: before.id });
  return { id: before.id, from: history.current };
}
