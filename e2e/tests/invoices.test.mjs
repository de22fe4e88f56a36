// Invoices with tax from end to end: the admin sets the seller's details and France's VAT, a
// business buyer in France sees the VAT before paying, pays through the PayPal double, and the
// receipt page is their invoice; a refund adds a credit note to it. The settings are the store's,
// so this file runs with the tests that change what every visitor sees, and puts them back.
import assert from 'node:assert/strict';
import { paths } from '@coldmail/registry/pages';
import { apiAs } from '../support/api.mjs';
import { newPage } from '../support/browser.mjs';
import { test } from '../support/fixtures.mjs';
import { onPage, signUpBuyer } from '../support/flows.mjs';
import { E2E_ADMIN_EMAIL } from '../support/stack.mjs';

const seller = {
  sellerName: 'ColdMail AI SAS',
  sellerAddress: '12 rue de la Paix, 75002 Paris, France',
  sellerTaxId: 'FR40303265045',
};

let browser;
let stack;
let admin;
/** The invoice settings as this file found them, put back after it. */
let found;

/** The settings a PUT takes: what GET answers, without its date. */
const settingsOf = ({ updatedAt: _updatedAt, ...settings }) => settings;

test.beforeAll(async ({ browser: sharedBrowser, stack: sharedStack }) => {
  browser = sharedBrowser;
  stack = sharedStack;
  admin = await apiAs(stack, E2E_ADMIN_EMAIL, 'secret123', 'E2E Admin');
  found = settingsOf(await admin.get('/api/invoice-settings'));
});

test.afterAll(async () => {
  if (found) await admin.put('/api/invoice-settings', found);
});

test('an invoice with tax: a business buyer in France sees the VAT, pays, gets an invoice, and a refund adds a credit note', async () => {
  await admin.put('/api/invoice-settings', {
    ...seller,
    pricesIncludeTax: false,
    taxRates: [{ country: 'FR', rate: 20, label: 'VAT' }],
  });
  // The package global-setup put on sale: 19.00 USD, and 20 % of it is 3.80.
  const { pkg } = stack.catalogue;
  const page = await newPage(browser);
  const email = await signUpBuyer(page, stack, 'Ines Invoice');

  await page.goto(stack.urls.shell);
  await page.getByRole('link', { name: `Buy Now: ${pkg.packageName}` }).click();
  await page.waitForURL(`**${paths.buy(pkg._id)}`);
  await page.getByLabel('Address').fill('8 avenue Foch, 69006 Lyon');
  await page.getByLabel('Country').selectOption({ label: 'France' });
  await page.getByLabel('Company name').fill('Atelier Lumière SARL');
  await page.getByLabel('Company tax ID').fill('FR12345678901');
  const tax = page.getByTestId('checkout-tax');
  assert.equal(await tax.innerText(), '$3.80 USD');
  await page.getByText('VAT (20 %)', { exact: true }).waitFor();
  assert.equal(await page.getByTestId('checkout-total').innerText(), '$22.80 USD');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();

  await page.waitForURL(`**${paths.userPackagePendingPayment}`);
  await page.getByRole('link', { name: 'Pay First Order' }).click();
  await page.waitForURL(onPage('payNow'));
  await page.getByText('VAT (20 %)').waitFor();
  assert.equal(await page.getByTestId('order-total').innerText(), '$22.80 USD');
  await page.getByRole('button', { name: 'PayPal' }).click();
  await page.waitForURL(`**${paths.userSubscriptionHistory}`, { timeout: 30_000 });
  await page.getByText('Paid').first().waitFor();

  const buyer = await apiAs(stack, email);
  const [order] = await buyer.get(`/orders?userEmail=${encodeURIComponent(email)}`);
  assert.deepEqual(
    [order.paymentStatus, order.totalPrice, order.tax, order.companyName, order.companyTaxId],
    [
      'Paid',
      '22.80',
      { country: 'FR', label: 'VAT', rate: 20, inclusive: false, amount: '3.80' },
      'Atelier Lumière SARL',
      'FR12345678901',
    ],
  );
  assert.match(order.invoice?.number ?? '', /^INV-\d{4}-\d{6}$/);

  await page.getByRole('link', { name: `Invoice for order ${order.orderId}` }).click();
  await page.waitForURL(`**${paths.userReceipt('package', order._id)}`);
  const invoice = page.locator('[data-page="ReceiptPage"]');
  await invoice
    .getByRole('heading', { level: 1, name: `Invoice ${order.invoice.number}` })
    .waitFor();
  assert.deepEqual(
    await invoice.getByRole('region', { name: 'Seller' }).locator('p > span').allInnerTexts(),
    [seller.sellerName, seller.sellerAddress, `Tax ID: ${seller.sellerTaxId}`],
  );
  assert.deepEqual(
    await invoice.getByRole('region', { name: 'Billed to' }).locator('p > span').allInnerTexts(),
    [
      'Ines Invoice',
      'Atelier Lumière SARL',
      '8 avenue Foch, 69006 Lyon',
      'France',
      'Tax ID: FR12345678901',
      email,
    ],
  );
  const lines = invoice.getByRole('table', { name: 'What was bought' });
  await lines.getByRole('row', { name: 'VAT (20 %) $3.80 USD' }).waitFor();
  await lines.getByRole('row', { name: 'Total paid $22.80 USD' }).waitFor();
  await invoice
    .getByRole('region', { name: 'Payment' })
    .getByText(order.paypalTransactionID)
    .waitFor();
  assert.equal(await invoice.getByRole('region', { name: /^Credit note/ }).count(), 0);

  // The admin refunds the order in full: the invoice gets its credit note.
  const refunded = await admin.post(`/order/${order._id}/refund`);
  assert.equal(refunded.creditNotes?.length, 1);
  const [creditNote] = refunded.creditNotes;
  assert.match(creditNote.number, /^CN-\d{4}-\d{6}$/);
  await page.reload();
  const note = invoice.getByRole('region', { name: `Credit note ${creditNote.number}` });
  await note.waitFor();
  const [date, forInvoice, amount] = await note.locator('dd').allInnerTexts();
  assert.match(date, /^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  assert.deepEqual([forInvoice, amount], [order.invoice.number, '$22.80 USD']);
  await invoice.getByText('This order was refunded.').waitFor();
  assert.deepEqual(page.pageErrors, []);
});
