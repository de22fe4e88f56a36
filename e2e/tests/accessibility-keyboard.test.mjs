// Accessibility at the keyboard: the site's way through, walked as a reader would (the focus
// visible at every stop, the skip link, the focus after a navigation, the header in reading order
// on a phone, the account menu, the narrow sidebar).
import assert from 'node:assert/strict';
import {
  invisibleFocus,
  settled,
  signInVisitors,
  signOutVisitors,
} from '../support/accessibility.mjs';
import { test } from '../support/fixtures.mjs';

/** @type {import('../support/accessibility.mjs').Visitors} */
let visitors;

test.beforeAll(async ({ browser, stack }) => {
  visitors = await signInVisitors(browser, stack, { who: ['guest', 'buyer', 'admin'] });
});

test.afterAll(async () => {
  await signOutVisitors(visitors);
});

test('the keyboard focus is visible on the landing page, the buyer area and the back office', async () => {
  const found = [];
  for (const [who, path] of [
    ['guest', '/'],
    ['buyer', '/user/dashboard'],
    ['admin', '/admin/dashboard'],
    ['admin', '/admin/settings'],
  ]) {
    const tab = visitors.tabs[who];
    await tab.goto(`${visitors.shell}${path}`);
    await settled(tab);
    found.push(...(await invisibleFocus(tab, path)));
  }
  assert.deepEqual(found, []);
});

test('the keyboard: the skip link comes first, and a navigation takes the focus to the new page', async () => {
  const tab = visitors.tabs.guest;
  await tab.goto(`${visitors.shell}/about`);
  await settled(tab);
  await tab.locator('body').focus();
  await tab.keyboard.press('Tab');
  const skip = tab.getByRole('link', { name: 'Skip to main content' });
  assert.ok(await skip.evaluate((link) => link === document.activeElement));
  const box = await skip.boundingBox();
  assert.ok(box && box.y >= 0 && box.height > 0, 'the focused skip link is in sight');
  await tab.keyboard.press('Enter');
  assert.equal(await tab.evaluate(() => document.activeElement?.tagName), 'MAIN');

  await tab
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Contact' })
    .press('Enter');
  // The page's heading (the contact block's title, as the admin wrote it) has the focus.
  await tab.waitForFunction(
    () =>
      document.activeElement?.tagName === 'H1' &&
      document.querySelector('main')?.contains(document.activeElement),
  );
  assert.equal(await tab.title(), 'Contact · ColdMail AI');
});

test('the keyboard on a 375 px wide screen: the header in reading order, the sidebar’s overlay let go', async () => {
  const guest = visitors.tabs.guest;
  const buyer = visitors.tabs.buyer;
  const desktop = [guest.viewportSize(), buyer.viewportSize()];
  await guest.setViewportSize({ width: 375, height: 700 });
  await buyer.setViewportSize({ width: 375, height: 700 });
  try {
    await guest.goto(`${visitors.shell}/about`);
    await settled(guest);
    await guest.locator('body').focus();
    const stops = [];
    for (let press = 0; press < 7; press += 1) {
      await guest.keyboard.press('Tab');
      stops.push(
        await guest.evaluate(() => {
          const element = document.activeElement;
          return element?.getAttribute('aria-label') || element?.textContent?.trim();
        }),
      );
    }
    // The account's buttons sit above the links' row: Tab reaches them first.
    assert.match(stops[1] ?? '', / home$/);
    assert.deepEqual(stops.toSpliced(1, 1), [
      'Skip to main content',
      'Login',
      'Sign Up',
      'Home',
      'About Us',
      'Contact',
    ]);

    await buyer.goto(`${visitors.shell}/user/dashboard`);
    await settled(buyer);
    const toggle = buyer.getByRole('button', { name: 'Expand sidebar' });
    // Collapsed to icons, a focused entry shows its label beside its icon.
    await toggle.focus();
    await buyer.keyboard.press('Tab');
    const label = await buyer.evaluate(() => {
      const box = document.activeElement?.lastElementChild?.getBoundingClientRect();
      return box ? box.width : 0;
    });
    assert.ok(label > 40, `the focused entry's label shows (${label} px wide)`);

    await toggle.press('Enter');
    const sidebar = buyer.getByRole('complementary', { name: 'User area' });
    let left = false;
    for (let press = 0; press < 20 && !left; press += 1) {
      await buyer.keyboard.press('Tab');
      left = !(await sidebar.evaluate((aside) => aside.contains(document.activeElement)));
    }
    assert.ok(left, 'Tab leaves the opened sidebar');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false', 'which closes as it does');
  } finally {
    if (desktop[0]) await guest.setViewportSize(desktop[0]);
    if (desktop[1]) await buyer.setViewportSize(desktop[1]);
  }
});

test('the keyboard: the account menu is walked with Tab and Escape gives the focus back', async () => {
  const tab = visitors.tabs.buyer;
  await tab.goto(`${visitors.shell}/`);
  await settled(tab);
  const trigger = tab.getByRole('button', { name: 'Account menu' });
  await trigger.press('Enter');
  await tab.keyboard.press('Tab');
  assert.equal(await tab.evaluate(() => document.activeElement?.textContent), 'Dashboard');
  await tab.keyboard.press('Escape');
  assert.equal(await trigger.getAttribute('aria-expanded'), 'false');
  assert.ok(await trigger.evaluate((button) => button === document.activeElement));
});
