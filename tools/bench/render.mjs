#!/usr/bin/env node
// `npm run bench:render`: the page renderer's own cost, on the stack `npm start` serves (the
// built apps, the API with its embedded database, the renderer in the shell's server): requests
// per second and latency of the server-rendered landing page (`/`) and an item's page, beside
// the shell's static index.html from the same server, in turn (rounds interleaved), at the same
// connections. Prints figures; asserts nothing. Options: --duration 5 --rounds 3 --connections 10
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { startStack } from '@coldmail/dev/stack';

const { values: options } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '3' },
    connections: { type: 'string', default: '10' },
  },
});
const DURATION = Number(options.duration);
const ROUNDS = Number(options.rounds);
const CONNECTIONS = Number(options.connections);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

console.log('Building the apps and the API, then starting the stack npm start serves...');
const stack = await startStack({ freePorts: true, build: true, apiStdout: 'ignore' });
try {
  const shell = /** @type {string} */ (stack.urls.shell).replace('//localhost:', '//127.0.0.1:');
  const api = /** @type {string} */ (stack.urls.api).replace('//localhost:', '//127.0.0.1:');
  const [item] = await (await fetch(`${api}/api/items`)).json();
  const targets = [
    { label: 'static index.html (client-rendered page)', path: '/index.html' },
    { label: 'GET / (server-rendered landing page)', path: '/' },
    ...(item
      ? [
          {
            label: "GET an item's page (server-rendered)",
            path: `/premium/${item.slug}/${item._id}`,
          },
        ]
      : []),
  ];
  for (const target of targets) {
    const response = await fetch(`${shell}${target.path}`);
    target.bytes = (await response.text()).length;
    target.rendered = response.headers.get('x-page-render') ?? 'static';
    // Warm-up: the JIT, the renderer's first load of the remote's server entry.
    await autocannon({ url: `${shell}${target.path}`, connections: CONNECTIONS, duration: 2 });
  }
  const runs = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, target] of targets.entries()) {
      const result = await autocannon({
        url: `${shell}${target.path}`,
        connections: CONNECTIONS,
        duration: DURATION,
      });
      const failed = result.non2xx + result.errors + result.timeouts;
      if (failed > 0)
        console.warn(`  ${target.path}: ${failed} failed of ${result.requests.total}`);
      runs[index].push(result);
    }
  }
  console.log(
    `\nPage renderer: ${CONNECTIONS} connections, median of ${ROUNDS} rounds of ${DURATION} s in turn, node ${process.version}\n`,
  );
  console.log(
    `${'page'.padEnd(46)}${'answer'.padStart(8)}${'bytes'.padStart(8)}${'req/s'.padStart(9)}${'p50'.padStart(8)}${'p99'.padStart(8)}`,
  );
  for (const [index, target] of targets.entries()) {
    const rps = median(runs[index].map((run) => run.requests.average));
    const p50 = median(runs[index].map((run) => run.latency.p50));
    const p99 = median(runs[index].map((run) => run.latency.p99));
    console.log(
      `${target.label.padEnd(46)}${target.rendered.padStart(8)}${String(target.bytes).padStart(8)}${rps.toFixed(0).padStart(9)}${`${p50} ms`.padStart(8)}${`${p99} ms`.padStart(8)}`,
    );
  }
} finally {
  await stack.close();
}
