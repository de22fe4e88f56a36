// A local Gemini API for offline tests and demos: generateContent and streamGenerateContent as
// @google/genai calls them, answers written from the prompt, key prefixes that make it fail on
// purpose, and a record of what was sent.
import { createServer } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRequestHandler } from './src/server.mjs';

export const DEFAULT_PORT = 4211;
/** Enough recent requests for any test to look back on, without growing through a long demo. */
const KEPT_REQUESTS = 100;

/** @type {import('./index.d.ts').startGeminiDouble} */
export async function startGeminiDouble({
  port = 0,
  host = '127.0.0.1',
  slowMs = 5000,
  retryAfterSeconds = 30,
  chunkDelayMs = 60,
  wait = (ms, signal) => sleep(ms, undefined, { signal }),
} = {}) {
  /** @type {Map<string, number>} */
  const callsByKey = new Map();
  /** @type {import('./src/server.mjs').RecordedRequest[]} */
  let recorded = [];
  const stopping = new AbortController();

  const calls = () => Object.fromEntries(callsByKey);
  const requests = () => structuredClone(recorded);
  const reset = () => {
    callsByKey.clear();
    recorded = [];
  };

  const server = createServer(
    createRequestHandler({
      slowMs,
      retryAfterSeconds,
      chunkDelayMs,
      wait,
      host,
      stopping: stopping.signal,
      record(request) {
        callsByKey.set(request.key, (callsByKey.get(request.key) ?? 0) + 1);
        recorded.push(request);
        if (recorded.length > KEPT_REQUESTS) recorded.shift();
      },
      calls,
      requests,
      reset,
    }),
  );
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const reachableHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const url = `http://${reachableHost.includes(':') ? `[${reachableHost}]` : reachableHost}:${address.port}`;

  return {
    url,
    port: address.port,
    calls,
    requests,
    reset,
    stop: () =>
      new Promise((resolve) => {
        stopping.abort();
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}
