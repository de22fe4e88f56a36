#!/usr/bin/env node
// `npm run dev -w api`: swc recompiles src/ into dist/ on every change and `node --watch`
// restarts the API when dist/ changes. Ctrl-C stops both.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const swcPackage = require.resolve('@swc/cli/package.json');
const swc = join(dirname(swcPackage), JSON.parse(readFileSync(swcPackage, 'utf8')).bin.swc);
const swcArgs = [swc, 'src', '-d', 'dist', '--strip-leading-paths', '--copy-files'];
const cwd = dirname(fileURLToPath(import.meta.url));

const build = spawnSync(process.execPath, [...swcArgs, '--delete-dir-on-start'], {
  cwd,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const children = [
  spawn(process.execPath, [...swcArgs, '--watch', '--quiet'], { cwd, stdio: 'inherit' }),
  spawn(process.execPath, ['--watch-path=dist', 'dist/main.js'], { cwd, stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
