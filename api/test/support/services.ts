import type { RunningAuthEmulator } from '@coldmail/auth-emulator';
import type { EmbeddedMongo } from '@coldmail/embedded-mongo';
import type { GeminiDouble } from '@coldmail/gemini-double';
import type { PaypalDouble } from '@coldmail/paypal-double';

export interface TestServices {
  mongo: EmbeddedMongo;
  emulator: RunningAuthEmulator;
  paypal: PaypalDouble;
  gemini: GeminiDouble;
}

declare global {
  // Shared by globalSetup and globalTeardown, which jest runs in the same context.
  var __apiTestServices: TestServices | undefined;
}
