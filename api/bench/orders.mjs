#!/usr/bin/env node
// `npm run bench:orders -w api` (root: `npm run bench:orders`): the buying path under load, at 1
// and at 20 concurrent buyers, each buyer with their own account and token.
//   1. order creation: POST /new-order in a loop → orders/s and latency.
//   2. payment completion: per payment, POST /new-order, POST /api/paypal/orders, the buyer
//      approves at the PayPal double, then PUT /process-payment-complete/:id is timed. The API's
//      Server-Timing header splits that call into time waiting for PayPal (`paypal`) and the
//      API's own time (`app` = total - paypal), so the double's speed does not count.
// Topology as in production on one machine: the built API (node api/dist/main.js), the embedded
// MongoDB and the PayPal double each in their own process, the Auth emulator, and the load here.
// Rate limits are off; request logging stays on at info (to /dev/null).
// Options: --duration 5 (seconds per run) --log-level info.
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
const PACKAGE = { packageName: 'Bench', price: 24.5, credit: 100, validity: 30 };
const BILLING = { customerName: 'Bench Buyer', address: '1 Load Street', country: 'France' };

async function request(url, method, path, { token, json } = {}) {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: json !== undefined ? JSON.stringify(json) : undefined,
  });
  const body = await response.json();
  const ms = performance.now() - started;
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(body)}`);
  return { body, ms, headers: response.headers };
}

/** Runs `work` in `concurrency` loops, one per buyer, until the duration is over. */
async function load(buyers, concurrency, work) {
  const samples = [];
  const deadline = performance.now() + DURATION_MS;
  const started = performance.now();
  await Promise.all(
    buyers.slice(0, concurrency).map(async (buyer) => {
      while (performance.now() < deadline) samples.push(await work(buyer));
    }),
  );
  return { samples, seconds: (performance.now() - started) / 1000 };
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const timing = (header, name) => Number(new RegExp(`${name};dur=([\\d.]+)`).exec(header)?.[1]);

async function main() {
  const stack = await startBenchStack({
    logLevel: options['log-level'],
    paypal: true,
    dbName: 'bench_orders',
    apiEnv: { ADMIN_EMAILS: 'bench-admin@coldmail.test' },
  });
  const apiUrl = /** @type {string} */ (stack.urls.api);
  const paypalUrl = /** @type {string} */ (stack.urls.paypal);
  const emulator = /** @type {NonNullable<typeof stack.emulator>} */ (stack.emulator);
  const signIn = async (email) => {
    // The admin's account was made by the API (ADMIN_EMAILS): its password comes from the link.
    const idToken =
      email === 'bench-admin@coldmail.test'
        ? await emulator.setPasswordFromResetLink(email, 'bench-pass')
        : (await emulator.createUser(email, 'bench-pass')).idToken;
    await request(apiUrl, 'POST', '/api/create-user', { token: idToken, json: {} });
    return { email, token: idToken };
  };
  const admin = await signIn('bench-admin@coldmail.test');
  const buyers = await Promise.all(
    Array.from({ length: Math.max(...CONCURRENCY) }, (_, index) =>
      signIn(`bench-buyer-${index}@coldmail.test`),
    ),
  );
  const { body: creditPackage } = await request(apiUrl, 'POST', '/add-package', {
    token: admin.token,
    json: PACKAGE,
  });
  const newOrder = (buyer) =>
    request(apiUrl, 'POST', '/new-order', {
      token: buyer.token,
      json: { packageId: creditPackage._id, ...BILLING },
    });

  const creation = [];
  const completion = [];
  for (const concurrency of CONCURRENCY) {
    // Warm-up: JIT, connection pools, the PayPal token cache.
    await load(buyers, concurrency, (buyer) => newOrder(buyer));

    const created = await load(buyers, concurrency, async (buyer) => (await newOrder(buyer)).ms);
    creation.push({ concurrency, ...created });

    const paid = await load(buyers, concurrency, async (buyer) => {
      const { body: order } = await newOrder(buyer);
      const { body: paypalOrder } = await request(apiUrl, 'POST', '/api/paypal/orders', {
        token: buyer.token,
        json: { orderId: order._id, kind: 'package' },
      });
      await request(paypalUrl, 'POST', `/__double/orders/${paypalOrder.id}/approve`, {
        json: {},
      });
      const completed = await request(apiUrl, 'PUT', `/process-payment-complete/${order._id}`, {
        token: buyer.token,
        json: { paypalOrderId: paypalOrder.id },
      });
      if (completed.body.alreadyProcessed !== false) throw new Error('not credited by this call');
      const header = completed.headers.get('server-timing') ?? '';
      return {
        client: completed.ms,
        total: timing(header, 'total'),
        paypal: timing(header, 'paypal'),
        app: timing(header, 'app'),
      };
    });
    completion.push({ concurrency, ...paid });
  }

  // Every completed payment credited exactly once.
  const orders = await request(apiUrl, 'GET', '/orders', { token: admin.token });
  const paidOrders = orders.body.filter((order) => order.paymentStatus === 'Paid');
  const users = (await request(apiUrl, 'GET', '/users', { token: admin.token })).body;
  const credits = users.reduce((sum, user) => sum + user.currentBalance, 0);
  const creditedOnce = credits === paidOrders.length * PACKAGE.credit;

  const ms = (value) => `${value.toFixed(1)} ms`.padStart(10);
  console.log(
    `\nOrders benchmark: ${DURATION_MS / 1000} s per run, LOG_LEVEL=${options['log-level']}, node ${process.version}\n`,
  );
  console.log('Order creation (POST /new-order)');
  console.log(
    `${'buyers'.padEnd(8)}${'orders'.padStart(8)}${'orders/s'.padStart(10)}${'p50'.padStart(10)}${'p99'.padStart(10)}`,
  );
  for (const { concurrency, samples, seconds } of creation) {
    console.log(
      `${String(concurrency).padEnd(8)}${String(samples.length).padStart(8)}${(samples.length / seconds).toFixed(0).padStart(10)}${ms(percentile(samples, 50))}${ms(percentile(samples, 99))}`,
    );
  }
  console.log('\nPayment completion (PUT /process-payment-complete/:id; p50 / p99)');
  console.log(
    `${'buyers'.padEnd(8)}${'payments'.padStart(9)}${'paid/s'.padStart(8)}${'client'.padStart(22)}${'paypal (double)'.padStart(22)}${'API own (app)'.padStart(22)}`,
  );
  for (const { concurrency, samples, seconds } of completion) {
    const pair = (key) =>
      `${percentile(
        samples.map((sample) => sample[key]),
        50,
      ).toFixed(1)} / ${percentile(
        samples.map((sample) => sample[key]),
        99,
      ).toFixed(1)} ms`.padStart(22);
    console.log(
      `${String(concurrency).padEnd(8)}${String(samples.length).padStart(9)}${(samples.length / seconds).toFixed(1).padStart(8)}${pair('client')}${pair('paypal')}${pair('app')}`,
    );
  }
  console.log(
    `\n(paid/s includes creating the order and the PayPal order and approving it; 'API own' is the\n` +
      `completion call's Server-Timing total minus its PayPal calls.)\n` +
      `Credited exactly once: ${creditedOnce ? 'yes' : 'NO'} (${paidOrders.length} paid orders, ${credits} credits)`,
  );
  if (!creditedOnce) process.exitCode = 1;
}

runMain(main);
