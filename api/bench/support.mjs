// What the benchmarks share: the product's back end started by tools/dev's startStack as in
// production on one machine (the built API, the embedded MongoDB on disk, the Auth emulator and,
// when asked, the PayPal double, each in its own process), and stopping it however the run ends.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startStack } from '@coldmail/dev/stack';

export const apiDir = dirname(dirname(fileURLToPath(import.meta.url)));

/** @type {import('@coldmail/dev/stack').Stack | undefined} */
let running;
/** @type {{ stop(): Promise<void> }[]} */
const alsoRunning = [];

/**
 * Stops `process` when the benchmark ends, after the stack.
 *
 * @param {{ stop(): Promise<void> }} process
 */
export function stopAtExit(process) {
  alsoRunning.push(process);
}

/**
 * Builds the API (Nx cache makes this quick) and starts it with its services on free ports. Rate
 * limits are off (all load comes from one IP); request logging stays on at `logLevel` but goes
 * nowhere, unread.
 *
 * @param {{ logLevel: string, paypal?: boolean, gemini?: boolean, dbName: string, apiEnv?: Record<string, string>, apiNodeArgs?: string[] }} options
 */
export async function startBenchStack({
  logLevel,
  paypal = false,
  gemini = false,
  dbName,
  apiEnv = {},
  apiNodeArgs = [],
}) {
  console.log(
    `Building the API, then starting the Auth emulator, MongoDB, ${paypal ? 'the PayPal double, ' : ''}the API...`,
  );
  running = await startStack({
    services: [
      'database',
      'auth',
      'api',
      ...(paypal ? /** @type {const} */ (['paypal']) : []),
      ...(gemini ? /** @type {const} */ (['gemini']) : []),
    ],
    freePorts: true,
    build: true,
    dbPath: mkdtempSync(join(tmpdir(), `${dbName}-`)),
    dbName,
    apiStdout: 'ignore',
    apiNodeArgs,
    apiEnv: { ...benchApiEnv(logLevel), ...apiEnv },
  });
  return running;
}

/** The API's environment in every benchmark, before a benchmark's own. */
function benchApiEnv(/** @type {string} */ logLevel) {
  return {
    // Not 'production': production refuses emulator tokens by design. Everything else is as in
    // production (external MongoDB, no seed, built code).
    NODE_ENV: 'development',
    SEED_DEMO_DATA: 'false',
    // The throttler runs, as in production, with limits no benchmark reaches (all its load
    // comes from one address and one account).
    THROTTLE_LIMIT: '1000000000',
    THROTTLE_SENSITIVE_LIMIT: '1000000000',
    LOG_LEVEL: logLevel,
  };
}

/**
 * One more API instance on the bench stack's database and Auth emulator (a second instance, as
 * production runs several), stopped when the benchmark ends: the same built API with `apiEnv`
 * added, e.g. a feature turned off to measure what it costs.
 *
 * @param {import('@coldmail/dev/stack').Stack} stack what startBenchStack started
 * @param {{ logLevel: string, apiEnv?: Record<string, string> }} options
 */
export async function startBenchInstance(stack, { logLevel, apiEnv = {} }) {
  if (!stack.mongoUri || !stack.urls.auth) throw new Error('The bench stack has no database');
  const instance = await startStack({
    services: ['api'],
    freePorts: true,
    mongoUri: stack.mongoUri,
    // The emulator the stack runs (this start runs none): the same accounts and tokens.
    firebase: { apiKey: 'demo-api-key', projectId: 'demo-coldmail' },
    apiStdout: 'ignore',
    apiEnv: {
      ...benchApiEnv(logLevel),
      FIREBASE_AUTH_EMULATOR_HOST: new URL(stack.urls.auth).host,
      ...apiEnv,
    },
  });
  stopAtExit({ stop: () => instance.close() });
  return instance;
}

/**
 * Runs a benchmark's main; however it ends, stops what it started; on failure, says why and
 * exits 1.
 *
 * @param {() => Promise<void>} main
 */
export function runMain(main) {
  main()
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(async () => {
      await running?.close();
      for (const process of alsoRunning) await process.stop();
    });
}
