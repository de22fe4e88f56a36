// What every browser test imports instead of @playwright/test: the same `test` and `expect`,
// with the shared stack and pages that close with the test that opened them.
import { test as base, expect } from '@playwright/test';
import { testContexts } from './browser.mjs';
import { sharedStack } from './stack.mjs';

export { expect };

export const test = base.extend({
  /** The stack global-setup.mjs started: its URLs and its Auth emulator. */
  stack: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for
    async ({}, use) => use(sharedStack()),
    { scope: 'worker' },
  ],
  /** Closes the contexts newPage opened during the test once it ends. */
  closesPages: [
    // eslint-disable-next-line no-empty-pattern -- as above
    async ({}, use) => {
      const open = new Set();
      testContexts.open = open;
      try {
        await use(undefined);
      } finally {
        testContexts.open = null;
        await Promise.all([...open].map((context) => context.close()));
      }
    },
    { auto: true },
  ],
});
