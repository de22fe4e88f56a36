import { startStack } from '@coldmail/dev/stack';
import { startGeminiDouble } from '@coldmail/gemini-double';
import { startSentryDouble } from '@coldmail/sentry-double';

/**
 * Once per jest run: the embedded MongoDB (in memory), the Firebase Auth emulator and the PayPal
 * double, all on free ports, started by the same startStack as `npm start`, plus the Gemini
 * double and the error tracker's (Sentry's). Test files reach them through the environment, which workers inherit; each test file
 * uses its own database and its own e-mail addresses, so files can run in parallel. The doubles
 * are driven over their HTTP control routes (support/*-double.ts).
 */
export default async function globalSetup(): Promise<void> {
  const [stack, gemini, sentry] = await Promise.all([
    startStack({ services: ['database', 'auth', 'paypal'], freePorts: true }),
    startGeminiDouble({ port: 0 }),
    startSentryDouble({ port: 0 }),
  ]);
  globalThis.__apiTestStack = stack;
  globalThis.__apiTestGemini = gemini;
  globalThis.__apiTestSentry = sentry;
  if (!stack.databaseServerUri || !stack.emulator || !stack.paypal) {
    throw new Error('The test services did not all start');
  }
  process.env.TEST_MONGODB_URI = stack.databaseServerUri;
  process.env.TEST_AUTH_EMULATOR_HOST = stack.emulator.host;
  process.env.TEST_FIREBASE_PROJECT_ID = stack.emulator.projectId;
  process.env.TEST_PAYPAL_URL = stack.paypal.url;
  process.env.TEST_PAYPAL_WEBHOOK_ID = stack.paypal.webhookId;
  process.env.TEST_GEMINI_URL = gemini.url;
  process.env.TEST_SENTRY_URL = sentry.url;
}
