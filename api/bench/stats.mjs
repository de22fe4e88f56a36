#!/usr/bin/env node
// `npm run bench:stats -w api` (root: `npm run bench:stats`): the admin dashboard's revenue and
// usage over a year, GET /api/admin/stats, on a shop with 100,000 orders and 1,000,000 credit
// ledger entries (--orders, --entries) spread over the last 365 days.
//   cold: the first request for the year, when no past day's figures are kept yet (each day
//         is computed from its records through the date indexes, then kept);
//   warm: the same year by month, by week and by day afterwards, as every later dashboard load
//         reads it, at 1 and at 10 concurrent admins.
// Topology as in production on one machine: the built API, the embedded MongoDB and the Auth
// emulator each in their own process, the load here.
import { parseArgs } from 'node:util';
import { runMain, startBenchStack } from './support.mjs';

const { values: options } = parseArgs({
  options: {
    orders: { type: 'string', default: '100000' },
    entries: { type: 'string', default: '1000000' },
    requests: { type: 'string', default: '100' },
  },
});
const ORDERS = Number(options.orders);
const ENTRIES = Number(options.entries);
const REQUESTS = Number(options.requests);
const DAY_MS = 86_400_000;
const YEAR_DAYS = 365;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** `count` documents made by `make(index)`, written in batches straight to the database. */
async function seed(db, collection, count, make) {
  const started = Date.now();
  const BATCH = 10_000;
  for (let first = 0; first < count; first += BATCH) {
    const batch = [];
    for (let index = first; index < Math.min(count, first + BATCH); index += 1) {
      batch.push(make(index));
    }
    await db.collection(collection).insertMany(batch, { ordered: false });
  }
  console.log(`Seeded ${count} ${collection} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  const stack = await startBenchStack({
    logLevel: 'warn',
    dbName: 'bench-stats',
    apiEnv: { ADMIN_EMAILS: 'bench@coldmail.test' },
  });
  const apiUrl = /** @type {string} */ (stack.urls.api).replace('//localhost:', '//127.0.0.1:');
  const emulator = /** @type {NonNullable<typeof stack.emulator>} */ (stack.emulator);
  const idToken = await emulator.setPasswordFromResetLink('bench@coldmail.test', 'bench-pass');
  const headers = { authorization: `Bearer ${idToken}` };
  await fetch(`${apiUrl}/api/create-user`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: '{}',
  });

  const { MongoClient, ObjectId } = (await import('mongoose')).mongo;
  const client = new MongoClient(/** @type {string} */ (stack.mongoUri));
  await client.connect();
  const now = Date.now();
  // Spread evenly over the last year, newest first.
  const dateOf = (index, count) => new Date(now - Math.floor((index * YEAR_DAYS * DAY_MS) / count));
  try {
    const db = client.db();
    await seed(db, 'orders', ORDERS, (index) => {
      const at = dateOf(index, ORDERS);
      const paid = index % 3 !== 0;
      return {
        orderId: `S${index.toString(36).toUpperCase().padStart(7, '0')}`,
        paymentId: `Q${index.toString(36).toUpperCase().padStart(7, '0')}`,
        packageName: ['Starter', 'Growth', 'Scale'][index % 3],
        totalPrice: ['9.00', '29.00', '99.00'][index % 3],
        currency: index % 10 === 0 ? 'EUR' : 'USD',
        paymentStatus: paid ? (index % 50 === 1 ? 'Refunded' : 'Paid') : 'pending',
        ...(paid ? { paidAt: at } : {}),
        ...(paid && index % 50 === 1 ? { refund: { source: 'admin', at } } : {}),
        createdAt: at,
        updatedAt: at,
      };
    });
    const users = Math.max(1, Math.floor(ENTRIES / 100));
    await seed(db, 'creditEntries', ENTRIES, (index) => {
      const purchase = index % 20 === 0;
      return {
        userId: new ObjectId(),
        reason: purchase ? 'purchase' : 'generation',
        reference: `bench-${index}`,
        delta: purchase ? 100 : -1,
        status: 'applied',
        sequence: index,
        balanceAfter: 0,
        appliedAt: dateOf(index, ENTRIES),
      };
    });
    await seed(db, 'users', users, (index) => ({
      userEmail: `stats-${index}@bench.test`,
      createdAt: dateOf(index, users),
    }));
    await seed(db, 'generations', Math.floor(ENTRIES / 2), (index) => ({
      userId: new ObjectId(),
      status: index % 25 === 0 ? 'failed' : 'done',
      createdAt: dateOf(index, Math.floor(ENTRIES / 2)),
    }));
  } finally {
    await client.close();
  }

  const to = new Date(now).toISOString().slice(0, 10);
  const from = new Date(now - (YEAR_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const path = (bucket) => `/api/admin/stats?from=${from}&to=${to}&bucket=${bucket}`;
  const timed = async (bucket) => {
    const started = performance.now();
    const response = await fetch(`${apiUrl}${path(bucket)}`, { headers });
    const body = await response.json();
    if (!response.ok)
      throw new Error(`${path(bucket)}: ${response.status} ${JSON.stringify(body)}`);
    return { ms: performance.now() - started, body };
  };

  const cold = await timed('month');
  const sold = cold.body.points.reduce((sum, point) => sum + point.creditsSold, 0);
  console.log(
    `\nGET /api/admin/stats, ${YEAR_DAYS} days, over ${ORDERS} orders and ${ENTRIES} ledger entries` +
      ` (${sold} credits sold in the answer)`,
  );
  console.log('bucket   admins   p50 ms   p99 ms   req/s');
  console.log(
    `month    cold     ${cold.ms.toFixed(0).padStart(6)}   (first request: no day kept yet)`,
  );
  for (const bucket of ['month', 'week', 'day']) {
    for (const concurrency of [1, 10]) {
      const samples = [];
      const started = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < REQUESTS) {
            next += 1;
            samples.push((await timed(bucket)).ms);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      console.log(
        `${bucket.padEnd(8)} ${String(concurrency).padStart(6)}   ${percentile(samples, 50)
          .toFixed(1)
          .padStart(6)}   ${percentile(samples, 99).toFixed(1).padStart(6)}   ${(
          samples.length / seconds
        )
          .toFixed(0)
          .padStart(5)}`,
      );
    }
  }
}

runMain(main);
