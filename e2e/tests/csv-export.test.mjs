// An admin exports what a table shows as CSV: the same search, every row, nothing a spreadsheet
// would run.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { paths } from '@coldmail/registry/pages';
import { apiAs } from '../support/api.mjs';
import { test } from '../support/fixtures.mjs';
import { adminSession } from '../support/flows.mjs';

let stack;
let admin;
let adminPage;

test.beforeAll(async ({ browser, stack: sharedStack }) => {
  stack = sharedStack;
  ({ api: admin, page: adminPage } = await adminSession(browser, stack));
});

test.afterAll(async () => {
  await adminPage?.context().close();
});

test('the orders table exports what its search selects, a hostile name neutralised', async () => {
  const tag = `Exp${Date.now()}`;
  const pkg = await admin.post('/add-package', {
    packageName: `${tag} Pack`,
    price: 9,
    credit: 10,
    validity: 30,
  });
  const buyer = await apiAs(stack, `export-${Date.now()}@coldmail.test`);
  for (const customerName of ['=HYPERLINK("https://evil.test","x")', 'Plain Buyer']) {
    await buyer.post('/new-order', {
      packageId: pkg._id,
      customerName,
      address: '1 Loop Road',
      country: 'France',
    });
  }
  try {
    await adminPage.goto(`${stack.urls.shell}${paths.adminOrders}`);
    await adminPage.getByRole('searchbox', { name: 'Search' }).fill(tag);
    await adminPage.getByRole('cell', { name: /Plain Buyer/ }).waitFor();
    const [download] = await Promise.all([
      adminPage.waitForEvent('download'),
      adminPage.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^package-orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    assert.match(
      lines[0],
      /^Order ID,Payment ID,Placed at,Invoice,Customer,Company,Company tax ID,E-mail/,
    );
    assert.equal(lines.length, 3, 'the header and the two orders the search selects');
    assert.ok(lines.some((line) => line.includes(`"'=HYPERLINK(""https://evil.test"",""x"")"`)));
    assert.ok(lines.every((line) => line.includes(`${tag} Pack`) || line.startsWith('Order ID')));
  } finally {
    await admin.delete(`/package/${pkg._id}`);
  }
});
