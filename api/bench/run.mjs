#!/usr/bin/env node
// `npm run bench -w api` (root: `npm run bench:api`): requests/s and latency of the built API
// against a bare node:http server returning the same JSON, at 50 connections for 10 s each:
//   - GET /api/health            (unauthenticated read: guard skip, DB ping, auth probe)
//   - GET /users?userEmail=<me>  (token verification + user lookup)
// Production topology on one machine: the API (node api/dist/main.js), the embedded MongoDB in
// its own process, the Auth emulator, and autocannon here. Rate limits are off (THROTTLE_*=0:
// all load comes from one IP); request logging stays on at info (one JSON line per request, to
// /dev/null). Options: --duration 10 --connections 50 --log-level info.
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startProcess } from '@coldmail/dev/processes';
import { apiDir, runMain, startBenchStack } from './support.mjs';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'log-level': { type: 'string', default: 'info' },
  },
});
const DURATION = Number(options.duration);
const CONNECTIONS = Number(options.connections);

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
  const stack = await startBenchStack({ logLevel: options['log-level'], dbName: 'bench' });
  const apiUrl = /** @type {string} */ (stack.urls.api);
  const emulator = /** @type {NonNullable<typeof stack.emulator>} */ (stack.emulator);
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
    const baselineServer = startProcess(
      'baseline',
      process.execPath,
      [join(apiDir, 'bench/baseline-server.mjs'), json],
      { cwd: apiDir, env: process.env },
    );
    const [, baselinePort] = await baselineServer.waitForLine(/^ready (\d+)$/, 10_000);
    const baseline = await measure(`baseline (${label})`, `http://127.0.0.1:${baselinePort}/`);
    await baselineServer.stop();
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
}

runMain(main);
