// A remote's team releases it alone (tools/release, `npm run release` / `npm run rollback`): each
// build under its own immutable folder of the remote's hosting folder, the live one named by the
// folder's mf-manifest.json. A stack of its own, serving every remote from its hosting folder as
// `npm start` does.
import assert from 'node:assert/strict';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { paths } from '@coldmail/registry/pages';
import { startStack, workspaceRoot } from '@coldmail/dev/stack';
import { historyOf, promoteCanary, publishRelease, rollBack } from '@coldmail/release';
import { newPage } from '../support/browser.mjs';
import { expect, test } from '../support/fixtures.mjs';
import { adminSession } from '../support/flows.mjs';
import { rebuildRemoteWithBanner } from '../support/redeploy.mjs';
import { E2E_ADMIN_EMAIL } from '../support/stack.mjs';

const sitesDir = join(workspaceRoot, 'e2e', '.work', 'sites');
let browser;
let stack;
/** Builds of two further releases of each remote the tests release. */
const builds = {};

test.beforeAll(async ({ browser: sharedBrowser }) => {
  // Two builds of the admin remote and one of the marketing remote, as their teams would make them.
  test.setTimeout(600_000);
  browser = sharedBrowser;
  await rm(sitesDir, { recursive: true, force: true });
  builds.admin2 = await rebuildRemoteWithBanner('admin', 'Release 2 of mf-admin');
  builds.admin3 = await rebuildRemoteWithBanner('admin', 'Release 3 of mf-admin');
  builds.marketing2 = await rebuildRemoteWithBanner('marketing', 'Release 2 of mf-marketing');
  builds.marketing3 = await rebuildRemoteWithBanner('marketing', 'Release 3 of mf-marketing');
  // A release that fails to load: its entry throws as it runs.
  builds.broken = join(workspaceRoot, 'e2e', '.work', 'mf-marketing-broken');
  await rm(builds.broken, { recursive: true, force: true });
  await cp(builds.marketing3, builds.broken, { recursive: true });
  await writeFile(join(builds.broken, 'remoteEntry.js'), "throw new Error('a broken release');\n");
  await rm(join(builds.broken, 'remoteEntry.js.br'), { force: true });
  await rm(join(builds.broken, 'remoteEntry.js.gz'), { force: true });
  stack = await startStack({
    services: ['database', 'auth', 'api', 'web'],
    freePorts: true,
    dbName: 'coldmail-e2e-releases',
    projectId: 'demo-coldmail-releases',
    webServer: 'nginx',
    apiEnv: {
      NODE_ENV: 'test',
      ADMIN_EMAILS: E2E_ADMIN_EMAIL,
      SEED_DEMO_DATA: 'false',
      // A canary is stopped after three failures that are more than a fifth of its loads.
      REMOTE_CANARY_MIN_FAILURES: '3',
      REMOTE_CANARY_MAX_FAILURE_RATE: '0.2',
    },
    sitesDir,
  });
});

test.afterAll(async () => {
  await stack?.close();
});

const banner = (page) => page.getByTestId('release-banner');

test('an open page keeps working through two releases of its remote; a reload gets the newest, a rollback the one before', async () => {
  const site = join(sitesDir, 'admin');
  const first = (await historyOf(site)).current;
  assert.ok(first, 'npm start’s build is the first release');
  const { page } = await adminSession(browser, stack).catch((error) => {
    throw new Error(`signing the admin in on ${JSON.stringify(stack.urls)} failed`, {
      cause: error,
    });
  });
  await page.goto(`${stack.urls.shell}${paths.adminPackages}`);
  const add = page.getByRole('button', { name: 'Add Package' });
  await add.waitFor();
  /** @type {string[]} */
  const chunks = [];
  page.on('requestfinished', (request) => {
    if (request.url().startsWith(stack.urls.admin)) chunks.push(request.url());
  });
  const failed = [];
  page.on('requestfailed', (request) => failed.push(request.url()));
  page.on('response', (response) => response.status() >= 400 && failed.push(response.url()));

  const second = await publishRelease({ build: builds.admin2, site });
  const third = await publishRelease({ build: builds.admin3, site });
  assert.equal(third.previous, second.id);

  // The package form is a lazy chunk of the release the page runs: it still loads, from there.
  await add.click();
  await page.getByRole('dialog').waitFor();
  assert.ok(chunks.length > 0, 'the form’s code was loaded after the releases');
  for (const url of chunks) assert.match(url, new RegExp(`/releases/${first}/`));
  assert.deepEqual(failed, []);
  assert.equal(await banner(page).count(), 0);
  assert.deepEqual(page.pageErrors, []);

  await page.reload();
  await expect(banner(page)).toHaveText('Release 3 of mf-admin');
  await rollBack({ site });
  await page.reload();
  await expect(banner(page)).toHaveText('Release 2 of mf-admin');
  assert.deepEqual(page.pageErrors, []);
});

test('the renderer picks a new marketing release up without a restart, and refuses a tampered server entry', async () => {
  const site = join(sitesDir, 'marketing');
  const { id } = await publishRelease({ build: builds.marketing2, site });
  const page = async () => {
    const response = await fetch(`${stack.urls.shell}${paths.about}`);
    return {
      drawn: response.headers.get('x-page-render') === 'server',
      html: await response.text(),
    };
  };
  // Within the renderer's check of the remote's files (a second).
  await expect
    .poll(async () => (await page()).html.includes('Release 2 of mf-marketing'))
    .toBe(true);
  assert.equal((await page()).drawn, true);

  // Someone changes the release's server entry where it is hosted: the renderer does not run it,
  // and says so in its log (it runs in this process, logging with console.warn).
  const entry = join(site, 'releases', id, 'server', 'entry.mjs');
  const pinned = await readFile(entry, 'utf8');
  const logged = [];
  const warn = console.warn;
  console.warn = (...args) => {
    logged.push(args.join(' '));
    warn(...args);
  };
  await writeFile(entry, pinned.replace('Release 2 of mf-marketing', 'Tampered with'));
  try {
    await expect.poll(async () => (await page()).drawn).toBe(false);
    const { html } = await page();
    assert.ok(!html.includes('Tampered with'));
    assert.match(logged.join('\n'), /is not the server entry its release pinned/);
    // The browser still renders the page.
    const visitor = await newPage(browser);
    await visitor.goto(`${stack.urls.shell}${paths.about}`);
    await banner(visitor).waitFor();
    assert.deepEqual(visitor.pageErrors, []);
  } finally {
    console.warn = warn;
    await writeFile(entry, pinned);
  }
});

/**
 * A visitor on the About page who reaches for its content (which starts the page's code): which
 * release of the marketing remote their browser ran, by the release folder its entry came from.
 *
 * @param {{ bucket?: number, page?: import('@playwright/test').Page }} [visitor] a fixed share
 *   (0-99), or a page to visit again
 */
async function marketingReleaseSeenBy({ bucket, page } = {}) {
  const tab = page ?? (await newPage(browser));
  if (bucket !== undefined) {
    await tab.addInitScript((share) => {
      localStorage.setItem('coldmail.releaseBucket', String(share));
    }, bucket);
  }
  /** @type {string[]} */
  const entries = [];
  tab.on('request', (request) => {
    const match = /\/releases\/([0-9a-f]{16})\/remoteEntry\.js$/.exec(request.url());
    if (match && request.url().startsWith(stack.urls.marketing)) entries.push(match[1]);
  });
  await tab.goto(`${stack.urls.shell}${paths.about}`);
  await tab.locator('html[data-started]').waitFor({ state: 'attached' });
  await tab.locator('[data-remote="marketing"]').first().hover();
  await expect.poll(() => entries.length).toBeGreaterThan(0);
  return { tab, entries };
}

test('a 20 % canary reaches about a fifth of visitors, each keeping theirs, until it is promoted', async () => {
  const site = join(sitesDir, 'marketing');
  const live = (await historyOf(site)).current;
  const canary = await publishRelease({ build: builds.marketing3, site, canary: 20 });
  try {
    const seen = [];
    for (let visitor = 0; visitor < 40; visitor += 1) {
      const { tab, entries } = await marketingReleaseSeenBy();
      seen.push(entries.at(-1));
      await tab.context().close();
    }
    const canaryVisitors = seen.filter((id) => id === canary.id).length;
    assert.equal(seen.filter((id) => id !== canary.id && id !== live).length, 0);
    // 20 % of 40 is 8; a share this far off happens less than once in ten thousand runs.
    assert.ok(
      canaryVisitors >= 1 && canaryVisitors <= 18,
      `${canaryVisitors} of 40 ran the canary`,
    );

    // A visitor keeps their share: the same release after a reload.
    const first = await marketingReleaseSeenBy({ bucket: 5 });
    assert.equal(first.entries.at(-1), canary.id);
    const again = await marketingReleaseSeenBy({ page: first.tab });
    assert.equal(again.entries.at(-1), canary.id);
    await expect(banner(first.tab)).toHaveText('Release 3 of mf-marketing');
    const outside = await marketingReleaseSeenBy({ bucket: 20 });
    assert.equal(outside.entries.at(-1), live);

    // Promoted: every visitor runs it.
    await promoteCanary({ site });
    const everyone = await marketingReleaseSeenBy({ bucket: 99 });
    assert.equal(everyone.entries.at(-1), canary.id);
  } finally {
    await rollBack({ site });
  }
});

test('a canary that fails to load is stopped by itself; its visitors keep a working page', async () => {
  const site = join(sitesDir, 'marketing');
  const live = (await historyOf(site)).current;
  const broken = await publishRelease({ build: builds.broken, site, canary: 50 });
  try {
    // Visitors in the share try the canary, fall back to the live release, and report it.
    for (let visitor = 0; visitor < 3; visitor += 1) {
      const { tab, entries } = await marketingReleaseSeenBy({ bucket: visitor });
      await expect.poll(() => entries).toEqual([broken.id, live]);
      await expect(banner(tab)).toHaveText('Release 2 of mf-marketing');
      await tab.context().close();
    }
    // Three failures in three loads: the API stopped it. The next visitor in the share does
    // not even try it.
    const status = await fetch(`${stack.urls.api}/api/remote-releases/marketing/${broken.id}`).then(
      (response) => response.json(),
    );
    assert.equal(status.halted, true);
    const next = await marketingReleaseSeenBy({ bucket: 10 });
    await expect(banner(next.tab)).toHaveText('Release 2 of mf-marketing');
    assert.deepEqual(next.entries, [live]);
    assert.deepEqual(next.tab.pageErrors, []);
  } finally {
    await rollBack({ site });
  }
});
