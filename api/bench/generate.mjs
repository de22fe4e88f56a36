#!/usr/bin/env node
// `npm run bench:generate -w api` (root: `npm run bench:generate`): the server's own time per
// generated email, beyond the model, at 1 and at 20 concurrent users. Each POST
// /api/generate-email answers a Server-Timing header that splits the model's time (`gemini`,
// the local Gemini double here) from the API's own (`app`: the credit debit, the prompt, the
// stored generation). Topology as in production on one machine: the built API, the embedded
// MongoDB, the Auth emulator and the Gemini double each in their own process; the per-user
// rate limit is off. Options: --duration 5 (seconds per run) --log-level info.
import { parseArgs } from 'node:util';
import { runMain, startBenchStack } from './support.mjs';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    'log-level': { type: 'string', default: 'info' },
  },
});
const DURATION_MS = Number(options.duration) * 1000;
const CONCURRENCY = [1, 20];
const FIELDS = {
  recipientName: 'Ada Lovelace',
  senderName: 'Charles Babbage',
  purpose: 'Introduce the Analytical Engine to a potential investor',
  keyDetails: 'We met at the Royal Society last spring',
  tone: 'professional',
};

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const timing = (header, name) => Number(new RegExp(`${name};dur=([\\d.]+)`).exec(header)?.[1]);

async function request(url, method, path, { token, json } = {}) {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: json !== undefined ? JSON.stringify(json) : undefined,
  });
  const body = await response.json();
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return { body, headers: response.headers };
}

async function main() {
  const adminEmail = 'bench-admin@coldmail.test';
  const stack = await startBenchStack({
    logLevel: options['log-level'],
    gemini: true,
    dbName: 'bench_generate',
    apiEnv: { ADMIN_EMAILS: adminEmail, GENERATOR_RATE_LIMIT: '0' },
  });
  const apiUrl = /** @type {string} */ (stack.urls.api);
  const emulator = /** @type {NonNullable<typeof stack.emulator>} */ (stack.emulator);
  const signIn = async (email) => {
    // The admin's account was made by the API (ADMIN_EMAILS): its password comes from the link.
    const idToken =
      email === adminEmail
        ? await emulator.setPasswordFromResetLink(email, 'bench-pass')
        : (await emulator.createUser(email, 'bench-pass', undefined, { emailVerified: true }))
            .idToken;
    const { body } = await request(apiUrl, 'POST', '/api/create-user', {
      token: idToken,
      json: {},
    });
    return { email, token: idToken, id: body._id };
  };
  const admin = await signIn(adminEmail);
  await request(apiUrl, 'POST', '/api/gemini-keys', {
    token: admin.token,
    json: { name: 'Bench key', key: `AIzaSyBench${Date.now()}LocalDoubleKey` },
  });
  const users = await Promise.all(
    Array.from({ length: Math.max(...CONCURRENCY) }, (_, index) =>
      signIn(`bench-writer-${index}@coldmail.test`),
    ),
  );
  for (const user of users) {
    await request(apiUrl, 'PUT', `/api/users/${user.id}`, {
      token: admin.token,
      json: { currentBalance: 100_000 },
    });
  }

  console.log(`\nGeneration benchmark: ${options.duration} s per run, node ${process.version}\n`);
  console.log(
    `${'users'.padEnd(8)}${'emails/s'.padStart(10)}${'own p50'.padStart(10)}${'own p99'.padStart(10)}${'total p50'.padStart(11)}${'model p50'.padStart(11)}`,
  );
  const results = [];
  for (const concurrency of CONCURRENCY) {
    const own = [];
    const total = [];
    const model = [];
    const deadline = performance.now() + DURATION_MS;
    const started = performance.now();
    await Promise.all(
      users.slice(0, concurrency).map(async (user) => {
        while (performance.now() < deadline) {
          const { headers } = await request(apiUrl, 'POST', '/api/generate-email', {
            token: user.token,
            json: FIELDS,
          });
          const header = headers.get('server-timing') ?? '';
          own.push(timing(header, 'app'));
          total.push(timing(header, 'total'));
          model.push(timing(header, 'gemini'));
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const row = {
      concurrency,
      rate: own.length / seconds,
      ownP50: percentile(own, 50),
      ownP99: percentile(own, 99),
      totalP50: percentile(total, 50),
      modelP50: percentile(model, 50),
    };
    results.push(row);
    const ms = (value) => `${value.toFixed(1)} ms`.padStart(10);
    console.log(
      `${String(concurrency).padEnd(8)}${row.rate.toFixed(1).padStart(10)}${ms(row.ownP50)}${ms(row.ownP99)}${ms(row.totalP50).padStart(11)}${ms(row.modelP50).padStart(11)}`,
    );
  }
  const single = results[0];
  console.log(
    `\nTarget: the server's own time per generation <= 5 ms p50 at 1 user: ${single.ownP50 <= 5 ? 'met' : 'MISSED'} (${single.ownP50.toFixed(1)} ms)`,
  );
}

runMain(main);
