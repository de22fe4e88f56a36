import { existsSync } from 'node:fs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
  throw new Error(
    `Chromium not found at ${CHROMIUM}: run "apt-get install -y chromium" (or set CHROMIUM_PATH)`,
  );
}

// Without the background-networking flags Chromium keeps dialling Google hosts this machine
// cannot reach; --no-sandbox because CI runs as root.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The contexts newPage opened during the running test, closed when it ends (fixtures.mjs). */
export const testContexts = {
  open: /** @type {Set<import('@playwright/test').BrowserContext> | null} */ (null),
};

/**
 * A fresh page in a context of its own that records every uncaught page error in
 * `page.pageErrors` (a test asserts it stays empty). Opened in a test, it closes when the test
 * ends; opened in a `beforeAll`, it lives until the file's tests are done.
 *
 * @param {import('@playwright/test').Browser} browser
 * @param {{ viewport?: { width: number, height: number } }} [options]
 */
export async function newPage(browser, { viewport } = {}) {
  const context = await browser.newContext({ viewport: viewport ?? { width: 1280, height: 800 } });
  testContexts.open?.add(context);
  const page = /** @type {import('@playwright/test').Page & { pageErrors: Error[] }} */ (
    await context.newPage()
  );
  page.pageErrors = [];
  page.on('pageerror', (error) => page.pageErrors.push(error));
  return page;
}

/** Client-side navigation, keeping in-memory state (a full load would start the app afresh). */
export async function navigate(page, path) {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}
