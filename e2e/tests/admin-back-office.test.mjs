// The back office as an admin uses it, and what buyers then see.
import assert from 'node:assert/strict';
import { paths } from '@coldmail/registry/pages';
import { apiAs } from '../support/api.mjs';
import { newPage } from '../support/browser.mjs';
import { test } from '../support/fixtures.mjs';
import { adminSession, signUpBuyer } from '../support/flows.mjs';

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

test.describe('the back office', () => {
  test('the dashboard charts revenue and usage over a range, and shows them as a table', async () => {
    // A sign-up this month (and the buyers of the tests before this one have paid orders).
    await apiAs(stack, `stats-${Date.now()}@coldmail.test`);
    await adminPage.goto(`${stack.urls.shell}${paths.adminDashboard}`);
    await adminPage
      .getByRole('figure', { name: 'Net revenue' })
      .locator('canvas')
      .first()
      .waitFor();
    await adminPage.getByRole('button', { name: 'Last 12 months' }).click();
    await adminPage.getByRole('button', { name: 'Show as table' }).click();
    const table = adminPage.getByRole('table', { name: /^Revenue and usage from .* by month$/ });
    await table.waitFor();
    const rows = table.locator('tbody tr');
    assert.ok((await rows.count()) >= 12, 'a row per month');
    const thisMonth = rows.last();
    const cells = await thisMonth.locator('td').allInnerTexts();
    // Paid, refunded, net, discounts, credits sold, credits spent, new users, generations,
    // failures.
    assert.match(cells[0] ?? '', /\$[\d,.]+ USD/);
    assert.ok(Number(cells[6]) >= 1, 'this month’s sign-ups');
  });

  test('an admin tests a Gemini key against the model every generation uses, and changes the model', async () => {
    const name = `Tested key ${Date.now()}`;
    await admin.post('/api/gemini-keys', { name, key: `AIzaSyTEST${Date.now()}abcdefghij` });
    await adminPage.goto(`${stack.urls.shell}/admin/settings/gemini-keys`);
    await adminPage.getByRole('button', { name: `Test ${name}` }).click();
    await adminPage.getByText(`${name} works with gemini-3.5-flash-lite`).waitFor();

    const field = adminPage.getByLabel('Model for every generation');
    await field.fill('gemini-3.8-flash');
    await adminPage.getByRole('button', { name: 'Save Model' }).click();
    await adminPage.getByText('Generations now use gemini-3.8-flash').waitFor();
    await adminPage.getByRole('button', { name: `Test ${name}` }).click();
    await adminPage.getByText(`${name} works with gemini-3.8-flash`).waitFor();
    await adminPage.getByRole('button', { name: 'Use Default' }).click();
    await adminPage.getByText('Generations now use gemini-3.5-flash-lite').waitFor();
    assert.equal((await admin.get('/api/gemini-model')).data.override, null);
  });

  test('an admin sets a user’s balance; the user sees it, with the adjustment in their history', async () => {
    const userPage = await newPage(browser);
    const email = await signUpBuyer(userPage, stack, 'Bal Ance');

    await adminPage.goto(`${stack.urls.shell}${paths.adminUsers}`);
    await adminPage.getByLabel('Search users').fill(email);
    await adminPage.getByRole('button', { name: `Edit ${email}` }).click();
    const balance = adminPage.getByLabel('Credit balance');
    await balance.fill('25');
    await adminPage.getByRole('button', { name: 'Save' }).click();
    await adminPage.getByText('User updated successfully').waitFor();

    await userPage.goto(`${stack.urls.shell}${paths.userCreditHistory}`);
    await userPage.getByText('Adjusted by an administrator').waitFor();
    await userPage.goto(`${stack.urls.shell}${paths.userDashboard}`);
    await userPage.getByText('25 credits').waitFor();
    assert.deepEqual(userPage.pageErrors, []);
  });

  test('at three packages, Add Package is disabled with the spec’s hint', async () => {
    const existing = await admin.get('/packages');
    for (let index = existing.length; index < 3; index += 1) {
      await admin.post('/add-package', {
        packageName: `Tier ${index + 1}`,
        price: 10 + index,
        credit: 100,
        validity: 30,
      });
    }
    await adminPage.goto(`${stack.urls.shell}${paths.adminPackages}`);
    await adminPage.getByText('Maximum 3 packages allowed').waitFor();
    assert.equal(await adminPage.getByRole('button', { name: 'Add Package' }).isDisabled(), true);
  });

  test('an admin deletes a pending order; it leaves the list', async () => {
    const buyer = await apiAs(stack, `pending-${Date.now()}@e2e.test`, 'secret123', 'Pen Ding');
    const [pkg] = await admin.get('/packages');
    const order = await buyer.post('/new-order', {
      packageId: pkg._id,
      customerName: 'Pen Ding',
      address: '1 Road',
      country: 'France',
    });
    await adminPage.goto(`${stack.urls.shell}${paths.adminOrders}`);
    await adminPage.getByPlaceholder('Search orders...').fill(order.orderId);
    await adminPage.getByRole('button', { name: `Delete order ${order.orderId}` }).click();
    await adminPage.getByText('Order deleted successfully!').waitFor();
    await adminPage.getByText('No orders found').waitFor();
    assert.deepEqual(adminPage.pageErrors, []);
  });
});
