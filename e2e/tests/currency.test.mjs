// The currency a buyer sees is the one they are charged in: the store's for the catalogue, the
// order's own once it is placed, even after an admin changes the store's currency.
import assert from 'node:assert/strict';
import { paths } from '@coldmail/registry/pages';
import { apiAs } from '../support/api.mjs';
import { newPage } from '../support/browser.mjs';
import { test } from '../support/fixtures.mjs';
import { fillBilling, onPage, signUpBuyer } from '../support/flows.mjs';
import { E2E_ADMIN_EMAIL } from '../support/stack.mjs';

let browser;
let stack;
let admin;

test.beforeAll(async ({ browser: sharedBrowser, stack: sharedStack }) => {
  browser = sharedBrowser;
  stack = sharedStack;
  admin = await apiAs(stack, E2E_ADMIN_EMAIL, 'secret123', 'E2E Admin');
});

/** What an admin does in Paypal Setup: the same settings in another currency. */
async function storeCurrency(currency) {
  const { data } = await admin.get('/api/paypal-settings');
  const { clientSecret: _masked, ...settings } = data;
  await admin.put('/api/paypal-settings', { ...settings, currency });
}

test.describe('currency', () => {
  test.afterAll(async () => {
    await admin.post('/api/paypal-settings/reset');
  });

  test('a store in euros shows euros; a EUR order stays in EUR after the store goes back to dollars', async () => {
    // A package of the store (this test runs after the others that change the catalogue).
    const [listed] = await admin.get('/packages');
    const pkg =
      listed ??
      (await admin.post('/add-package', {
        packageName: `Euro ${Date.now()}`,
        price: 24.5,
        credit: 100,
        validity: 30,
      }));
    const euros = `${new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'EUR',
      currencyDisplay: 'narrowSymbol',
    }).format(pkg.price)} EUR`;
    await storeCurrency('EUR');

    const page = await newPage(browser);
    await signUpBuyer(page, stack, 'Eva Buyer');
    await page.goto(stack.urls.shell);
    const card = page.getByRole('article').filter({ hasText: pkg.packageName });
    await card.getByText(euros).waitFor();
    await page.getByRole('link', { name: `Buy Now: ${pkg.packageName}` }).click();
    await page.waitForURL(`**${paths.buy(pkg._id)}`);
    await page.getByTestId('checkout-total').getByText('EUR').waitFor();
    await fillBilling(page);
    await page.waitForURL(`**${paths.userPackagePendingPayment}`);
    await page.getByText(euros).first().waitFor();

    // The admin switches back to dollars: the catalogue follows, the placed order does not.
    await storeCurrency('USD');
    await page.getByRole('link', { name: 'Pay First Order' }).click();
    await page.waitForURL(onPage('payNow'));
    await page.getByText(euros).first().waitFor();
    assert.equal(await page.getByText('USD').count(), 0);
    // PayPal is asked for euros (its SDK refuses an order in another currency than its own).
    await page.getByRole('button', { name: 'PayPal' }).click();
    await page.waitForURL(`**${paths.userSubscriptionHistory}`, { timeout: 30_000 });
    await page.getByText('Paid').first().waitFor();
    await page.getByText(euros).first().waitFor();

    const home = await newPage(browser);
    await home.goto(stack.urls.shell);
    await home
      .getByRole('article')
      .filter({ hasText: pkg.packageName })
      .getByText(`$${pkg.price} USD`)
      .waitFor();
    assert.deepEqual(page.pageErrors, []);
  });
});
