#!/usr/bin/env node
// The deploy kit's images (deploy/Dockerfile, build stage): each app's folder as its web server
// serves it, under <out>/<app folder>: a remote's build published as its first release
// (tools/release: releases/<id>/ and the manifest that names it, its server entry pinned), the
// shell's build as it is. Usage: publish-builds.mjs <out> <app folder>...
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { webAppDirs } from '@coldmail/registry/apps';
import { publishRelease, releaseIdOf } from './index.mjs';
import { shellReleaseOf, trackerSettingsFrom, uploadSourceMaps } from './source-maps.mjs';

const [out, ...folders] = process.argv.slice(2);
if (!out || folders.length === 0) {
  console.error('usage: publish-builds.mjs <out> <app folder>...');
  process.exit(2);
}
// With SENTRY_AUTH_TOKEN, SENTRY_ORG and SENTRY_PROJECT (e.g. build secrets), each app's source
// maps go to the error tracker; they are never copied to where they would be served.
const tracker = trackerSettingsFrom(process.env);
const remoteOfFolder = Object.fromEntries(
  Object.entries(webAppDirs).map(([name, folder]) => [folder, name]),
);
for (const folder of folders) {
  const build = join(folder, 'dist');
  const served = join(out, folder);
  if (folder === webAppDirs.shell) {
    if (tracker) {
      const release = await shellReleaseOf(build);
      await uploadSourceMaps({ build, release, urlPrefix: '~/', settings: tracker });
    }
    await cp(build, served, {
      recursive: true,
      filter: (path) => !/\.map(\.br|\.gz)?$/.test(path),
    });
    console.log(`publish-builds: ${folder} → ${served}`);
  } else {
    if (tracker) {
      const id = await releaseIdOf(build);
      const release = `${remoteOfFolder[folder]}@${id}`;
      await uploadSourceMaps({ build, release, urlPrefix: `~/releases/${id}/`, settings: tracker });
    }
    const { id } = await publishRelease({ build, site: served });
    console.log(`publish-builds: ${folder} → ${served}, release ${id}`);
  }
}
