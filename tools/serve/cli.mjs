#!/usr/bin/env node
// Serves one built app: `node tools/serve/cli.mjs --dir dist --port 4202 [--spa]`.
import { parseArgs } from 'node:util';
import { serveApp } from './index.mjs';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'dist' },
    port: { type: 'string', default: '0' },
    host: { type: 'string', default: '127.0.0.1' },
    spa: { type: 'boolean', default: false },
  },
});

const server = await serveApp({
  dir: values.dir,
  port: Number(values.port),
  host: values.host,
  spa: values.spa,
});
console.log(`serving ${values.dir} at ${server.url}`);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close().then(() => process.exit(0)));
}
