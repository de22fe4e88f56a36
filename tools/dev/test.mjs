#!/usr/bin/env node
// `npm test`: format, dependency versions, dead exports, lint, typecheck, unit tests, then the browser tests
// against the built stack, printing how long each phase took. Installs Debian's chromium first
// when it is missing and we may (root); otherwise says exactly what to install.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { nxCommand } from './processes.mjs';
import { workspaceRoot } from './stack.mjs';

/**
 * What the tests need from Debian, by the file each package installs: its Chromium (the headless
 * build drives the browser tests, as Playwright's own chromium-headless-shell would; the full
 * browser the PayPal double's page test), nginx with brotli_static, which serves the web apps
 * in the browser tests with the deploy kit's configuration, and LibreOffice Calc, which opens
 * the CSV exports as an admin's spreadsheet would.
 */
const SYSTEM_PACKAGES = {
  chromium: '/usr/bin/chromium',
  'chromium-headless-shell': '/usr/bin/chromium-headless-shell',
  'nginx-light': '/usr/sbin/nginx',
  'libnginx-mod-http-brotli-static': '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so',
  'libnginx-mod-http-js': '/usr/lib/nginx/modules/ngx_http_js_module.so',
  'libreoffice-calc-nogui': '/usr/bin/soffice',
};
const env = { ...process.env, NX_DAEMON: 'false', NX_TUI: 'false' };

function ensureSystemPackages() {
  const missing = Object.entries(SYSTEM_PACKAGES)
    .filter(
      ([name, file]) =>
        !existsSync(file) && !(name.startsWith('chromium') && process.env.CHROMIUM_PATH),
    )
    .map(([name]) => name);
  if (missing.length === 0) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  const install = `apt-get install -y ${missing.join(' ')}`;
  if (isRoot && hasApt) {
    console.log(`Missing for the tests: installing Debian's ${missing.join(', ')} (${install})...`);
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return;
  }
  console.error(
    `The tests need Debian's ${missing.join(', ')}.\n` +
      (hasApt
        ? `Install with:  sudo apt-get update && sudo ${install}\n`
        : 'Install Chromium, nginx (with brotli_static) and LibreOffice Calc with your package manager; ') +
      'CHROMIUM_PATH points at another Chromium or Chrome, NGINX_PATH at another nginx.',
  );
  process.exit(1);
}

/** @type {Array<{ title: string, seconds: number }>} how long each phase took */
const timings = [];

/**
 * Runs one phase in the foreground (Ctrl-C reaches it directly) and prints how long it took;
 * throws when it fails.
 *
 * @param {string} title
 * @param {string} command
 * @param {string[]} args
 */
function phase(title, command, args) {
  console.log(`\n=== ${title} ===`);
  const started = performance.now();
  try {
    execFileSync(command, args, { cwd: workspaceRoot, env, stdio: 'inherit' });
  } finally {
    const seconds = (performance.now() - started) / 1000;
    timings.push({ title, seconds });
    console.log(`=== ${title}: ${seconds.toFixed(1)} s ===`);
  }
}

function printTimings() {
  const total = timings.reduce((sum, { seconds }) => sum + seconds, 0);
  console.log('\nPhase timings:');
  for (const { title, seconds } of timings) {
    console.log(`  ${title.padEnd(32)} ${seconds.toFixed(1).padStart(6)} s`);
  }
  console.log(`  ${'total'.padEnd(32)} ${total.toFixed(1).padStart(6)} s`);
}

const bin = (/** @type {string} */ path) => `${workspaceRoot}/node_modules/${path}`;

try {
  ensureSystemPackages();
  // Prettier's cache keeps what it checked and passed: only changed files are read again.
  phase('format', process.execPath, [
    bin('prettier/bin/prettier.cjs'),
    '--check',
    '--cache',
    '--cache-location',
    bin('.cache/prettier/.prettier-cache'),
    '.',
  ]);
  phase('dependency versions', bin('.bin/syncpack'), ['lint']);
  // An export nothing imports is dead code or a name kept for nobody: knip finds both.
  phase('dead exports', bin('.bin/knip'), ['--include', 'exports,types', '--no-progress']);
  phase(
    'lint, typecheck, unit tests',
    ...nxCommand('run-many', '-t', 'lint', 'typecheck', 'test', '--outputStyle=stream'),
  );
  phase('browser tests', ...nxCommand('run', 'e2e:e2e', '--outputStyle=stream'));
  printTimings();
  console.log('\nAll checks passed.');
} catch (error) {
  printTimings();
  console.error(`\n${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
