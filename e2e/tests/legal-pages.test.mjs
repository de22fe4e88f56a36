// The privacy policy, terms and refund policy: linked from every page's footer, edited by admins
// in Settings like the landing blocks, served as HTML a search engine reads.
import assert from 'node:assert/strict';
import { paths } from '@coldmail/registry/pages';
import { newPage } from '../support/browser.mjs';
import { test } from '../support/fixtures.mjs';
import { adminSession } from '../support/flows.mjs';

let browser;
let stack;
let adminPage;

test.beforeAll(async ({ browser: sharedBrowser, stack: sharedStack }) => {
  browser = sharedBrowser;
  stack = sharedStack;
  ({ page: adminPage } = await adminSession(browser, stack));
});

test.afterAll(async () => {
  await adminPage?.context().close();
});

test.describe('legal pages', () => {
  test('a visitor finds each policy from the footer, as a page of its own', async () => {
    const page = await newPage(browser);
    await page.goto(stack.urls.shell);
    const legal = page.getByRole('navigation', { name: 'Legal' });
    for (const [link, heading] of [
      ['Privacy Policy', 'Privacy Policy'],
      ['Terms of Service', 'Terms of Service'],
      ['Refund Policy', 'Refund Policy'],
    ]) {
      await legal.getByRole('link', { name: link }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      assert.equal(await page.title(), `${heading} · ColdMail AI`);
    }
    await page.getByRole('heading', { level: 2, name: 'Unused credits' }).waitFor();
    assert.deepEqual(page.pageErrors, []);
  });

  test('the privacy policy tells how to download and delete one’s data, and what a deletion keeps', async () => {
    const page = await newPage(browser);
    await page.goto(`${stack.urls.shell}${paths.privacy}`);
    await page.getByRole('heading', { level: 2, name: 'Deleting your account' }).waitFor();
    const policy = await page.getByRole('article').innerText();
    assert.match(policy, /Privacy & data in your dashboard’s menu downloads a copy of your data/);
    assert.match(policy, /We keep your orders and invoices, because accounting law requires us/);
    assert.match(policy, /a one-way hash of your e-mail address/);
    assert.deepEqual(page.pageErrors, []);
  });

  test('an admin rewrites, hides and restores the refund policy; the page and its HTML follow', async () => {
    await adminPage.goto(`${stack.urls.shell}${paths.adminSettings}`);
    await adminPage.getByRole('button', { name: 'Refund Policy' }).click();
    await adminPage.getByLabel('Title', { exact: true }).fill('Refunds at ColdMail AI');
    await adminPage.getByLabel('Effective date (shown as written)').fill('1 December 2026');
    await adminPage
      .getByRole('region', { name: 'Live preview' })
      .getByText('Effective 1 December 2026')
      .waitFor();
    await adminPage.getByRole('button', { name: 'Save Changes' }).click();
    await adminPage.getByText('Refund policy updated successfully').waitFor();

    // Without running a script: the server's HTML carries the edit.
    const served = await fetch(`${stack.urls.shell}/refund-policy`);
    assert.equal(served.status, 200);
    const html = await served.text();
    assert.match(html, /<h1 id="legal-title">Refunds at ColdMail AI<\/h1>/);
    assert.match(html, /<title>Refund Policy · ColdMail AI<\/title>/);

    await adminPage.getByRole('button', { name: 'Hide Page' }).click();
    await adminPage.getByText('Refund policy deactivated successfully').waitFor();
    const visitor = await newPage(browser);
    await visitor.goto(`${stack.urls.shell}/refund-policy`);
    await visitor.getByText('This page is not available.').waitFor();
    assert.equal((await fetch(`${stack.urls.shell}/refund-policy`)).status, 404);

    await adminPage.getByRole('button', { name: 'Reset to Default' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Reset' }).click();
    await adminPage.getByText('Refund policy reset to default successfully').waitFor();
    await visitor.reload();
    await visitor.getByRole('heading', { level: 1, name: 'Refund Policy' }).waitFor();
    assert.deepEqual(visitor.pageErrors, []);
  });
});
