#!/usr/bin/env node
// `npm start`: builds the API and the web apps (Nx cache makes the next start quick) and runs
// them as deployed, each web app on its own static server.
// `npm run dev` (`--dev`): the API rebuilt and restarted on every change, a Vite dev server with
// HMR per web app.
// Both also run the embedded database (unless MONGODB_URI is set), the Firebase Auth emulator
// (unless a real Firebase project is configured) and the PayPal double (unless real PayPal
// credentials are). Ports come from libs/registry/apps.json and their variables. Ctrl-C stops
// everything.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnvFiles } from '@coldmail/registry/env-files';
import { startStack, workspaceRoot } from './stack.mjs';

const { values: flags } = parseArgs({ options: { dev: { type: 'boolean', default: false } } });
// Settings from .env.local and .env at the workspace root (see .env.example), under what the shell
// sets; the API this starts inherits them.
for (const file of loadEnvFiles(workspaceRoot)) console.log(`Settings from ${file}`);
const env = process.env;
const projectId = env.FIREBASE_PROJECT_ID ?? 'demo-coldmail';
// A real project brings its own web API key; without one we run against the emulator.
const realFirebase = Boolean(env.FIREBASE_API_KEY) && !projectId.startsWith('demo-');
const dbPath = env.MONGODB_URI
  ? undefined
  : resolve(workspaceRoot, env.MONGODB_DATA_DIR ?? '.data/mongo');

const stopping = new AbortController();
let stack = /** @type {import('./stack.mjs').Stack | null} */ (null);
const stop = async (/** @type {number} */ exitCode) => {
  // A second Ctrl-C does not wait: exiting kills every process group that is left.
  if (stopping.signal.aborted) process.exit(1);
  stopping.abort();
  // While starting, startStack stops what it started and rejects (handled below).
  if (!stack) return;
  await stack.close();
  process.exit(exitCode);
};
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    console.log(`\n${signal}: stopping everything...`);
    void stop(0);
  });
}

const host = env.HOST ?? '127.0.0.1';
if (!realFirebase && !['127.0.0.1', 'localhost', '::1'].includes(host)) {
  // The Auth emulator's tokens are unsigned: anyone who reaches the API could sign in as anyone,
  // the demo admin included.
  console.warn(
    `\nWARNING: HOST=${host} serves this development stack beyond this machine, and its API ` +
      "accepts the Auth emulator's unsigned sign-in tokens: anyone who can reach it can sign in " +
      'as any user, the demo admin included. Use it only on a network you trust.\n',
  );
}

console.log(
  flags.dev
    ? 'Starting the dev stack: the API in watch mode and Vite dev servers with HMR...'
    : 'Building the API, the shell and the remotes (cached after the first run), then starting...',
);
try {
  stack = await startStack({
    mode: flags.dev ? 'dev' : 'built',
    build: true,
    host,
    mongoUri: env.MONGODB_URI,
    dbPath,
    projectId,
    firebase: realFirebase
      ? {
          apiKey: /** @type {string} */ (env.FIREBASE_API_KEY),
          projectId,
          ...(env.FIREBASE_AUTH_DOMAIN ? { authDomain: env.FIREBASE_AUTH_DOMAIN } : {}),
        }
      : undefined,
    // PAYPAL_API_BASE or PAYPAL_CLIENT_ID means a real (sandbox or live) account is configured.
    realPaypal: Boolean(env.PAYPAL_API_BASE || env.PAYPAL_CLIENT_ID),
    publicApiUrl: env.API_URL,
    // Where `npm run release -- <remote>` publishes: each remote is served from there.
    sitesDir: flags.dev ? undefined : resolve(workspaceRoot, '.data/sites'),
    onOutput: (service, line) => console.log(`[${service}] ${line}`),
    onExit: (service, message) => {
      console.error(`\n${message}; stopping everything.`);
      void stop(1);
    },
    signal: stopping.signal,
  });
} catch (error) {
  if (stopping.signal.aborted) process.exit(0);
  console.error(`\n${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const { urls } = stack;
/** @type {Record<string, string>} */
const notes = {
  api: `(OpenAPI: ${urls.api}/api/docs)`,
  auth: '(Firebase Auth emulator)',
  paypal: '(PayPal double: no real money)',
  gemini: '(Gemini double: emails offline; GEMINI_DOUBLE=off for Google)',
};
console.log(flags.dev ? '\nRunning (dev, HMR):' : '\nServing:');
for (const [name, url] of Object.entries(urls)) {
  console.log(`  ${name.padEnd(10)} ${url}${notes[name] ? `  ${notes[name]}` : ''}`);
}
if (stack.databaseServerUri) {
  console.log(`  ${'database'.padEnd(10)} ${stack.mongoUri}  (embedded MongoDB, ${dbPath})`);
}
console.log(`\nOpen ${urls.shell} — Ctrl-C stops everything.`);
