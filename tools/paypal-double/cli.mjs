#!/usr/bin/env node
// Runs the PayPal double on its own, for demos and the dev stack:
//   node tools/paypal-double/cli.mjs [--port 4210] [--host 127.0.0.1] [--client-id ID --client-secret SECRET]
//     [--allow-origin http://localhost:4200 ...]
// Prints exactly one line, `ready <url>`, once it accepts requests; SIGINT/SIGTERM stop it.
import { parseArgs } from 'node:util';
import { startPaypalDouble } from './index.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4210' },
    host: { type: 'string', default: '127.0.0.1' },
    'client-id': { type: 'string' },
    'client-secret': { type: 'string' },
    'webhook-id': { type: 'string' },
    // Repeatable: a shop page that may call the /__double controls (the SDK stand-in's approve).
    'allow-origin': { type: 'string', multiple: true },
  },
});

const double = await startPaypalDouble({
  port: Number(values.port),
  host: values.host,
  clientId: values['client-id'],
  clientSecret: values['client-secret'],
  webhookId: values['webhook-id'],
  allowedOrigins: values['allow-origin'] ?? [],
});
console.log(`ready ${double.url}`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => double.stop().then(() => process.exit(0)));
}
