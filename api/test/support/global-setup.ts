import { startAuthEmulator } from '@coldmail/auth-emulator';
import { startEmbeddedMongo } from '@coldmail/embedded-mongo';
import { startGeminiDouble } from '@coldmail/gemini-double';
import { startPaypalDouble } from '@coldmail/paypal-double';
import type { TestServices } from './services';

/**
 * Once per jest run: the embedded MongoDB (in memory), the Firebase Auth emulator, the PayPal
 * double (tools/paypal-double) and the Gemini double (tools/gemini-double), all on free ports. Test files reach them through the environment, which workers inherit; each test
 * file uses its own database and its own e-mail addresses, so files can run in parallel.
 */
export default async function globalSetup(): Promise<void> {
  const quiet = {
    info: () => undefined,
    warn: (message: string) => console.warn(`[embedded-mongo] ${message}`),
    error: (message: string) => console.error(`[embedded-mongo] ${message}`),
  };
  const [mongo, emulator, paypal, gemini] = await Promise.all([
    startEmbeddedMongo({ port: 0, logger: quiet }),
    startAuthEmulator({ port: 0 }),
    // ES modules, loaded here by Node itself: jest's own loader cannot import them on Node 20,
    // so test files drive them through their HTTP control routes (support/*-double.ts).
    startPaypalDouble({ port: 0 }),
    startGeminiDouble({ port: 0 }),
  ]);
  process.env.TEST_MONGODB_URI = mongo.uri;
  process.env.TEST_AUTH_EMULATOR_HOST = emulator.host;
  process.env.TEST_FIREBASE_PROJECT_ID = emulator.projectId;
  process.env.TEST_PAYPAL_URL = paypal.url;
  process.env.TEST_PAYPAL_WEBHOOK_ID = paypal.webhookId;
  process.env.TEST_GEMINI_URL = gemini.url;
  const services: TestServices = { mongo, emulator, paypal, gemini };
  globalThis.__apiTestServices = services;
}
