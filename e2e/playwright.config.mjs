// The browser tests on Playwright's runner: one shared stack for the whole run (global-setup.mjs),
// each test isolated by its own users and records. Debian's Chromium, not a downloaded one.
import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { CHROMIUM, CHROMIUM_ARGS } from './support/browser.mjs';

/**
 * Tests that change what every visitor sees (the landing content, the legal pages, the packages,
 * the tax rates).
 */
const sharedSettings = [
  'content.test.mjs',
  'admin-back-office.test.mjs',
  'legal-pages.test.mjs',
  'invoices.test.mjs',
];
/** The store's currency changes every price on the site: alone, after everything else. */
const storeWide = ['currency.test.mjs'];
/**
 * Tests that start a stack of their own (the dev stack; the web apps, to redeploy them; the API
 * with the trial credits the shared stack turns off).
 */
const ownStack = [
  'dev-stack.test.mjs',
  'error-tracking.test.mjs',
  'platform.test.mjs',
  'server-rendering-deploys.test.mjs',
  'trial-credits.test.mjs',
];
/** Releases of the remotes, on a stack of their own started once the other own stacks stopped. */
const releases = ['releases.test.mjs'];
/**
 * The pages' screenshots, on a stack of its own with the same records every run: last and alone,
 * so no other stack starting or busy on the same cores changes when what is drawn arrives.
 */
const pageLayout = ['page-layout.test.mjs'];

export default defineConfig({
  testDir: './tests',
  testMatch: '*.test.mjs',
  globalSetup: './support/global-setup.mjs',
  // One worker per core: the tests keep Chromium busy, so more only share the same cores.
  workers: Number(process.env.E2E_WORKERS) || availableParallelism(),
  retries: 0,
  // A test.only left in a file would quietly skip the rest: pick tests with -g or file:line.
  forbidOnly: true,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  outputDir: './artifacts/results',
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 800 },
    // A failed test keeps its trace (every action, with the page's DOM before and after it);
    // a screencast in it would cost every test a fifth of its time on two cores.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true },
    screenshot: 'only-on-failure',
  },
  // The own-stack tests first: their start-up (Vite) then overlaps the shared-stack tests.
  projects: [
    { name: 'own stack', testMatch: ownStack },
    { name: 'releases', testMatch: releases, dependencies: ['own stack'] },
    {
      name: 'shared stack',
      testIgnore: [...sharedSettings, ...storeWide, ...ownStack, ...releases, ...pageLayout],
    },
    // After the others, so no test sees the landing page or the package list change under it.
    { name: 'shared settings', testMatch: sharedSettings, dependencies: ['shared stack'] },
    { name: 'store-wide settings', testMatch: storeWide, dependencies: ['shared settings'] },
    {
      name: 'page layout',
      testMatch: pageLayout,
      dependencies: ['store-wide settings', 'releases'],
    },
  ],
});
