// `npm run dev` as a developer uses it: the API in watch mode and a Vite dev server per web app,
// with the database, the Auth emulator and the PayPal double. Signing in and buying work on it,
// and an edit to a remote's source reaches the open page without a reload (HMR).
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { apiAs } from '../support/api.mjs';
import { newPage } from '../support/browser.mjs';
import { test } from '../support/fixtures.mjs';
import { fillBilling, sidebarCredits, signIn } from '../support/flows.mjs';
import { copyApp } from '../support/redeploy.mjs';
import { E2E_ADMIN_EMAIL, startDevStack } from '../support/stack.mjs';

let browser;
let stack;
let marketingCopy;

test.beforeAll(async ({ browser: sharedBrowser }) => {
  // Vite compiles each app as it is first asked for, and the API starts in watch mode.
  test.setTimeout(300_000);
  browser = sharedBrowser;
  // The marketing remote runs from a copy, so the HMR test can edit its source.
  marketingCopy = await copyApp('marketing', 'dev-mf-marketing');
  stack = await startDevStack({ appDirs: { marketing: marketingCopy } });
});

test.afterAll(async () => {
  await stack?.close();
});

test.describe('the dev stack', () => {
  test('a buyer signs in and pays for a package through the PayPal double', async () => {
    const admin = await apiAs(stack, E2E_ADMIN_EMAIL, 'secret123', 'E2E Admin');
    const pkg = await admin.post('/add-package', {
      packageName: `Dev ${Date.now()}`,
      price: 12.5,
      credit: 40,
      validity: 30,
    });
    const email = `dev-buyer-${Date.now()}@e2e.test`;
    await stack.emulator.createUser(email, 'secret123', 'Dev Buyer');

    const page = await newPage(browser);
    await page.goto(`${stack.urls.shell}/login`);
    await signIn(page, email, 'secret123');
    await page.waitForURL('**/user/dashboard');
    assert.match(await sidebarCredits(page), /Credits: 0/);

    await page.goto(stack.urls.shell);
    await page.getByRole('link', { name: `Buy Now: ${pkg.packageName}` }).click();
    await page.waitForURL(`**/buy/${pkg._id}`);
    await fillBilling(page);
    await page.waitForURL('**/user/package-pending-payment/');
    await page.getByRole('link', { name: 'Pay First Order' }).click();
    await page.waitForURL('**/pay-now/**');
    await page.getByRole('button', { name: 'PayPal' }).click();
    await page.waitForURL('**/user/subscription-history', { timeout: 30_000 });
    await page.getByText('Paid').first().waitFor();
    assert.match(await sidebarCredits(page), /Credits: 40/);
    assert.deepEqual(page.pageErrors, []);
  });

  test("an edit to a remote's source shows on the open page without a reload", async () => {
    const page = await newPage(browser);
    await page.goto(stack.urls.shell);
    await page.getByRole('heading', { name: 'Pricing Packages', exact: true }).waitFor();
    const loads = [];
    page.on('load', () => loads.push(page.url()));

    const section = join(marketingCopy, 'src/features/home/components/PackagesSection.tsx');
    const source = await readFile(section, 'utf8');
    assert.ok(source.includes('Pricing Packages\n'), 'the heading the test edits is still there');
    const edited = source.replace('Pricing Packages\n', 'Pricing Packages, edited\n');
    await writeFile(section, edited);

    const heading = page.getByRole('heading', { name: 'Pricing Packages, edited' });
    // On a busy machine (the whole browser suite running beside it) the file watcher can miss a
    // write that lands while it is still settling; saving again, as an editor would, must then
    // be picked up, still without a reload. Each save changes the file (one more newline).
    for (let save = 1; ; save += 1) {
      const seen = await heading.waitFor({ timeout: 15_000 }).then(
        () => true,
        () => false,
      );
      if (seen) break;
      assert.ok(save < 4, 'the edit reached the open page after one of four saves');
      await writeFile(section, `${edited}${'\n'.repeat(save)}`);
    }
    assert.deepEqual(loads, [], 'the page was updated in place, not reloaded');
  });
});
