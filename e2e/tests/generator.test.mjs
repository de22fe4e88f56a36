// The generator as a buyer uses it: a key the admin added, a credit spent, the email kept.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { workspaceRoot } from '@coldmail/dev/stack';
import { paths } from '@coldmail/registry/pages';
import { apiAs } from '../support/api.mjs';
import { launchBrowser, newPage } from '../support/browser.mjs';
import { sidebarCredits, signUpBuyer } from '../support/flows.mjs';
import { REFLOW_WIDTH, sidewaysScroll } from '../support/layout.mjs';
import { E2E_ADMIN_EMAIL, startFullStack } from '../support/stack.mjs';

let browser;
let stack;
let admin;
const KEY = `AIzaSyE2E${Date.now()}SecretKeyMaterial`;

before(async () => {
  stack = await startFullStack();
  browser = await launchBrowser();
  admin = await apiAs(stack, E2E_ADMIN_EMAIL, 'secret123', 'E2E Admin');
  await admin.post('/api/gemini-keys', { name: 'E2E key', key: KEY });
});

after(async () => {
  await browser?.close();
  await stack?.close();
});

/** Every file of every built web app (their dist folders). */
async function builtFiles() {
  const files = [];
  for (const app of [
    'shell',
    'mf-marketing',
    'mf-checkout',
    'mf-account',
    'mf-admin',
    'mf-generator',
  ]) {
    const walk = async (dir) => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        else files.push(path);
      }
    };
    await walk(join(workspaceRoot, app, 'dist'));
  }
  return files;
}

describe('the email generator', () => {
  test('a buyer generates an email for one credit, downloads it and finds it in the history', async () => {
    const page = await newPage(browser);
    const email = await signUpBuyer(page, stack, 'Gene Rator');
    const [record] = await admin.get(`/users?userEmail=${encodeURIComponent(email)}`);
    await admin.put(`/api/users/${record._id}`, { currentBalance: 3 });

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

  test('no built asset contains a Gemini key', async () => {
    for (const file of await builtFiles()) {
      const text = await readFile(file, 'utf8').catch(() => '');
      assert.ok(!text.includes(KEY), `${file} contains the key`);
      assert.ok(
        !/AIza[0-9A-Za-z_-]{30,}/.test(text),
        `${file} contains something shaped like a key`,
      );
    }
  });
});
