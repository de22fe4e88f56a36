// The page renderer and the marketing remote's deployments: a redeployed remote's new markup is
// served by the unchanged shell and its renderer, and a deployment without a server entry leaves
// the pages to the browser, which renders them as before. A stack of its own: these tests
// redeploy the marketing remote.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { cp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { webAppDirs } from '@coldmail/registry/apps';
import { paths } from '@coldmail/registry/pages';
import { startStack, workspaceRoot } from '@coldmail/dev/stack';
import { newPage } from '../support/browser.mjs';
import { test } from '../support/fixtures.mjs';
import { rebuildRemoteWithBanner } from '../support/redeploy.mjs';

let browser;
let stack;

test.beforeAll(async ({ browser: sharedBrowser }) => {
  browser = sharedBrowser;
  stack = await startStack({
    services: ['database', 'auth', 'api', 'web'],
    freePorts: true,
    dbName: 'coldmail-e2e-rendering',
    webServer: 'nginx',
  });
});

test.afterAll(async () => {
  await stack?.close();
});

const htmlOf = async (path) => (await fetch(`${stack.urls.shell}${path}`)).text();

/** Waits (up to 10 s) for the HTML at `path` to satisfy `check`. */
async function htmlWhen(path, check) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const html = await htmlOf(path);
    if (check(html) || Date.now() > deadline) return html;
    await new Promise((done) => setTimeout(done, 250));
  }
}

test('a redeployed marketing remote’s markup is served by the unchanged shell’s renderer, and taken over in the browser', async () => {
  assert.ok(!(await htmlOf(paths.about)).includes('Release 2 of mf-marketing'));
  const rebuilt = await rebuildRemoteWithBanner('marketing', 'Release 2 of mf-marketing');
  await stack.stopRemote('marketing');
  await stack.restartRemote('marketing', { dir: rebuilt });
  try {
    const html = await htmlWhen(paths.about, (text) => text.includes('Release 2 of mf-marketing'));
    const root = html.slice(html.indexOf('<div id="root">'));
    assert.match(root, /<p data-testid="release-banner">Release 2 of mf-marketing<\/p>/);

    const page = await newPage(browser);
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        globalThis.__serverBanner = document.querySelector('[data-testid="release-banner"]');
      });
    });
    await page.goto(stack.urls.shell);
    // The contact form is usable once the remote's code has taken the page over, which it does
    // as the visitor scrolls down to the form.
    const send = page.getByRole('form', { name: 'Contact us' }).getByRole('button');
    await send.scrollIntoViewIfNeeded();
    await page.waitForFunction((button) => !button.disabled, await send.elementHandle());
    // The browser ran the new release on the HTML its server entry drew: the same banner node.
    assert.equal(await page.evaluate(() => globalThis.__serverBanner?.isConnected), true);
    assert.equal(await page.getByTestId('release-banner').innerText(), 'Release 2 of mf-marketing');
    assert.deepEqual(page.pageErrors, []);
  } finally {
    await stack.stopRemote('marketing');
    await stack.restartRemote('marketing');
  }
});

test('a marketing deployment without a server entry leaves the pages to the browser: no blank page, no error', async () => {
  const dist = join(workspaceRoot, webAppDirs.marketing, 'dist');
  const withoutEntry = join(workspaceRoot, 'e2e', '.work', 'marketing-without-server-entry');
  await rm(withoutEntry, { recursive: true, force: true });
  await cp(dist, withoutEntry, { recursive: true, filter: (path) => !path.includes('/server') });
  await stack.stopRemote('marketing');
  await stack.restartRemote('marketing', { dir: withoutEntry });
  try {
    // Within a second the renderer finds the deployment has no server entry any more.
    const html = await htmlWhen('/', (text) => text.includes('<div id="root"></div>'));
    assert.ok(html.includes('<div id="root"></div>'), "the shell's index.html, as before");
    assert.equal((await fetch(`${stack.urls.shell}/`)).status, 200);

    const page = await newPage(browser);
    await page.goto(stack.urls.shell);
    await page.getByRole('heading', { name: 'Pricing Packages' }).waitFor();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    assert.deepEqual(page.pageErrors, []);
  } finally {
    await stack.stopRemote('marketing');
    await stack.restartRemote('marketing');
  }
});

test('1,000 page requests with random query strings in a minute leave the landing page drawn with its packages for the next visitor', async () => {
  // From one address, as a flood would come; the renderer reads the API for each of them.
  const flood = Array.from({ length: 1000 }, () => `/?r=${randomUUID()}`);
  for (let start = 0; start < flood.length; start += 25) {
    await Promise.all(
      flood.slice(start, start + 25).map(async (path) => {
        const response = await fetch(`${stack.urls.shell}${path}`);
        await response.text();
        assert.equal(response.status, 200);
      }),
    );
  }
  const response = await fetch(`${stack.urls.shell}/`);
  const html = await response.text();
  const root = html.slice(html.indexOf('<div id="root">'));
  assert.equal(response.status, 200);
  assert.ok(!root.startsWith('<div id="root"></div>'), 'drawn by the renderer');
  assert.ok(!html.includes('Failed to fetch packages'), 'no failure drawn as content');
  // The demo catalogue's packages, as any visitor sees them.
  assert.match(root, /Starter/);
});
