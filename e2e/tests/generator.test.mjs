// The generator as a buyer uses it: a key the admin added, a credit spent, the email kept.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { workspaceRoot } from '@coldmail/dev/stack';
import { webAppDirs } from '@coldmail/registry/apps';
import { paths } from '@coldmail/registry/pages';
import { apiAs } from '../support/api.mjs';
import { newPage } from '../support/browser.mjs';
import { test } from '../support/fixtures.mjs';
import { sidebarCredits, signUpBuyer } from '../support/flows.mjs';
import { REFLOW_WIDTH, sidewaysScroll } from '../support/layout.mjs';
import { E2E_ADMIN_EMAIL } from '../support/stack.mjs';

let browser;
let stack;
let admin;
const KEY = `AIzaSyE2E${Date.now()}SecretKeyMaterial`;

test.beforeAll(async ({ browser: sharedBrowser, stack: sharedStack }) => {
  browser = sharedBrowser;
  stack = sharedStack;
  admin = await apiAs(stack, E2E_ADMIN_EMAIL, 'secret123', 'E2E Admin');
  await admin.post('/api/gemini-keys', { name: 'E2E key', key: KEY });
});

/** Every file of one built web app (its dist folder). */
async function builtFiles(dir) {
  const entries = await readdir(join(workspaceRoot, dir, 'dist'), {
    recursive: true,
    withFileTypes: true,
  });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** A quoted value as a source file declares it, so the check follows the value in use. */
async function declaredIn(file, declaration) {
  const value = declaration.exec(await readFile(join(workspaceRoot, file), 'utf8'))?.[1];
  assert.ok(value, `${declaration} not found in ${file}`);
  return value;
}

/** A new buyer's page, signed in, with `credits` an admin gave them. */
async function buyerWithCredits(name, credits) {
  const page = await newPage(browser);
  const email = await signUpBuyer(page, stack, name);
  const [record] = await admin.get(`/users?userEmail=${encodeURIComponent(email)}`);
  await admin.put(`/api/users/${record._id}`, { currentBalance: credits });
  return page;
}

test.describe('the email generator', () => {
  test('a buyer generates an email for one credit, downloads it and finds it in the history', async () => {
    const page = await buyerWithCredits('Gene Rator', 3);

    await page.goto(`${stack.urls.shell}${paths.userGenerateEmail}`);
    await page.getByTestId('generator-credits').getByText('Credits: 3').waitFor();
    await page.getByLabel(/Recipient Name/).fill('Ada Lovelace');
    await page.getByLabel(/Sender Name/).fill('Gene Rator');
    await page.getByLabel(/Purpose of Email/).fill('Invite her to speak at our meetup');
    await page.getByRole('button', { name: 'Generate Email' }).click();
    // The email shows as the model writes it, before the finished one replaces it.
    await page
      .getByTestId('streaming-email')
      .getByText(/Dear Ada Lovelace/)
      .waitFor();
    await page.getByText('Email template generated successfully!').waitFor();
    const result = page.getByTestId('generated-email');
    await result.getByText(/Dear Ada Lovelace,/).waitFor();
    assert.match(
      await sidebarCredits(page),
      /Credits: 2/,
      'the credit count drops without a reload',
    );

    await page
      .context()
      .grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.urls.shell });
    await result.getByRole('button', { name: 'Copy Entire Email' }).click();
    await page.getByText('Email copied to clipboard!').waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.match(copied, /^Subject: .+\n\nDear Ada Lovelace,/);

    const download = page.waitForEvent('download');
    await result.getByRole('button', { name: 'Download as Text' }).click();
    assert.match((await download).suggestedFilename(), /^email-template-\d+\.txt$/);

    await page
      .getByRole('list', { name: 'Generated emails' })
      .getByText(/to Ada Lovelace/)
      .waitFor();
    assert.deepEqual(page.pageErrors, []);
  });

  test('the dashboard shows the credit a generation spent as soon as the buyer goes back to it', async () => {
    const page = await buyerWithCredits('Dash Board', 2);

    await page.goto(`${stack.urls.shell}${paths.userDashboard}`);
    const recent = page.getByRole('list', { name: 'Recent credit changes' });
    await recent.getByText('Adjusted by an administrator').waitFor();
    const sidebar = page.getByRole('complementary', { name: 'User area' });
    await sidebar.getByRole('link', { name: 'AI Email Template Generator' }).click();
    await page.getByLabel(/Recipient Name/).fill('Grace Hopper');
    await page.getByLabel(/Sender Name/).fill('Dash Board');
    await page.getByLabel(/Purpose of Email/).fill('Ask her about compilers');
    await page.getByRole('button', { name: 'Generate Email' }).click();
    await page.getByText('Email template generated successfully!').waitFor();

    // Back in the same visit: the dashboard's list was read a moment ago, and the query cache
    // keeps an answer for 30 s unless a write makes it stale, as this generation does.
    await sidebar.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await recent.getByText('Email generated').waitFor({ timeout: 10_000 });
    assert.match(await sidebarCredits(page), /Credits: 1/);
    assert.deepEqual(page.pageErrors, []);
  });

  test('an email with a long link fits a 320 px phone, in the preview and in the history', async () => {
    const page = await newPage(browser, { viewport: { width: REFLOW_WIDTH, height: 640 } });
    const email = await signUpBuyer(page, stack, 'Phone Writer');
    const [record] = await admin.get(`/users?userEmail=${encodeURIComponent(email)}`);
    await admin.put(`/api/users/${record._id}`, { currentBalance: 1 });

    await page.goto(`${stack.urls.shell}${paths.userGenerateEmail}`);
    await page.getByTestId('generator-credits').getByText('Credits: 1').waitFor();
    const link = `https://calendar.example.com/book/${'intro-call-'.repeat(8)}slot`;
    await page.getByLabel(/Recipient Name/).fill('Ada Lovelace');
    await page.getByLabel(/Sender Name/).fill('Phone Writer');
    await page.getByLabel(/Purpose of Email/).fill(`Book a call at ${link}`);
    await page.getByRole('button', { name: 'Generate Email' }).click();
    await page.getByTestId('generated-email').getByText(link, { exact: false }).first().waitFor();
    await page
      .getByRole('list', { name: 'Generated emails' })
      .getByText(/to Ada Lovelace/)
      .waitFor();
    assert.deepEqual(await sidewaysScroll(page, 'generator'), []);
  });

  test('no built asset holds a Gemini key, the keys’ secret or the PayPal secret', async () => {
    // The secrets the server holds in this run, and those a build could have been handed from
    // the environment it ran in.
    const secrets = {
      'the key the seed adds for the local Gemini double': await declaredIn(
        'api/src/gemini-keys/gemini-keys.service.ts',
        /const LOCAL_DOUBLE_KEY = '([^']+)'/,
      ),
      // Outside production the API makes its data key file on first start when this is unset.
      GEMINI_KEYS_SECRET:
        process.env.GEMINI_KEYS_SECRET ||
        (await readFile(join(workspaceRoot, '.data/gemini-keys.secret'), 'utf8')).trim(),
      'the PayPal client secret the API is given': await declaredIn(
        'tools/dev/stack.mjs',
        /PAYPAL_CLIENT_SECRET: '([^']+)'/,
      ),
      ...(process.env.PAYPAL_CLIENT_SECRET
        ? { PAYPAL_CLIENT_SECRET: process.env.PAYPAL_CLIENT_SECRET }
        : {}),
    };
    for (const dir of Object.values(webAppDirs)) {
      const files = await builtFiles(dir);
      assert.ok(
        files.some((file) => file.endsWith('.js')),
        `${dir} has no built scripts`,
      );
      for (const file of files) {
        const text = await readFile(file, 'utf8');
        for (const [name, secret] of Object.entries(secrets)) {
          assert.ok(!text.includes(secret), `${file} contains ${name}`);
        }
        assert.doesNotMatch(
          text,
          /AIza[0-9A-Za-z_-]{35}/,
          `${file} contains something shaped like a Gemini key`,
        );
      }
    }
  });
});
