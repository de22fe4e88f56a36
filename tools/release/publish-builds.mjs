#!/usr/bin/env node
// The deploy kit's images (deploy/Dockerfile, build stage): each app's folder as its web server
// serves it, under <out>/<app folder>: a remote's build published as its first release
// (tools/release: releases/<id>/ and the manifest that names it, its server entry pinned), the
// shell's build as it is. Usage: publish-builds.mjs <out> <app folder>...
import { cp } from 'node:fs/promises';
import { join } from 'node:path';
import { webAppDirs } from '@coldmail/registry/apps';
import { publishRelease } from './index.mjs';

const [out, ...folders] = process.argv.slice(2);
if (!out || folders.length === 0) {
  console.error('usage: publish-builds.mjs <out> <app folder>...');
  process.exit(2);
}
for (const folder of folders) {
  const build = join(folder, 'dist');
  const served = join(out, folder);
  if (folder === webAppDirs.shell) {
    await cp(build, served, { recursive: true });
    console.log(`publish-builds: ${folder} → ${served}`);
  } else {
    const { id } = await publishRelease({ build, site: served });
    console.log(`publish-builds: ${folder} → ${served}, release ${id}`);
  }
}
