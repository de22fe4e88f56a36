import { startStack } from '@coldmail/dev/stack';

export const E2E_PROJECT_ID = 'demo-coldmail-e2e';
export const E2E_ADMIN_EMAIL = 'admin@e2e.test';

/** The API's settings in every browser test: test mode, one known admin, no demo data. */
const apiEnv = {
  NODE_ENV: 'test',
  ADMIN_EMAILS: E2E_ADMIN_EMAIL,
  SEED_DEMO_DATA: 'false',
  LOG_LEVEL: 'warn',
};

/** The built shell and remotes alone, each on a free port, as the tests' own deployment. */
export function startWebStack() {
  return startStack({ services: ['web'], freePorts: true });
}

/**
 * The whole product on this machine, built, each part on a free port: the Auth emulator, an
 * in-memory embedded MongoDB, the PayPal double, the API and the shell and remotes.
 */
export function startFullStack() {
  return startStack({ freePorts: true, projectId: E2E_PROJECT_ID, dbName: 'coldmail-e2e', apiEnv });
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
