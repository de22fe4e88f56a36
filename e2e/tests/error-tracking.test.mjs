// Issue 52 item 6: the pages report their errors to the error tracker the shell's config.json
// names (sentryDsn), here a local Sentry (tools/sentry-double), through the shell's one SDK: a
// remote's failure is tagged with that remote and the release it was published in. The web apps
// on a stack of their own, each remote served from its hosting folder as `npm start` does.
import assert from 'node:assert/strict';
import { cp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startStack, workspaceRoot } from '@coldmail/dev/stack';
import { paths } from '@coldmail/registry/pages';
import { publishRelease } from '@coldmail/release';
import { startSentryDouble } from '@coldmail/sentry-double';
import { navigate, newPage } from '../support/browser.mjs';
import { test } from '../support/fixtures.mjs';
import { buyerProfile, setSessionUser } from '../support/session.mjs';

const work = join(workspaceRoot, 'e2e', '.work', 'error-tracking');
const PROJECT = '77';
let browser;
let tracker;
let stack;

test.beforeAll(async ({ browser: sharedBrowser }) => {
  browser = sharedBrowser;
  await rm(work, { recursive: true, force: true });
  tracker = await startSentryDouble();
  stack = await startStack({
    services: ['web'],
    freePorts: true,
    webServer: 'nginx',
    sitesDir: join(work, 'sites'),
    shellConfig: { sentryDsn: tracker.dsn(PROJECT), sentryEnvironment: 'e2e' },
  });
});

test.afterAll(async () => {
  await stack?.close();
  await tracker?.stop();
});

/** Waits (up to 20 s) until `find` finds something in what the tracker received. */
async function eventually(find, what) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`The tracker never received ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test("a remote release that throws is reported with the remote and its release, the page's query left out", async () => {
  // A release of the account remote whose entry throws as it runs.
  const broken = join(work, 'mf-account-throws');
  await cp(join(workspaceRoot, 'mf-account', 'dist'), broken, { recursive: true });
  await writeFile(join(broken, 'remoteEntry.js'), "throw new Error('a broken account release');\n");
  await rm(join(broken, 'remoteEntry.js.br'), { force: true });
  await rm(join(broken, 'remoteEntry.js.gz'), { force: true });
  const { id } = await publishRelease({ build: broken, site: join(work, 'sites', 'account') });

  const page = await newPage(browser);
  await page.goto(stack.urls.shell);
  await setSessionUser(page, buyerProfile);
  await navigate(page, `${paths.userDashboard}?ref=secret-campaign`);
  await page.locator('[data-remote-fallback="account"]').waitFor({ timeout: 20_000 });

  const event = await eventually(
    () => tracker.events(PROJECT).find((sent) => sent.tags?.remote === 'account'),
    "the account remote's failure",
  );
  assert.equal(event.release, `account@${id}`);
  assert.equal(event.environment, 'e2e');
  assert.equal(event.request?.url, `${stack.urls.shell}${paths.userDashboard}`);
  const sent = JSON.stringify(tracker.envelopes());
  assert.ok(!sent.includes('secret-campaign'), 'no query string');
  assert.ok(!sent.includes(buyerProfile.userEmail), 'nobody signed in');
});
