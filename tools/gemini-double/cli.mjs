#!/usr/bin/env node
// Runs the Gemini double on its own, for demos and the dev stack:
//   node tools/gemini-double/cli.mjs [--port 4211] [--host 127.0.0.1] [--slow-ms 5000]
//     [--retry-after 30] [--chunk-delay-ms 60]
// Prints exactly one line, `ready <url>`, once it accepts requests; SIGINT/SIGTERM stop it.
import { parseArgs } from 'node:util';
import { DEFAULT_PORT, startGeminiDouble } from './index.mjs';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: String(DEFAULT_PORT) },
    host: { type: 'string', default: '127.0.0.1' },
    'slow-ms': { type: 'string' },
    'retry-after': { type: 'string' },
    'chunk-delay-ms': { type: 'string' },
  },
});

/** A flag's number, or undefined so the double's default applies. */
function number(name) {
  const text = values[name];
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} must be a whole number, got ${text}`);
    process.exit(2);
  }
  return value;
}

const double = await startGeminiDouble({
  port: number('port'),
  host: values.host,
  slowMs: number('slow-ms'),
  retryAfterSeconds: number('retry-after'),
  chunkDelayMs: number('chunk-delay-ms'),
});
console.log(`ready ${double.url}`);

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => double.stop().then(() => process.exit(0)));
}
