import semver from 'semver';

/**
 * @typedef {object} Incompatibility
 * @property {string} module the shared module
 * @property {string} required the range the remote's build asks for
 * @property {string} provided the version the live shell provides
 */

/**
 * The shared modules a remote's build asks for a range of that the live shell does not provide,
 * as the shell itself decides before it loads a remote (shell/src/features/remotes): a module the
 * shell does not share is the remote's own business.
 *
 * @param {{ shared?: Array<{ name?: unknown, requiredVersion?: unknown }> }} manifest the build's mf-manifest.json
 * @param {Record<string, string>} provided the shell's shared-versions.json
 * @returns {Incompatibility[]}
 */
export function incompatibilities(manifest, provided) {
  /** @type {Incompatibility[]} */
  const found = [];
  for (const { name, requiredVersion } of manifest.shared ?? []) {
    if (typeof name !== 'string' || typeof requiredVersion !== 'string') continue;
    const version = provided[name];
    if (version && !semver.satisfies(version, requiredVersion, { includePrerelease: true })) {
      found.push({ module: name, required: requiredVersion, provided: version });
    }
  }
  return found;
}

/**
 * The versions the live shell provides: its shared-versions.json, read from a URL (the site, as
 * deployed) or a file.
 *
 * @param {string} source an http(s) URL of the shell, or a path to shared-versions.json
 * @param {{ readFile: (path: string) => Promise<string> }} io
 * @returns {Promise<Record<string, string>>}
 */
export async function shellVersionsFrom(source, { readFile }) {
  if (/^https?:\/\//.test(source)) {
    const url = new URL('shared-versions.json', source.endsWith('/') ? source : `${source}/`);
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`${url.href}: HTTP ${response.status}`);
    return /** @type {Record<string, string>} */ (await response.json());
  }
  return JSON.parse(await readFile(source));
}
