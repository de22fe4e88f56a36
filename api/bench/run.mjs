#!/usr/bin/env node
// `npm run bench -w api` (root: `npm run bench:api`): requests/s and latency of the built API
// against a bare node:http server returning the same JSON, at 50 connections for 10 s each:
//   - GET /api/health            (unauthenticated read: guard skip, DB ping, auth probe)
//   - GET /users?userEmail=<me>  (token verification + user lookup)
// Production topology on one machine: the API (node api/dist/main.js), the embedded MongoDB in
// its own process, the Auth emulator, and autocannon here. Rate limits are off (THROTTLE_*=0:
// all load comes from one IP); request logging stays on at info (one JSON line per request, to
// /dev/null). Options: --duration 10 --connections 50 --log-level info.
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startAuthEmulator } from '@coldmail/auth-emulator';
import autocannon from 'autocannon';

const apiDir = dirname(dirname(fileURLToPath(import.meta.url)));
const workspaceRoot = dirname(apiDir);
const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'log-level': { type: 'string', default: 'info' },
  },
});
const DURATION = Number(options.duration);
const CONNECTIONS = Number(options.connections);
const children = [];

/** Spawns a long-running process and resolves with its `ready ...` line's argument. */
async function startChild(command, args, env = {}) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  let output = '';
  for await (const chunk of child.stdout) {
    output += chunk;
    const match = /^ready (\S+)$/m.exec(output);
    if (match) {
      child.stdout.resume();
      return match[1];
    }
  }
  throw new Error(`${command} ${args.join(' ')} exited before it was ready:\n${output}`);
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

async function measure(name, url, headers = {}) {
  // A short warm-up so the JIT and connection pools are in their steady state.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0)
    console.warn(`  ${name}: ${failures} failed requests of ${result.requests.total}`);
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

async function main() {
  console.log('Building the API (Nx cache makes this quick)...');
  const nxPackage = createRequire(import.meta.url).resolve('nx/package.json');
  const nxBin = join(dirname(nxPackage), JSON.parse(readFileSync(nxPackage, 'utf8')).bin.nx);
  const build = spawnSync(process.execPath, [nxBin, 'run', 'api:build', '--outputStyle=stream'], {
    cwd: workspaceRoot,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false' },
  });
  if (build.status !== 0) throw new Error('nx run api:build failed');

  console.log('Starting the Auth emulator, MongoDB and the API...');
  const [emulator, mongoUri] = await Promise.all([
    startAuthEmulator({ port: 0 }),
    startChild(process.execPath, [
      join(workspaceRoot, 'tools/embedded-mongo/bin/embedded-mongo.js'),
      '--port',
      '0',
      '--dbpath',
      mkdtempSync(join(tmpdir(), 'bench-mongo-')),
    ]),
  ]);
  try {
    const port = await freePort();
    const apiUrl = `http://127.0.0.1:${port}`;
    const api = spawn(process.execPath, [join(apiDir, 'dist/main.js')], {
      env: {
        ...process.env,
        // Not 'production': production refuses emulator tokens by design. Everything else is
        // as in production (external MongoDB, no seed, built code).
        NODE_ENV: 'development',
        PORT: String(port),
        MONGODB_URI: `${mongoUri}bench`,
        FIREBASE_AUTH_EMULATOR_HOST: emulator.host,
        FIREBASE_PROJECT_ID: emulator.projectId,
        SEED_DEMO_DATA: 'false',
        THROTTLE_LIMIT: '0',
        THROTTLE_SENSITIVE_LIMIT: '0',
        LOG_LEVEL: options['log-level'],
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(api);
    await waitForHealth(apiUrl);

    const { idToken } = await emulator.createUser('bench@coldmail.test', 'bench-pass', 'Bench');
    const auth = { authorization: `Bearer ${idToken}` };
    await fetch(`${apiUrl}/api/create-user`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{}',
    });
    const healthJson = await (await fetch(`${apiUrl}/api/health`)).text();
    const usersPath = '/users?userEmail=bench%40coldmail.test';
    const usersJson = await (await fetch(`${apiUrl}${usersPath}`, { headers: auth })).text();

    const pairs = [];
    for (const [label, path, headers, json] of [
      ['GET /api/health (unauthenticated)', '/api/health', {}, healthJson],
      ['GET /users?userEmail= (signed in)', usersPath, auth, usersJson],
    ]) {
      const baselinePort = await startChild(process.execPath, [
        join(apiDir, 'bench/baseline-server.mjs'),
        json,
      ]);
      const baseline = await measure(`baseline (${label})`, `http://127.0.0.1:${baselinePort}/`);
      children.at(-1).kill('SIGTERM');
      const measured = await measure(label, `${apiUrl}${path}`, headers);
      pairs.push({ baseline, measured });
    }

    const ms = (value) => `${value.toFixed(1)} ms`.padStart(9);
    console.log(
      `\nAPI benchmark: ${CONNECTIONS} connections, ${DURATION} s per run, LOG_LEVEL=${options['log-level']}, node ${process.version}\n`,
    );
    console.log(
      `${'run'.padEnd(46)}${'req/s'.padStart(9)}${'p50'.padStart(9)}${'p99'.padStart(9)}  ratio`,
    );
    for (const { baseline, measured } of pairs) {
      const ratio = measured.requestsPerSecond / baseline.requestsPerSecond;
      for (const [row, extra] of [
        [baseline, ''],
        [measured, `  ${ratio.toFixed(2)}`],
      ]) {
        console.log(
          `${row.name.padEnd(46)}${row.requestsPerSecond.toFixed(0).padStart(9)}${ms(row.p50)}${ms(row.p99)}${extra}`,
        );
      }
    }
    const [unauthenticated] = pairs;
    const ratio =
      unauthenticated.measured.requestsPerSecond / unauthenticated.baseline.requestsPerSecond;
    console.log(
      `\nTargets (unauthenticated read): ratio >= 0.5: ${ratio >= 0.5 ? 'met' : 'MISSED'} (${ratio.toFixed(2)}); ` +
        `p99 <= 25 ms: ${unauthenticated.measured.p99 <= 25 ? 'met' : 'MISSED'} (${unauthenticated.measured.p99} ms)`,
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.filter((child) => child.exitCode === null).map((child) => once(child, 'exit')),
    );
    await emulator.stop();
  }
}

main().catch((error) => {
  console.error(error);
  for (const child of children) child.kill('SIGKILL');
  process.exit(1);
});
