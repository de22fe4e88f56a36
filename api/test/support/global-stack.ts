import type { Stack } from '@coldmail/dev/stack';

declare global {
  // Shared by globalSetup and globalTeardown, which jest runs in the same context.
  var __apiTestStack: Stack | undefined;
}
