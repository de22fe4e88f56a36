import { startAuthEmulator } from '@coldmail/auth-emulator';
import { startEmbeddedMongo } from '@coldmail/embedded-mongo';
import type { TestServices } from './services';

/**
 * Once per jest run: the embedded MongoDB (in memory) and the Firebase Auth emulator, both on
 * free ports. Test files reach them through the environment, which workers inherit; each test
 * file uses its own database and its own e-mail addresses, so files can run in parallel.
 */
export default async function globalSetup(): Promise<void> {
  const quiet = {
    info: () => undefined,
    warn: (message: string) => console.warn(`[embedded-mongo] ${message}`),
    error: (message: string) => console.error(`[embedded-mongo] ${message}`),
  };
  const [mongo, emulator] = await Promise.all([
    startEmbeddedMongo({ port: 0, logger: quiet }),
    startAuthEmulator({ port: 0 }),
  ]);
  process.env.TEST_MONGODB_URI = mongo.uri;
  process.env.TEST_AUTH_EMULATOR_HOST = emulator.host;
  process.env.TEST_FIREBASE_PROJECT_ID = emulator.projectId;
  const services: TestServices = { mongo, emulator };
  globalThis.__apiTestServices = services;
}
