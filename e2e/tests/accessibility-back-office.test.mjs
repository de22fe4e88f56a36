// Accessibility in the back office: each of its pages in the route registry (as in
// accessibility-pages.test.mjs), every settings panel, and the dialogs, the admin's and the
// buyer's order details: no serious or critical axe-core violation, nothing that fails to load,
// each fits a 320 px wide screen, and an open dialog holds the keyboard focus.
import assert from 'node:assert/strict';
import {
  checkVisit,
  labelOf,
  onPhone,
  opened,
  settled,
  signInVisitors,
  signOutVisitors,
  violations,
  visitsOf,
  watchFailures,
} from '../support/accessibility.mjs';
import { navigate } from '../support/browser.mjs';
import { expect, test } from '../support/fixtures.mjs';

/** @type {import('../support/accessibility.mjs').Visitors} */
let visitors;
/** @type {string} */
let packageName;

test.beforeAll(async ({ browser, stack }) => {
  visitors = await signInVisitors(browser, stack, { who: ['admin'], paidOrder: true });
  await visitors.admin.post('/api/gemini-keys', {
    name: 'A11y key',
    key: `AIzaSyA11y${Date.now()}KeyMaterial`,
  });
  packageName = stack.catalogue.pkg.packageName;
});

test.afterAll(async () => {
  await signOutVisitors(visitors);
});

for (const visit of visitsOf(['admin'])) {
  test(`${visit.page.id} as ${visit.visitor}: no axe violation, its title, no error, fits 320 px`, async () => {
    const found = await checkVisit(visitors, visit);
    expect(
      found,
      `${labelOf(visitors, visit)}: sent to ${visitors.tabs.admin.url()}`,
    ).not.toBeNull();
    expect(found).toEqual([]);
  });
}

test('every settings panel: no axe violation, nothing fails to load, fits 320 px', async () => {
  test.setTimeout(180_000);
  const tab = visitors.tabs.admin;
  const found = [];
  const stopWatching = watchFailures(tab, visitors.api, 'settings panels', found);
  await tab.goto(`${visitors.shell}/admin/settings`);
  const menu = tab.getByRole('complementary', { name: 'Settings' });
  await menu.getByRole('button').first().waitFor();
  const panels = await menu.getByRole('button').allInnerTexts();
  assert.ok(panels.length >= 10, `the settings menu lists its panels (${panels.length})`);
  // Each is a page of the back office, behind one route.
  for (const name of panels) {
    await menu.getByRole('button', { name, exact: true }).click();
    await tab.getByRole('heading', { level: 1, name }).waitFor();
    await settled(tab);
    found.push(...(await violations(tab, `settings: ${name}`)));
    found.push(...(await onPhone(tab, `settings: ${name}`)));
  }
  stopWatching();
  expect(found).toEqual([]);
});

test('no dialog has an axe violation or fails to load, each fits 320 px, and holds the keyboard focus', async () => {
  test.setTimeout(180_000);
  const tab = visitors.tabs.admin;
  const found = [];
  const stopWatching = watchFailures(tab, visitors.api, 'dialogs', found);
  const menu = tab.getByRole('complementary', { name: 'Settings' });

  // A confirmation dialog: scanned open, and Tab keeps the focus inside it. The admin moves
  // through the back office by its links, as they would: no page is loaded afresh.
  await navigate(tab, '/admin/settings');
  await menu.getByRole('button', { name: 'Banner Section', exact: true }).click();
  await tab.getByRole('button', { name: 'Reset to Default' }).click();
  const dialog = tab.getByRole('dialog');
  await opened(dialog);
  found.push(...(await violations(tab, 'dialog: reset to default')));
  for (let press = 0; press < 6; press += 1) {
    await tab.keyboard.press('Tab');
    assert.ok(
      await dialog.evaluate((element) => element.contains(document.activeElement)),
      'the focus stays in the open dialog',
    );
  }
  await tab.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });

  // The back office's other dialogs, each scanned open, then closed with Escape.
  for (const [path, opener, label, panel] of [
    ['/admin/users', { name: /^Message / }, 'send message'],
    ['/admin/users', { name: /^Delete / }, 'delete user'],
    ['/admin/packages', { name: 'Add Package' }, 'add package'],
    ['/admin/packages', { name: /^Edit / }, 'edit package'],
    ['/admin/settings/gemini-keys', { name: 'Delete A11y key' }, 'delete API key'],
    ['/admin/settings', { name: 'Reset to Default' }, 'reset PayPal settings', 'Paypal Setup'],
    ['/admin/packages', { name: /^Delete / }, 'delete package'],
    ['/admin/orders', { name: packageName, exact: true }, 'package details'],
    ['/admin/orders', { name: /^Refund order / }, 'refund order'],
  ]) {
    await navigate(tab, path);
    if (panel) {
      await menu.getByRole('button', { name: panel, exact: true }).click();
      await tab.getByRole('heading', { level: 1, name: panel }).waitFor();
    }
    await settled(tab);
    await tab.getByRole('button', opener).first().click();
    const open = tab.getByRole('dialog');
    await opened(open);
    found.push(...(await violations(tab, `dialog: ${label}`)));
    found.push(...(await onPhone(tab, `dialog: ${label}`, { within: '[role="dialog"]' })));
    await tab.keyboard.press('Escape');
    await open.waitFor({ state: 'detached' });
  }
  stopWatching();

  // The buyer's order details.
  const buyer = visitors.tabs.buyer;
  const stopWatchingBuyer = watchFailures(buyer, visitors.api, 'buyer order details', found);
  await buyer.goto(`${visitors.shell}/user/subscription-history`);
  await settled(buyer);
  await buyer
    .getByRole('button', { name: /^View order / })
    .first()
    .click();
  const details = buyer.getByRole('dialog');
  await opened(details);
  found.push(...(await violations(buyer, 'dialog: order details')));
  found.push(...(await onPhone(buyer, 'dialog: order details', { within: '[role="dialog"]' })));
  await buyer.keyboard.press('Escape');
  await details.waitFor({ state: 'detached' });
  stopWatchingBuyer();
  expect(found).toEqual([]);
});
