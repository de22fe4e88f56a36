// What the benchmarks share: building the API, starting the Auth emulator, the embedded MongoDB
// and the built API (node api/dist/main.js) each in its own process, as in production on one
// machine, and stopping them all however the run ends.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAuthEmulator } from '@coldmail/auth-emulator';

export const apiDir = dirname(dirname(fileURLToPath(import.meta.url)));
export const workspaceRoot = dirname(apiDir);
const children = [];

/** Spawns a long-running process and resolves with it and its `ready ...` line's argument. */
export async function startChild(command, args) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  let output = '';
  for await (const chunk of child.stdout) {
    output += chunk;
    const match = /^ready (\S+)$/m.exec(output);
    if (match) {
      child.stdout.resume();
      return { child, ready: match[1] };
    }
  }
  throw new Error(`${command} ${args.join(' ')} exited before it was ready:\n${output}`);
}

export function buildApi() {
  console.log('Building the API (Nx cache makes this quick)...');
  const nxPackage = createRequire(import.meta.url).resolve('nx/package.json');
  const nxBin = join(dirname(nxPackage), JSON.parse(readFileSync(nxPackage, 'utf8')).bin.nx);
  const build = spawnSync(process.execPath, [nxBin, 'run', 'api:build', '--outputStyle=stream'], {
    cwd: workspaceRoot,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (build.status !== 0) throw new Error('nx run api:build failed');
}

/** The Auth emulator and an embedded MongoDB in a fresh data folder named after `dbPathPrefix`. */
export async function startAuthAndMongo(dbPathPrefix) {
  const [emulator, mongo] = await Promise.all([
    startAuthEmulator({ port: 0 }),
    startChild(process.execPath, [
      join(workspaceRoot, 'tools/embedded-mongo/bin/embedded-mongo.js'),
      '--port',
      '0',
      '--dbpath',
      mkdtempSync(join(tmpdir(), dbPathPrefix)),
    ]),
  ]);
  return { emulator, mongoUri: mongo.ready };
}

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url) {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      const response = await fetch(`${url}/api/health`);
      if ((await response.json()).status === 'ok') return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The API did not become healthy');
}

/**
 * Starts the built API against the emulator, with rate limits off (all load comes from one IP)
 * and request logging at `logLevel` (to /dev/null); resolves with its URL once it is healthy.
 * `env` adds the run's own settings (MONGODB_URI at least).
 */
export async function startApi({ emulator, logLevel, env }) {
  const port = await freePort();
  const apiUrl = `http://127.0.0.1:${port}`;
  const api = spawn(process.execPath, [join(apiDir, 'dist/main.js')], {
    env: {
      ...process.env,
      // Not 'production': production refuses emulator tokens by design. Everything else is
      // as in production (external MongoDB, no seed, built code).
      NODE_ENV: 'development',
      PORT: String(port),
      FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
      FIREBASE_PROJECT_ID: emulator.projectId,
      SEED_DEMO_DATA: 'false',
      THROTTLE_LIMIT: '0',
      THROTTLE_SENSITIVE_LIMIT: '0',
      LOG_LEVEL: logLevel,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(api);
  await waitForHealth(apiUrl);
  return apiUrl;
}

/** Stops every process started here, then the emulator. */
export async function stopAll(emulator) {
  for (const child of children) child.kill('SIGTERM');
  await Promise.all(
    children.filter((child) => child.exitCode === null).map((child) => once(child, 'exit')),
  );
  await emulator.stop();
}

/** Runs a benchmark's main; on failure, prints why, kills what it started and exits 1. */
export function runMain(main) {
  main().catch((error) => {
    console.error(error);
    for (const child of children) child.kill('SIGKILL');
    process.exit(1);
  });
}
