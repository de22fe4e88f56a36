#!/usr/bin/env node
// A remote's team releases it alone, with no shell release and no restart of anything:
//
//   npm run release -- <remote> [--canary <percent>] [--site <dir>] [--shell <url | file>]
//                               [--keep <n>] [--force] [--skip-tests]
//     builds and tests the remote (Nx), checks its shared modules against the versions the live
//     shell provides (its shared-versions.json; an incompatible release is refused, naming the
//     module and both versions, unless --force), publishes the build under releases/<id>/ in the
//     remote's hosting folder and switches the folder's mf-manifest.json to it in one step; with
//     --canary, serves it to that percent of visitors (each keeps their share) beside the live
//     release. The API stops a canary whose loads fail too often (REMOTE_CANARY_* settings).
//     With SENTRY_AUTH_TOKEN, SENTRY_ORG and SENTRY_PROJECT set (SENTRY_URL for a tracker other
//     than sentry.io), the build's source maps go to the error tracker first, as release
//     <remote>@<id>; they are never published with the release.
//   npm run release -- <remote> --promote [--site <dir>]
//     makes the running canary live for every visitor.
//   npm run rollback -- <remote> [--site <dir>]
//     stops a running canary; without one, makes the release before the live one live again.
//
// The hosting folder defaults to the one `npm start` serves the remote from (.data/sites/<remote>);
// in production it is the folder the remote's web server serves, or one synced to an object
// store (upload releases/ first, then mf-manifest.json, routes.json and releases.json). The shell
// defaults to `npm start`'s (http://localhost:<shell port>).
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { portOf, remoteNames, webAppDirs } from '@coldmail/registry/apps';
import { loadEnvFiles } from '@coldmail/registry/env-files';
import { incompatibilities, shellVersionsFrom } from './compatibility.mjs';
import { DEFAULT_KEEP, promoteCanary, publishRelease, releaseIdOf, rollBack } from './index.mjs';
import { trackerSettingsFrom, uploadSourceMaps } from './source-maps.mjs';

const workspaceRoot = resolve(import.meta.dirname, '..', '..');
// The error tracker's settings (SENTRY_AUTH_TOKEN...) may be in .env, under what the shell sets.
loadEnvFiles(workspaceRoot);

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rollback: { type: 'boolean', default: false },
    canary: { type: 'string' },
    promote: { type: 'boolean', default: false },
    site: { type: 'string' },
    shell: { type: 'string' },
    keep: { type: 'string', default: String(DEFAULT_KEEP) },
    force: { type: 'boolean', default: false },
    'skip-tests': { type: 'boolean', default: false },
  },
});

const remote = /** @type {import('@coldmail/registry/apps').RemoteName} */ (positionals[0]);
if (!remote || !remoteNames.includes(remote)) {
  console.error(
    `Usage: npm run ${flags.rollback ? 'rollback' : 'release'} -- <remote>, one of: ${remoteNames.join(', ')}`,
  );
  process.exit(2);
}
const site = resolve(workspaceRoot, flags.site ?? join('.data', 'sites', remote));

try {
  if (flags.rollback) {
    const { id, from } = await rollBack({ site });
    console.log(
      `${remote}: release ${id} is live again for every visitor (was ${from}), in ${site}`,
    );
  } else if (flags.promote) {
    const { id } = await promoteCanary({ site, keep: Number(flags.keep) });
    console.log(`${remote}: canary ${id} is live for every visitor, in ${site}`);
  } else {
    const project = webAppDirs[remote];
    const nx = (/** @type {string} */ target) =>
      execFileSync('npx', ['nx', 'run', `${project}:${target}`, '--outputStyle=stream'], {
        cwd: workspaceRoot,
        stdio: 'inherit',
      });
    nx('build');
    if (!flags['skip-tests']) nx('test');
    const build = join(workspaceRoot, project, 'dist');
    const manifest = JSON.parse(await readFile(join(build, 'mf-manifest.json'), 'utf8'));
    const shell = flags.shell ?? `http://localhost:${portOf('shell')}`;
    const provided = await shellVersionsFrom(shell, { readFile: (path) => readFile(path, 'utf8') });
    const found = incompatibilities(manifest, provided);
    for (const { module, required, provided: version } of found) {
      console.error(
        `${remote} needs ${module} ${required}; the live shell (${shell}) provides ${version}`,
      );
    }
    if (found.length > 0 && !flags.force) {
      throw new Error(
        'release refused: it would not run on the live shell (--force to release anyway)',
      );
    }
    // The error tracker gets the release's source maps before any page can run it.
    const tracker = trackerSettingsFrom(process.env);
    if (tracker) {
      const id = await releaseIdOf(build);
      try {
        const { files } = await uploadSourceMaps({
          build,
          release: `${remote}@${id}`,
          urlPrefix: `~/releases/${id}/`,
          settings: tracker,
        });
        console.log(
          `${remote}: ${files / 2} source maps given to ${tracker.url} (${remote}@${id})`,
        );
      } catch (error) {
        throw new Error(
          `release refused: ${error instanceof Error ? error.message : String(error)} ` +
            '(unset SENTRY_AUTH_TOKEN, SENTRY_ORG and SENTRY_PROJECT to release without them)',
        );
      }
    }
    const canary = flags.canary === undefined ? undefined : Number(flags.canary);
    const { id, previous } = await publishRelease({
      build,
      site,
      keep: Number(flags.keep),
      canary,
    });
    console.log(
      canary === undefined
        ? `${remote}: release ${id} is live in ${site}` +
            (previous && previous !== id ? ` (was ${previous}; npm run rollback -- ${remote})` : '')
        : `${remote}: release ${id} runs as a canary for ${canary} % of visitors beside ${previous}, ` +
            `in ${site} (npm run release -- ${remote} --promote, or npm run rollback -- ${remote})`,
    );
  }
} catch (error) {
  console.error(`${remote}: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
