// Issue 52, item 5: a buyer takes a copy of their data and deletes their account from the user
// area; the address then signs in to nothing, and the back office's audit log records it.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { paths } from '@coldmail/registry/pages';
import { apiAs } from '../support/api.mjs';
import { newPage } from '../support/browser.mjs';
import { test } from '../support/fixtures.mjs';
import { signIn, signUpBuyer } from '../support/flows.mjs';
import { E2E_ADMIN_EMAIL } from '../support/stack.mjs';

test('a buyer downloads their data, deletes the account and cannot sign in with it again', async ({
  browser,
  stack,
}) => {
  const page = await newPage(browser);
  const email = await signUpBuyer(page, stack, 'Dana Leaving');
  await page.getByRole('link', { name: 'Privacy & data' }).click();
  await page.getByRole('heading', { level: 1, name: 'Privacy & data' }).waitFor();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  assert.match(download.suggestedFilename(), /^coldmail-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile(await download.path(), 'utf8'));
  assert.equal(data.profile.userEmail, email);
  assert.equal(data.profile.userName, 'Dana Leaving');

  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  assert.equal(await confirm.isDisabled(), true, 'disabled until the address is typed');
  await dialog.getByLabel('Your e-mail address').fill(email);
  await confirm.click();
  await page.getByText('Your account has been deleted.').waitFor();
  await page.waitForURL((url) => url.pathname === paths.home);
  await page.getByRole('link', { name: 'Sign Up' }).waitFor();

  await page.goto(`${stack.urls.shell}${paths.login}`);
  await signIn(page, email, 'secret123');
  await page.getByText('No account found with this email address.').waitFor();
  assert.equal(new URL(page.url()).pathname, paths.login);

  // The log names the account by its placeholder, never by the address it had.
  const admin = await apiAs(stack, E2E_ADMIN_EMAIL, 'secret123', 'E2E Admin');
  const log = await admin.get('/api/audit-log?action=account.delete&pageSize=100');
  const entry = log.items.find((item) => item.target.id === data.profile._id);
  assert.ok(entry, 'the audit log has the deletion');
  assert.equal(entry.target.label, `deleted-${data.profile._id}@deleted.invalid`);
  assert.ok(!JSON.stringify(entry).includes(email));
  assert.deepEqual(page.pageErrors, []);
});
