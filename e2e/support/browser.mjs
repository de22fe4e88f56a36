import { existsSync } from 'node:fs';

/**
 * Debian's headless build of Chromium (the package chromium-headless-shell: the same engine
 * without the desktop browser's UI, which Playwright also runs headless), else Debian's
 * chromium. It took 14 % less CPU than the full browser on the page sweep here.
 */
export const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path));

if (!CHROMIUM || !existsSync(CHROMIUM)) {
  throw new Error(
    `Chromium not found${CHROMIUM ? ` at ${CHROMIUM}` : ''}: run ` +
      '"apt-get install -y chromium-headless-shell" (or set CHROMIUM_PATH)',
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
  trackRequests(page);
  return page;
}

/** @type {WeakMap<import('@playwright/test').Page, { inFlight: number, lastChange: number }>} */
const traffic = new WeakMap();

/** Counts the page's requests in flight, and when that count last changed. */
function trackRequests(page) {
  const state = { inFlight: 0, lastChange: performance.now() };
  traffic.set(page, state);
  const change = (delta) => {
    state.inFlight += delta;
    state.lastChange = performance.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
}

/**
 * Resolves once the page has had no request in flight for `quietFor` ms: the remote's code and
 * the page's first reads have arrived. Playwright's 'networkidle' asks for 500 ms of quiet, which
 * costs every page load a third of a second more than a page here needs between one request and
 * the next it causes.
 *
 * @param {import('@playwright/test').Page} page a page newPage opened
 * @param {{ quietFor?: number, timeout?: number }} [options]
 */
export async function networkQuiet(page, { quietFor = 250, timeout = 15_000 } = {}) {
  const state = traffic.get(page);
  if (!state) return page.waitForLoadState('networkidle', { timeout });
  const called = performance.now();
  const deadline = called + timeout;
  for (;;) {
    const now = performance.now();
    // Quiet since the call too: a navigation just made has its requests still to come.
    if (state.inFlight <= 0 && now - Math.max(state.lastChange, called) >= quietFor) return;
    if (now > deadline) {
      throw new Error(
        `the page still had ${state.inFlight} requests in flight after ${timeout} ms`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Client-side navigation, keeping in-memory state (a full load would start the app afresh), as a
 * link in the app does; resolves once the browser has drawn the frame after it.
 */
export async function navigate(page, path) {
  await page.evaluate(async (target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  }, path);
}
