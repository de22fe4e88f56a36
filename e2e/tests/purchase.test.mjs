// The money path as a buyer walks it: home page → checkout → pending orders → PayPal (the local
// double's SDK stand-in, captured and verified by our API) → history, for a package and an item.
import assert from 'node:assert/strict';
import { paths } from '@coldmail/registry/pages';
import { apiAs } from '../support/api.mjs';
import { newPage } from '../support/browser.mjs';
import { test } from '../support/fixtures.mjs';
import { fillBilling, onPage, sidebarCredits, signUpBuyer } from '../support/flows.mjs';
import { E2E_ADMIN_EMAIL } from '../support/stack.mjs';

let browser;
let stack;
let admin;

test.beforeAll(async ({ browser: sharedBrowser, stack: sharedStack }) => {
  browser = sharedBrowser;
  stack = sharedStack;
  admin = await apiAs(stack, E2E_ADMIN_EMAIL, 'secret123', 'E2E Admin');
});

test.describe('buying credits', () => {
  test('a buyer goes from Buy Now to a paid package, sees the credits without a reload, and opens its receipt', async () => {
    const pkg = await admin.post('/add-package', {
      packageName: `Growth ${Date.now()}`,
      price: 19.99,
      credit: 120,
      validity: 30,
      pointOne: '120 email templates',
    });
    const page = await newPage(browser);
    const email = await signUpBuyer(page, stack, 'Pat Buyer');
    assert.match(await sidebarCredits(page), /Credits: 0/);

    await page.goto(stack.urls.shell);
    await page.getByRole('link', { name: `Buy Now: ${pkg.packageName}` }).click();
    await page.waitForURL(`**${paths.buy(pkg._id)}`);
    assert.equal(await page.getByLabel('Full Name').inputValue(), 'Pat Buyer');
    assert.equal(await page.getByLabel('Email').inputValue(), email);
    await fillBilling(page);

    await page.waitForURL(`**${paths.userPackagePendingPayment}`);
    await page.getByRole('heading', { name: 'My Pending Orders' }).waitFor();
    await page.getByRole('link', { name: 'Pay First Order' }).click();
    await page.waitForURL(onPage('payNow'));
    await page.getByText('$19.99 USD').first().waitFor();

    await page.getByRole('button', { name: 'PayPal' }).click();
    await page.waitForURL(`**${paths.userSubscriptionHistory}`, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Subscription History' }).waitFor();
    await page.getByText('Paid').first().waitFor();
    assert.match(await sidebarCredits(page), /Credits: 120/, 'credits updated without a reload');

    const [order] = await (
      await apiAs(stack, email)
    ).get(`/orders?userEmail=${encodeURIComponent(email)}`);
    assert.equal(order.paymentStatus, 'Paid');
    assert.equal(order.orderStatus, 'Completed');
    assert.equal(order.totalPrice, '19.99');

    // The paid order's receipt, from the history: to keep or print.
    await page.getByRole('link', { name: `Invoice for order ${order.orderId}` }).click();
    await page.waitForURL(`**${paths.userReceipt('package', order._id)}`);
    const receipt = page.locator('[data-page="ReceiptPage"]');
    // Every paid order is invoiced: the receipt is its invoice.
    await receipt
      .getByRole('heading', { level: 1, name: `Invoice ${order.invoice.number}` })
      .waitFor();
    for (const fact of [order.orderId, order.paypalTransactionID, '$19.99 USD', '120 credits']) {
      await receipt.getByText(fact, { exact: false }).first().waitFor();
    }
    await receipt.getByRole('button', { name: 'Print' }).waitFor();
    assert.deepEqual(page.pageErrors, []);
  });

  test('a buyer pays for a digital item and gets its access link', async () => {
    const item = await admin.post('/api/items', {
      name: 'Cold Email Swipe File',
      slug: `swipe-file-${Date.now()}`,
      price: 7.5,
      guidelines: 'Download and adapt.',
      accessUrl: 'https://files.example.com/swipe-file.pdf',
    });
    const page = await newPage(browser);
    await signUpBuyer(page, stack, 'Ida Item');

    await page.goto(`${stack.urls.shell}${paths.premiumItem(item.slug, item._id)}`);
    await page.getByRole('heading', { name: 'Cold Email Swipe File' }).waitFor();
    await page.getByRole('link', { name: 'Buy Now' }).click();
    await page.getByRole('heading', { name: 'Complete Your Order' }).waitFor();
    await fillBilling(page);

    await page.waitForURL(`**${paths.userItemPendingPayment}`);
    await page.getByRole('link', { name: 'Pay First Order' }).click();
    await page.waitForURL(onPage('itemPayNow'));
    await page.getByRole('button', { name: 'PayPal' }).click();
    await page
      .getByText('Payment successful! Redirecting to your subscription history...')
      .waitFor();
    await page.waitForURL(`**${paths.userOrdersHistory}`, { timeout: 30_000 });
    await page.getByText('Paid').first().waitFor();
    const link = page.getByRole('link', { name: /access/i }).first();
    assert.equal(await link.getAttribute('href'), 'https://files.example.com/swipe-file.pdf');
    assert.deepEqual(page.pageErrors, []);
  });
});
