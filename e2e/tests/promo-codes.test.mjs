// Promo codes from end to end: an admin adds one in the back office, a buyer applies it at
// checkout and pays the discounted price through the PayPal double, and the receipt, the code's
// uses and the orders export all show it.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { paths } from '@coldmail/registry/pages';
import { apiAs } from '../support/api.mjs';
import { newPage } from '../support/browser.mjs';
import { test } from '../support/fixtures.mjs';
import { adminSession, fillBilling, onPage, signUpBuyer } from '../support/flows.mjs';

let browser;
let stack;
let admin;
let adminPage;

test.beforeAll(async ({ browser: sharedBrowser, stack: sharedStack }) => {
  browser = sharedBrowser;
  stack = sharedStack;
  ({ api: admin, page: adminPage } = await adminSession(browser, stack));
});

test.afterAll(async () => {
  await adminPage?.context().close();
});

test('an admin adds a 20 % code for a package; a buyer pays the discounted price and its receipt shows the code', async () => {
  // The package global-setup put on sale (19.00 USD): 20 % off is 3.80, leaving 15.20.
  const { pkg } = stack.catalogue;
  const code = `E2E20-${Date.now()}`;

  await adminPage.goto(`${stack.urls.shell}${paths.adminPromoCodes}`);
  await adminPage.getByRole('heading', { level: 1, name: 'Promo Codes' }).waitFor();
  await adminPage.getByRole('button', { name: 'Add Promo Code' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Add Promo Code' });
  // Typed in lower case: codes are saved upper-case, and buyers may type them in any case.
  await dialog.getByLabel(/^Code/).fill(code.toLowerCase());
  await dialog.getByLabel(/^Percent off/).fill('20');
  await dialog.getByLabel(`${pkg.packageName} (package)`).check();
  await dialog.getByRole('button', { name: 'Add Promo Code' }).click();
  await adminPage.getByText('Promo code added successfully').waitFor();
  const row = adminPage.getByRole('row').filter({ hasText: code });
  await row.getByText('Active').waitFor();
  assert.deepEqual((await row.getByRole('cell').allInnerTexts()).slice(0, 6), [
    code,
    '20 %',
    pkg.packageName,
    '0 / ∞',
    'Never',
    'Active',
  ]);
  // At 1280 px a code is one line: its three actions side by side, the table without a scroll.
  const actionTops = await Promise.all(
    ['Edit', 'Pause', 'Delete'].map(
      async (action) =>
        (await row.getByRole('button', { name: `${action} ${code}` }).boundingBox())?.y,
    ),
  );
  assert.equal(new Set(actionTops).size, 1, `actions on one line: ${actionTops}`);
  const table = adminPage.getByRole('table', { name: 'Promo codes' });
  assert.ok(
    await table.evaluate((element) => element.scrollWidth <= element.parentElement.clientWidth),
    'the table fits without scrolling',
  );

  try {
    const page = await newPage(browser);
    const email = await signUpBuyer(page, stack, 'Pia Promo');
    await page.goto(stack.urls.shell);
    await page.getByRole('link', { name: `Buy Now: ${pkg.packageName}` }).click();
    await page.waitForURL(`**${paths.buy(pkg._id)}`);
    await page.getByLabel('Promo code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText(`Discount (${code})`).waitFor();
    assert.equal(await page.getByTestId('checkout-discount').innerText(), '−$3.80 USD');
    assert.equal(await page.getByTestId('checkout-total').innerText(), '$15.20 USD');
    await fillBilling(page);

    await page.waitForURL(`**${paths.userPackagePendingPayment}`);
    await page.getByRole('link', { name: 'Pay First Order' }).click();
    await page.waitForURL(onPage('payNow'));
    await page.getByText(`Discount (${code})`).waitFor();
    assert.equal(await page.getByTestId('order-total').innerText(), '$15.20 USD');
    await page.getByRole('button', { name: 'PayPal' }).click();
    await page.waitForURL(`**${paths.userSubscriptionHistory}`, { timeout: 30_000 });
    await page.getByText('Paid').first().waitFor();

    const [order] = await (
      await apiAs(stack, email)
    ).get(`/orders?userEmail=${encodeURIComponent(email)}`);
    assert.deepEqual(
      [order.paymentStatus, order.promoCode, order.subtotal, order.discount, order.totalPrice],
      ['Paid', code, '19.00', '3.80', '15.20'],
    );

    await page.getByRole('link', { name: `Invoice for order ${order.orderId}` }).click();
    await page.waitForURL(`**${paths.userReceipt('package', order._id)}`);
    const lines = page.locator('[data-page="ReceiptPage"]').getByRole('table');
    await lines.getByRole('row', { name: `Promo code ${code} −$3.80 USD` }).waitFor();
    await lines.getByRole('row', { name: 'Total paid $15.20 USD' }).waitFor();
    assert.deepEqual(page.pageErrors, []);

    // The admin sees the use counted, and the code and its discount in the orders export.
    await adminPage.reload();
    await row.getByRole('cell', { name: '1 / ∞' }).waitFor();
    await adminPage.goto(`${stack.urls.shell}${paths.adminOrders}`);
    await adminPage.getByRole('searchbox', { name: 'Search' }).fill(order.orderId);
    await adminPage.getByRole('cell', { name: order.orderId, exact: true }).waitFor();
    const [download] = await Promise.all([
      adminPage.waitForEvent('download'),
      adminPage.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    // No field of this order holds a comma or a quote: a line splits at its commas.
    const [header, line, ...rest] = csv
      .trim()
      .split(/\r?\n/)
      .map((text) => text.split(','));
    assert.deepEqual(rest, [], 'one order found');
    const exported = Object.fromEntries(header.map((name, index) => [name, line[index]]));
    assert.deepEqual(
      [exported['Price'], exported['Promo code'], exported['Discount'], exported['Total']],
      ['19.00', code, '3.80', '15.20'],
    );
    assert.deepEqual(adminPage.pageErrors, []);
  } finally {
    const created = (await admin.get('/api/promo-codes')).find((entry) => entry.code === code);
    if (created) await admin.delete(`/api/promo-codes/${created._id}`);
  }
});
