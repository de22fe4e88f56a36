import type { Stack } from '@coldmail/dev/stack';
import type { GeminiDouble } from '@coldmail/gemini-double';
import type { SentryDouble } from '@coldmail/sentry-double';

declare global {
  // Shared by globalSetup and globalTeardown, which jest runs in the same context.
  var __apiTestStack: Stack | undefined;
  var __apiTestGemini: GeminiDouble | undefined;
  var __apiTestSentry: SentryDouble | undefined;
}
