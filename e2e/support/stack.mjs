import { emulatorClient } from '@coldmail/auth-emulator';
import { startStack } from '@coldmail/dev/stack';

const E2E_PROJECT_ID = 'demo-coldmail-e2e';
export const E2E_ADMIN_EMAIL = 'admin@e2e.test';

/**
 * The API's settings in every browser test: test mode, one known admin, no demo data, and no
 * trial credits, so each test's buyer starts at the balance the test gives them (the trial's own
 * test turns them on, on a stack of its own).
 */
const apiEnv = {
  NODE_ENV: 'test',
  ADMIN_EMAILS: E2E_ADMIN_EMAIL,
  SEED_DEMO_DATA: 'false',
  LOG_LEVEL: 'warn',
  TRIAL_CREDITS: '0',
};

/**
 * The built shell and remotes alone, each on a free port, as the tests' own deployment: served
 * by nginx with the deploy kit's configuration, as production serves them.
 */
export function startWebStack() {
  return startStack({ services: ['web'], freePorts: true, webServer: 'nginx' });
}

/**
 * The whole product on this machine, built, each part on a free port: the Auth emulator, an
 * in-memory embedded MongoDB, the PayPal double, the API, and the shell and remotes served by
 * nginx with the deploy kit's configuration. A stack besides the shared one takes a project id of
 * its own and any API settings that differ.
 *
 * @param {{ projectId?: string, apiSettings?: Record<string, string> }} [options]
 */
export function startFullStack({ projectId = E2E_PROJECT_ID, apiSettings = {} } = {}) {
  return startStack({
    freePorts: true,
    projectId,
    dbName: 'coldmail-e2e',
    apiEnv: { ...apiEnv, ...apiSettings },
    webServer: 'nginx',
  });
}

/** Where global-setup.mjs tells the workers the shared stack is. */
const SHARED_STACK_ENV = 'COLDMAIL_E2E_STACK';

/**
 * Hands the stack global-setup.mjs started to every worker, through the environment, with the
 * package and item it put on sale.
 *
 * @param {import('@coldmail/dev/stack').Stack} stack
 * @param {SharedStack['catalogue']} catalogue
 */
export function shareStack(stack, catalogue) {
  process.env[SHARED_STACK_ENV] = JSON.stringify({
    urls: stack.urls,
    projectId: E2E_PROJECT_ID,
    catalogue,
  });
}

/**
 * @typedef {object} SharedStack
 * @property {Record<string, string>} urls
 * @property {import('@coldmail/auth-emulator').EmulatorClient} emulator
 * @property {{ pkg: Record<string, any>, item: Record<string, any> }} catalogue a package and an
 *   item on sale, which any test may buy (the store holds three packages at most)
 */

/**
 * The shared stack, as a test sees it: its URLs, a client of its Auth emulator and what is on
 * sale. Tests keep out of each other's way by their own users and records.
 *
 * @returns {SharedStack}
 */
export function sharedStack() {
  const described = process.env[SHARED_STACK_ENV];
  if (!described) throw new Error('The shared stack is not running: run the tests with Playwright');
  const { urls, projectId, catalogue } = JSON.parse(described);
  return {
    urls,
    catalogue,
    emulator: emulatorClient({ host: new URL(urls.auth).host, projectId }),
  };
}

/**
 * The whole product as `npm run dev` runs it, on free ports: the API in watch mode and a Vite
 * dev server per web app, optionally one of them from another folder (an edited copy).
 *
 * @param {{ appDirs?: import('@coldmail/dev/stack').StackOptions['appDirs'] }} [options]
 */
export function startDevStack({ appDirs } = {}) {
  return startStack({
    mode: 'dev',
    freePorts: true,
    projectId: E2E_PROJECT_ID,
    dbName: 'coldmail-e2e',
    apiEnv,
    appDirs,
  });
}
