#!/usr/bin/env node
// `npm run dev -w api` (and the API in `npm run dev`): swc compiles src/ into dist/ and keeps
// recompiling what changes; once the first compile is done, `node --watch` runs the API and
// restarts it whenever dist/ changes. Both run in this process's group, so stopping the group
// stops both.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const swcPackage = require.resolve('@swc/cli/package.json');
const swc = join(dirname(swcPackage), JSON.parse(readFileSync(swcPackage, 'utf8')).bin.swc);
const cwd = dirname(fileURLToPath(import.meta.url));

const compiler = spawn(
  process.execPath,
  [
    swc,
    'src',
    '-d',
    'dist',
    '--strip-leading-paths',
    '--copy-files',
    '--delete-dir-on-start',
    '--watch',
  ],
  // swc reports on stderr.
  { cwd, stdio: ['ignore', 'inherit', 'pipe'] },
);
/** @type {import('node:child_process').ChildProcess | undefined} */
let api;
// Starting the API only after the first compile, rather than next to it, spares a restart per
// file the first compile writes.
createInterface({ input: compiler.stderr }).on('line', (line) => {
  console.error(line);
  if (api || !line.startsWith('Successfully compiled')) return;
  api = spawn(process.execPath, ['--watch-path=dist', 'dist/main.js'], { cwd, stdio: 'inherit' });
  api.on('exit', stop);
});

function stop() {
  compiler.kill('SIGTERM');
  api?.kill('SIGTERM');
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
compiler.on('exit', stop);
