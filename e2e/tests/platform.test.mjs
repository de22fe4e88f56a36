// The micro-frontend platform as a user meets it: every mount point renders its remote, the
// shell and remotes share one React and one session store, a remote that is down stays inside
// its own box, and a redeployed remote is picked up by the unchanged shell.
import assert from 'node:assert/strict';
import { pageForPath, pageList, paths } from '@coldmail/registry/pages';
import { remoteNames } from '@coldmail/registry/apps';
import { navigate, newPage } from '../support/browser.mjs';
import { expect, test } from '../support/fixtures.mjs';
import {
  rebuildRemoteAgainstShared,
  rebuildRemoteWithBanner,
  rebuildRemoteWithNewPage,
} from '../support/redeploy.mjs';
import { adminProfile, buyerProfile, setSessionUser } from '../support/session.mjs';
import { startWebStack } from '../support/stack.mjs';

/** A URL of the page: its link, any parameter set to 'x1'. */
function urlOf(page) {
  const link = paths[page.id];
  return typeof link === 'function' ? link('x1', 'x1') : link;
}

/** Every remote's pages, as the registry lists them: remote → URLs. */
const mounts = {};
for (const page of pageList) {
  if (page.owner !== 'shell') (mounts[page.owner] ??= []).push(urlOf(page));
}

const remoteContent = (page, remote) => page.locator(`[data-remote="${remote}"]`).first();

let browser;
let stack;

// The web apps alone, on their own servers: these tests take remotes down and redeploy them.
test.beforeAll(async ({ browser: sharedBrowser }) => {
  browser = sharedBrowser;
  stack = await startWebStack();
});

test.afterAll(async () => {
  await stack?.close();
});

test.describe('route table', () => {
  test('each mount point renders the page of the remote that owns it', async () => {
    const page = await newPage(browser);
    await page.goto(stack.urls.shell);
    await setSessionUser(page, adminProfile);
    for (const [remote, paths] of Object.entries(mounts)) {
      for (const path of paths) {
        await navigate(page, path);
        await remoteContent(page, remote).waitFor({ timeout: 15_000 });
        assert.equal(new URL(page.url()).pathname, path, `${path} stays on its URL`);
      }
    }
    assert.deepEqual(page.pageErrors, []);
  });

  test('header and footer show on public pages but not in the user area or back office', async () => {
    const page = await newPage(browser);
    await page.goto(`${stack.urls.shell}${paths.about}`);
    await remoteContent(page, 'marketing').waitFor();
    const header = page.getByRole('banner');
    assert.equal(await header.getByRole('link', { name: 'About Us' }).count(), 1);
    await setSessionUser(page, adminProfile);
    await navigate(page, paths.userDashboard);
    await remoteContent(page, 'account').waitFor();
    assert.equal(await page.getByRole('banner').count(), 0, 'no site header in /user');
    assert.equal(
      await page
        .getByRole('complementary', { name: 'User area' })
        .getByRole('link', { name: 'Upgrade Package' })
        .count(),
      1,
      'user sidebar',
    );
    await navigate(page, paths.adminUsers);
    await remoteContent(page, 'admin').waitFor();
    assert.equal(await page.getByRole('banner').count(), 0, 'no site header in /admin');
    assert.equal(await page.getByRole('link', { name: 'Total Users' }).count(), 1, 'admin sidebar');
  });

  test('the landing page and the pages the shell knows never ask the remotes for their routes; the user area asks once, for its sidebar, after its page shows', async () => {
    const page = await newPage(browser);
    const routeReads = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/routes.json')) routeReads.push(request.url());
    });
    await page.goto(stack.urls.shell);
    await remoteContent(page, 'marketing').waitFor();
    await setSessionUser(page, adminProfile);
    for (const path of [paths.buy('x1'), paths.premiumItem('x1', 'x1')]) {
      await navigate(page, path);
      await remoteContent(page, pageForPath(path).owner).waitFor();
    }
    assert.deepEqual(routeReads, []);

    for (const path of [paths.userOrders, paths.userSubscriptionHistory, paths.userSupport]) {
      await navigate(page, path);
      await remoteContent(page, pageForPath(path).owner).waitFor();
    }
    // Once per remote and page load, whatever the pages visited: every remote in remotes.json
    // is read, and the next user page (its sidebar shown) asks for none again.
    await expect
      .poll(() => routeReads.length, {
        message: 'the user area read every remote’s sidebar entries',
      })
      .toBeGreaterThanOrEqual(remoteNames.length);
    await navigate(page, paths.userDashboard);
    await remoteContent(page, 'account').waitFor();
    await page
      .getByRole('complementary', { name: 'User area' })
      .getByRole('link', { name: 'Upgrade Package' })
      .waitFor();
    assert.equal(routeReads.length, remoteNames.length);
    assert.equal(new Set(routeReads).size, remoteNames.length);
  });

  test("a page's first reads are preloaded by index.html before its code asks for them", async () => {
    const home = pageList.find((entry) => entry.id === 'home');
    assert.ok(home?.firstReads?.length);
    const page = await newPage(browser);
    /** @type {string[]} */
    const reads = [];
    /** @type {string[]} */
    const answered = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (home.firstReads.includes(pathname)) reads.push(pathname);
    });
    // Answered or failed (this stack may run without the API): either way, no longer pending.
    for (const settledEvent of /** @type {const} */ (['requestfinished', 'requestfailed'])) {
      page.on(settledEvent, (request) => {
        const { pathname } = new URL(request.url());
        if (home.firstReads.includes(pathname)) answered.push(pathname);
      });
    }
    await page.goto(stack.urls.shell);
    await remoteContent(page, 'marketing').waitFor();
    await page.locator('html[data-started]').waitFor({ state: 'attached' });
    // Every read asked for by the time the page started has been settled.
    await expect
      .poll(() => answered.length, { message: 'the first reads are settled' })
      .toBe(reads.length);
    const preloaded = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="preload"][as="fetch"]')].map(
        (link) => new URL(/** @type {HTMLLinkElement} */ (link).href).pathname,
      ),
    );
    assert.deepEqual(preloaded.sort(), [...home.firstReads].sort());
    // The app's own read is normally matched to the preload (one request); never more than both.
    for (const path of home.firstReads) {
      const count = reads.filter((read) => read === path).length;
      assert.ok(count >= 1 && count <= 2, `${path} requested ${count} times`);
    }
  });

  test('an unknown path shows the 404 page', async () => {
    const page = await newPage(browser);
    await page.goto(`${stack.urls.shell}/no/such/page`);
    await page.getByText("Oops! Page can't be found.").waitFor();
    assert.ok(await page.getByText('404', { exact: true }).isVisible());
    await page.getByRole('link', { name: 'Take me to Home' }).click();
    await remoteContent(page, 'marketing').waitFor();
  });

  test('a signed-out visitor is sent to /login from a protected page', async () => {
    const page = await newPage(browser);
    await page.goto(`${stack.urls.shell}${paths.userSubscriptionHistory}`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    assert.equal(new URL(page.url()).pathname, paths.login);
  });

  test('a signed-in user who is not an admin sees Not Authorized in the back office', async () => {
    const page = await newPage(browser);
    await page.goto(stack.urls.shell);
    await setSessionUser(page, buyerProfile);
    await navigate(page, paths.adminDashboard);
    await page.getByRole('heading', { name: 'Not Authorized' }).waitFor();
    assert.ok(
      await page
        .getByText("You can't access this page; this route is only accessible for Admin.")
        .isVisible(),
    );
    assert.equal(await remoteContent(page, 'admin').count(), 0, 'the admin remote is not rendered');
  });
});

test.describe('shared singletons', () => {
  test('host and every remote use the shell’s React, router and session store', async () => {
    const page = await newPage(browser);
    const scripts = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto(stack.urls.shell);
    await setSessionUser(page, adminProfile);
    for (const [remote, paths] of Object.entries(mounts)) {
      await navigate(page, paths[0]);
      await remoteContent(page, remote).waitFor();
    }

    assert.equal(await page.evaluate(() => globalThis.__coldmailSessionStores.length), 1);
    const providers = await page.evaluate(() => {
      const scopes = globalThis.__FEDERATION__.__SHARE__;
      const result = {};
      for (const [consumer, byScope] of Object.entries(scopes)) {
        for (const packages of Object.values(byScope)) {
          for (const [name, versions] of Object.entries(packages)) {
            result[`${consumer} ${name}`] = Object.values(versions).map((share) => share.from);
          }
        }
      }
      return result;
    });
    for (const remote of Object.keys(mounts)) {
      for (const name of [
        'react',
        'react-dom',
        '@coldmail/router',
        'zustand',
        '@coldmail/session',
      ]) {
        assert.deepEqual(
          providers[`${remote} ${name}`],
          ['shell'],
          `${remote} gets ${name} from the shell`,
        );
      }
    }
    const remoteOrigins = Object.keys(mounts).map((remote) => stack.urls[remote]);
    const reactFromRemotes = scripts.filter(
      (url) => remoteOrigins.some((origin) => url.startsWith(origin)) && /react/i.test(url),
    );
    assert.deepEqual(reactFromRemotes, [], 'no remote downloads its own React');
  });

  test('a change in the shell shows in a remote, and a change in a remote shows in the shell', async () => {
    const page = await newPage(browser);
    await page.goto(stack.urls.shell);
    await setSessionUser(page, adminProfile);
    await navigate(page, paths.adminDashboard);
    await remoteContent(page, 'admin').waitFor();

    // The back office (a remote) signs out through the shared session: the shell's guard reacts.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Sign Up' }).waitFor();
    assert.equal(new URL(page.url()).pathname, paths.home);

    // The shell's session (signed in again) reaches the remote's pages, and both show it.
    await setSessionUser(page, { ...buyerProfile, currentBalance: 11 });
    await navigate(page, paths.userGenerateEmail);
    await remoteContent(page, 'generator').waitFor();
    assert.equal(await page.getByTestId('generator-credits').innerText(), 'Credits: 11');
    assert.match(await page.getByTestId('sidebar-credits').innerText(), /Credits: 11/);
  });
});

test.describe('independent remotes', () => {
  // A redeploy builds a remote again with Vite.
  test.describe.configure({ timeout: 240_000 });

  test('a remote that is down shows a fallback in place while the rest of the site works, and Retry recovers', async () => {
    const page = await newPage(browser);
    await page.goto(stack.urls.shell);
    await remoteContent(page, 'marketing').waitFor();
    await setSessionUser(page, adminProfile);
    await stack.stopRemote('checkout');
    try {
      await navigate(page, paths.userPendingPayment);
      const fallback = page.locator('[data-remote-fallback="checkout"]');
      await fallback.waitFor({ timeout: 20_000 });
      assert.match(await fallback.innerText(), /Loading chunk checkout failed/);
      assert.ok(
        await page.getByRole('link', { name: 'Subscription History' }).isVisible(),
        'sidebar stays',
      );

      await navigate(page, paths.userDashboard);
      await remoteContent(page, 'account').waitFor();
      await navigate(page, paths.about);
      await remoteContent(page, 'marketing').waitFor();
      assert.equal(
        await page.getByRole('banner').getByRole('link', { name: 'Contact' }).count(),
        1,
        'header stays',
      );

      await navigate(page, paths.userPendingPayment);
      await fallback.waitFor();
    } finally {
      await stack.restartRemote('checkout');
    }
    const reloads = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && reloads.push(frame.url()));
    await page.getByRole('button', { name: 'Retry' }).click();
    await remoteContent(page, 'checkout').waitFor({ timeout: 20_000 });
    assert.deepEqual(reloads, [], 'Retry recovers without a page reload');
    assert.equal(await page.evaluate(() => globalThis.__coldmailSessionStores.length), 1);
  });

  test('a remote rebuilt with a visible change is served by the unchanged shell after reload', async () => {
    const page = await newPage(browser);
    await page.goto(`${stack.urls.shell}${paths.about}`);
    await remoteContent(page, 'marketing').waitFor();
    assert.equal(await page.getByTestId('release-banner').count(), 0);

    const rebuiltDist = await rebuildRemoteWithBanner('marketing', 'Release 2 of mf-marketing');
    await stack.stopRemote('marketing');
    await stack.restartRemote('marketing', { dir: rebuiltDist });
    try {
      await page.reload();
      await page.getByTestId('release-banner').waitFor({ timeout: 20_000 });
      assert.equal(
        await page.getByTestId('release-banner').innerText(),
        'Release 2 of mf-marketing',
      );
      await remoteContent(page, 'marketing').waitFor();
    } finally {
      await stack.stopRemote('marketing');
      await stack.restartRemote('marketing');
    }
  });

  test('a remote adds a page without a shell release: the unchanged shell mounts it in its area', async () => {
    const releaseNotes = {
      id: 'userReleaseNotes',
      path: '/user/release-notes',
      area: 'user',
      menu: { label: 'Release notes', icon: 'history', after: 'userSupport' },
    };
    assert.equal(pageForPath(releaseNotes.path), null, 'the shell was built without the page');
    const page = await newPage(browser);
    await page.goto(stack.urls.shell);
    await setSessionUser(page, buyerProfile);
    await navigate(page, releaseNotes.path);
    await page.getByText("Oops! Page can't be found.").waitFor();

    const rebuiltDist = await rebuildRemoteWithNewPage('account', releaseNotes, 'Release notes');
    await stack.stopRemote('account');
    await stack.restartRemote('account', { dir: rebuiltDist });
    try {
      await page.reload();
      // The page keeps the guard of its area: signed out, the visitor is sent to sign in.
      await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
      assert.equal(new URL(page.url()).pathname, paths.login);

      await setSessionUser(page, buyerProfile);
      await navigate(page, releaseNotes.path);
      await page.getByRole('heading', { name: 'Release notes' }).waitFor({ timeout: 20_000 });
      assert.equal(new URL(page.url()).pathname, releaseNotes.path);
      assert.ok(
        await page.getByRole('link', { name: 'Upgrade Package' }).isVisible(),
        'inside the user area, beside its sidebar',
      );
      assert.equal(await page.getByRole('banner').count(), 0, 'no site header in /user');

      // Its sidebar entry too, where the remote's team put it (after Support), without a shell
      // release; it leads there from any page of the area.
      const sidebar = page.getByRole('complementary', { name: 'User area' });
      const entry = sidebar.getByRole('link', { name: 'Release notes' });
      await entry.waitFor();
      const labels = await sidebar.getByRole('link').allInnerTexts();
      assert.equal(labels[labels.indexOf('Support') + 1], 'Release notes');
      await navigate(page, paths.userDashboard);
      await sidebar.getByRole('link', { name: 'Release notes' }).click();
      await page.getByRole('heading', { name: 'Release notes' }).waitFor();

      // The remote's other pages are still there.
      await navigate(page, paths.userSubscriptionHistory);
      await page.getByRole('heading', { name: 'Subscription History' }).waitFor();
      assert.deepEqual(page.pageErrors, []);
    } finally {
      await stack.stopRemote('account');
      await stack.restartRemote('account');
    }
  });

  test('a remote built for another major of a shared module shows its fallback; one built against a newer minor runs on the shell’s copy', async () => {
    const session = (version, range) => ({ name: '@coldmail/session', version, range });
    const open = async (page) => {
      await page.goto(stack.urls.shell);
      await setSessionUser(page, buyerProfile);
      await navigate(page, paths.userDashboard);
    };
    const page = await newPage(browser);
    const major = await rebuildRemoteAgainstShared(
      'account',
      session('2.0.0', '^2.0.0'),
      'Built for session 2',
    );
    await stack.stopRemote('account');
    await stack.restartRemote('account', { dir: major });
    try {
      await open(page);
      const fallback = page.locator('[data-remote-fallback="account"]');
      await fallback.waitFor({ timeout: 20_000 });
      assert.match(await fallback.innerText(), /This section has been updated/);
      assert.match(await fallback.innerText(), /needs a newer version of the site/);
      assert.equal(await page.getByTestId('release-banner').count(), 0, 'the release never ran');
      assert.ok(await page.getByRole('button', { name: 'Reload page' }).isVisible());
      assert.ok(await page.getByRole('link', { name: 'Upgrade Package' }).isVisible(), 'sidebar');
      assert.equal(await page.evaluate(() => globalThis.__coldmailSessionStores.length), 1);

      const minor = await rebuildRemoteAgainstShared(
        'account',
        session('1.1.0', '^1.0.0'),
        'Built against session 1.1',
      );
      await stack.stopRemote('account');
      await stack.restartRemote('account', { dir: minor });
      await open(page);
      await page.getByTestId('release-banner').waitFor({ timeout: 20_000 });
      await page.getByText('Welcome back, Bob Buyer!').waitFor();
      // It runs on the shell's session: one store, which shows the shell's signed-in user.
      assert.equal(await page.evaluate(() => globalThis.__coldmailSessionStores.length), 1);
      assert.deepEqual(page.pageErrors, []);
    } finally {
      await stack.stopRemote('account');
      await stack.restartRemote('account');
    }
  });
});
