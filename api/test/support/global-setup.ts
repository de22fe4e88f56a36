import { startStack } from '@coldmail/dev/stack';

/**
 * Once per jest run: the embedded MongoDB (in memory), the Firebase Auth emulator and the PayPal
 * double, all on free ports, started by the same startStack as `npm start`. Test files reach them
 * through the environment, which workers inherit; each test file uses its own database and its
 * own e-mail addresses, so files can run in parallel. The double is driven over its HTTP control
 * routes (support/paypal-double.ts).
 */
export default async function globalSetup(): Promise<void> {
  const stack = await startStack({ services: ['database', 'auth', 'paypal'], freePorts: true });
  if (!stack.databaseServerUri || !stack.emulator || !stack.paypal) {
    await stack.close();
    throw new Error('The test services did not all start');
  }
  process.env.TEST_MONGODB_URI = stack.databaseServerUri;
  process.env.TEST_AUTH_EMULATOR_HOST = stack.emulator.host;
  process.env.TEST_FIREBASE_PROJECT_ID = stack.emulator.projectId;
  process.env.TEST_PAYPAL_URL = stack.paypal.url;
  process.env.TEST_PAYPAL_WEBHOOK_ID = stack.paypal.webhookId;
  globalThis.__apiTestStack = stack;
}
