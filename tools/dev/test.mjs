#!/usr/bin/env node
// `npm test`: format and lint, typecheck, unit tests, then the browser tests against the built
// stack. Installs Debian's chromium first when it is missing and we may (root); otherwise says
// exactly what to install.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { nxCommand } from './processes.mjs';
import { workspaceRoot } from './stack.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const env = { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false' };

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (isRoot && hasApt) {
    console.log(
      "Chromium is missing: installing Debian's chromium (apt-get install -y chromium)...",
    );
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return;
  }
  console.error(
    `The browser tests need Chromium at ${CHROMIUM}.\n` +
      (hasApt
        ? 'Install it with:  sudo apt-get update && sudo apt-get install -y chromium\n'
        : 'Install Chromium with your package manager, ') +
      'or point CHROMIUM_PATH at an existing Chromium/Chrome binary.',
  );
  process.exit(1);
}

/**
 * Runs one step in the foreground (Ctrl-C reaches it directly); throws when it fails.
 *
 * @param {string} title
 * @param {string} command
 * @param {string[]} args
 */
function step(title, command, args) {
  console.log(`\n=== ${title} ===`);
  execFileSync(command, args, { cwd: workspaceRoot, env, stdio: 'inherit' });
}

try {
  ensureChromium();
  step('format', process.execPath, [
    `${workspaceRoot}/node_modules/prettier/bin/prettier.cjs`,
    '--check',
    '.',
  ]);
  step(
    'lint, typecheck, unit tests',
    ...nxCommand('run-many', '-t', 'lint', 'typecheck', 'test', '--outputStyle=stream'),
  );
  step('browser tests', ...nxCommand('run', 'e2e:e2e', '--outputStyle=stream'));
  console.log('\nAll checks passed.');
} catch (error) {
  console.error(`\n${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
