// Accessibility: every page in the route registry (a new page is scanned without editing this
// file), opened by each visitor who may see it (a public page by a guest and by a signed-in
// buyer, whose header differs), every settings panel and the dialogs, scanned with axe-core for
// WCAG 2.1 A/AA. Serious and critical violations fail the test. Every page also reflows on a
// 320 px wide screen (WCAG 1.4.10): nothing but a data table's own scroll box scrolls sideways,
// carries its page's title, and loads without a script error, a console error or an API call
// that fails. The keyboard's way through the site (skip link, focus after a navigation, header,
// account menu, narrow sidebar) is walked as a reader would.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AxeBuilder } from '@axe-core/playwright';
import { pageForPath, pageList } from '@coldmail/registry/pages';
import { apiAs } from '../support/api.mjs';
import { launchBrowser, newPage } from '../support/browser.mjs';
import { adminSession, signIn } from '../support/flows.mjs';
import { REFLOW_WIDTH, sidewaysScroll } from '../support/layout.mjs';
import { startFullStack } from '../support/stack.mjs';

const BLOCKING = new Set(['serious', 'critical']);
/** A well-formed id that matches nothing: the page's not-found state is scanned too. */
const UNKNOWN_ID = '0123456789abcdef01234567';

let browser;
let stack;
/** @type {Record<'guest' | 'buyer' | 'admin', import('playwright-core').Page>} */
const visitors = /** @type {never} */ ({});
/** Real values for the registry's path parameters, by page id. */
const params = {};

before(async () => {
  stack = await startFullStack();
  browser = await launchBrowser();
  const { api: admin, page: adminPage } = await adminSession(browser, stack);
  visitors.admin = adminPage;
  visitors.guest = await newPage(browser);

  const pkg = await admin.post('/add-package', {
    packageName: `A11y ${Date.now()}`,
    price: 19,
    credit: 50,
    validity: 30,
  });
  await admin.post('/api/gemini-keys', {
    name: 'A11y key',
    key: `AIzaSyA11y${Date.now()}KeyMaterial`,
  });
  const item = await admin.post('/api/items', {
    name: 'Accessible Swipe File',
    slug: `a11y-${Date.now()}`,
    price: 5,
    guidelines: 'Download and adapt.',
    accessUrl: 'https://files.example.com/a11y.pdf',
  });
  const email = `a11y-${Date.now()}@e2e.test`;
  // Initials axe reads as text ('AL'): it skips 'AA' as a symbol, so the account button's name
  // would never be compared with what it shows.
  const buyer = await apiAs(stack, email, 'secret123', 'Ada Lovelace');
  const billing = { customerName: 'Ada Lovelace', address: '1 Road', country: 'France' };
  const order = await buyer.post('/new-order', { packageId: pkg._id, ...billing });
  const itemOrder = await buyer.post('/new-item-order', { itemId: item._id, ...billing });
  Object.assign(params, {
    buy: { id: pkg._id },
    itemBuy: { id: item._id },
    payNow: { id: order._id },
    itemPayNow: { id: itemOrder._id },
    premiumItem: { slug: item.slug, itemId: item._id },
  });
  visitors.buyer = await newPage(browser);
  await visitors.buyer.goto(`${stack.urls.shell}/login`);
  await signIn(visitors.buyer, email, 'secret123');
  await visitors.buyer.waitForURL('**/user/dashboard');
  // A paid order, so the refund confirmation and the buyer's order details can be opened.
  const paid = await buyer.post('/new-order', { packageId: pkg._id, ...billing });
  await visitors.buyer.goto(`${stack.urls.shell}/pay-now/${paid._id}`);
  await visitors.buyer.getByRole('button', { name: 'PayPal' }).click();
  await visitors.buyer.getByText(/^Payment successful!/).waitFor();
});

after(async () => {
  await browser?.close();
  await stack?.close();
});

/**
 * Who may open a page of each area of the registry: anyone a public page, signed in or not (the
 * header shows the account menu or Login and Sign Up); a signed-in user the signed-in pages and
 * the user area (a guest is sent to /login); an admin the back office.
 *
 * @type {Record<import('@coldmail/registry/pages').PageArea, ReadonlyArray<keyof typeof visitors>>}
 */
const visitorsByArea = {
  public: ['guest', 'buyer'],
  'signed-in': ['buyer'],
  user: ['buyer'],
  admin: ['admin'],
};

function urlOf(page) {
  if (page.path === '*') return '/no-such-page';
  return page.path.replace(/:(\w+)/g, (_, name) => params[page.id]?.[name] ?? UNKNOWN_ID);
}

/** Every page of the registry once for each visitor who may open it. */
const visits = pageList.flatMap((page) => {
  const who = visitorsByArea[page.area];
  if (!who) throw new Error(`No visitor opens the area '${page.area}' of page ${page.id}`);
  return who.map((visitor) => ({ page, visitor }));
});

function labelOf({ page, visitor }) {
  return `${page.id} as ${visitor} (${urlOf(page)})`;
}

/**
 * Opens a visit's page and waits until it has drawn. False when the visitor was sent to another
 * page (a signed-in buyer opening /login goes to their dashboard): that page is checked under its own entry.
 */
async function open({ page, visitor }) {
  const tab = visitors[visitor];
  await tab.goto(`${stack.urls.shell}${urlOf(page)}`);
  await settled(tab);
  return pageForPath(new URL(tab.url()).pathname) === pageForPath(urlOf(page));
}

/** Waits until the page has drawn its content: no loader left, the network quiet. */
async function settled(page) {
  await page.waitForLoadState('networkidle');
  await page
    .locator('[role="status"][aria-busy="true"], [aria-label="Loading..."]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

/**
 * Waits for an opening dialog to be shown as a user reads it: a scan during its 150 ms fade-in
 * would measure the contrast of half-transparent text.
 */
async function opened(dialog) {
  await dialog.waitFor();
  await dialog.page().evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // Spinners run forever; only the animations that end are waited for.
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** The serious and critical violations on the page as it is now, one line each. */
async function violations(page, label) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${label}: ${violation.id} (${violation.impact}) on ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

/**
 * Tabs through the first `presses` stops of the page: each element that takes the focus must look
 * different focused than not (an outline, a ring, a colour). Returns the ones that do not.
 */
async function invisibleFocus(page, label, presses = 30) {
  const found = [];
  await page.locator('body').focus();
  for (let press = 0; press < presses; press += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const element = document.activeElement;
      if (!(element instanceof HTMLElement) || element === document.body) return null;
      const look = () => {
        // A ring that fades in is read as it ends, not as it starts.
        for (const animation of element.getAnimations()) animation.finish();
        const style = getComputedStyle(element);
        return [
          style.outlineStyle === 'none' ? 'none' : `${style.outlineStyle} ${style.outlineWidth}`,
          style.boxShadow,
          style.backgroundColor,
          style.color,
          style.borderColor,
          style.textDecorationLine,
        ].join('|');
      };
      const focused = look();
      element.blur();
      const unfocused = look();
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim();
      // Tab goes on from where this element was.
      return {
        shows: focused !== unfocused,
        what: `${element.tagName.toLowerCase()} "${name.slice(0, 40)}"`,
      };
    });
    if (stop && !stop.shows) found.push(`${label}: no visible focus on ${stop.what}`);
  }
  return found;
}

/**
 * Records into `found`, until the returned function is called, what goes wrong on `tab`: a script
 * error, a console error, an API call answering 4xx or 5xx (a 404 too unless `allow404`).
 */
function watchFailures(tab, label, found, { allow404 = false } = {}) {
  const onConsole = (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (allow404 && /status of 404/.test(text)) return;
    found.push(`${label}: console error "${text.slice(0, 160)}"`);
  };
  const onResponse = (response) => {
    if (!response.url().startsWith(stack.urls.api)) return;
    const status = response.status();
    if (status < 400 || (status === 404 && allow404)) return;
    found.push(`${label}: ${response.request().method()} ${response.url()} answered ${status}`);
  };
  const errorsBefore = tab.pageErrors.length;
  tab.on('console', onConsole);
  tab.on('response', onResponse);
  return () => {
    tab.off('console', onConsole);
    tab.off('response', onResponse);
    for (const error of tab.pageErrors.slice(errorsBefore)) {
      found.push(`${label}: page error ${error.message.slice(0, 160)}`);
    }
  };
}

/** The open dialog on a 320 px wide screen: what of it sticks out past the screen's edge. */
async function dialogOnPhone(page, label) {
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: REFLOW_WIDTH, height: 640 });
  try {
    return await sidewaysScroll(page, `${label} at ${REFLOW_WIDTH} px`, {
      within: '[role="dialog"]',
    });
  } finally {
    if (desktop) await page.setViewportSize(desktop);
  }
}

describe('accessibility', () => {
  test('no page in the route registry, for any visitor who may open it, has a serious or critical axe violation, and each has its title', async (t) => {
    const found = [];
    const scanned = new Set();
    for (const visit of visits) {
      const tab = visitors[visit.visitor];
      if (!(await open(visit))) {
        t.diagnostic(`${labelOf(visit)}: sent to ${tab.url()}, scanned there`);
        continue;
      }
      const { page } = visit;
      scanned.add(page);
      found.push(...(await violations(tab, labelOf(visit))));
      // The landing's title is the spec's as it is; every other page's names the site after it.
      const expected = page.id === 'home' ? page.title : `${page.title} · ColdMail AI`;
      const title = await tab.title();
      if (title !== expected) found.push(`${labelOf(visit)}: document title "${title}"`);
    }
    for (const page of pageList) {
      if (!scanned.has(page)) found.push(`${page.id}: every visitor who may open it is sent away`);
    }
    assert.deepEqual(found, []);
  });

  test('every page in the route registry, for any visitor who may open it, loads without a script error, a console error or a failed API call', async () => {
    const found = [];
    for (const visit of visits) {
      // A page about a record that does not exist asks for it and is told 404: that is its state.
      const stop = watchFailures(visitors[visit.visitor], labelOf(visit), found, {
        allow404: urlOf(visit.page).includes(UNKNOWN_ID),
      });
      try {
        await open(visit);
      } finally {
        stop();
      }
    }
    assert.deepEqual(found, []);
  });

  test('every page in the route registry, for any visitor who may open it, and every settings panel fits a 320 px wide screen without scrolling sideways', async () => {
    const found = [];
    const tabs = Object.values(visitors);
    const desktop = tabs.map((tab) => tab.viewportSize());
    for (const tab of tabs) await tab.setViewportSize({ width: REFLOW_WIDTH, height: 640 });
    try {
      for (const visit of visits) {
        if (await open(visit)) {
          found.push(...(await sidewaysScroll(visitors[visit.visitor], labelOf(visit))));
        }
      }
      // Every settings panel too: each is a page of the back office, behind one route.
      const tab = visitors.admin;
      await tab.goto(`${stack.urls.shell}/admin/settings`);
      const menu = tab.getByRole('complementary', { name: 'Settings' });
      await menu.getByRole('button').first().waitFor();
      for (const name of await menu.getByRole('button').allInnerTexts()) {
        await menu.getByRole('button', { name, exact: true }).click();
        await tab.getByRole('heading', { level: 1, name }).waitFor();
        await settled(tab);
        found.push(...(await sidewaysScroll(tab, `settings: ${name}`)));
      }
    } finally {
      for (const [index, tab] of tabs.entries()) {
        const size = desktop[index];
        if (size) await tab.setViewportSize(size);
      }
    }
    assert.deepEqual(found, []);
  });

  test('the keyboard focus is visible on the landing page, the buyer area and the back office', async () => {
    const found = [];
    for (const [who, path] of [
      ['guest', '/'],
      ['buyer', '/user/dashboard'],
      ['admin', '/admin/dashboard'],
      ['admin', '/admin/settings'],
    ]) {
      const tab = visitors[who];
      await tab.goto(`${stack.urls.shell}${path}`);
      await settled(tab);
      found.push(...(await invisibleFocus(tab, path)));
    }
    assert.deepEqual(found, []);
  });

  test('the keyboard: the skip link comes first, and a navigation takes the focus to the new page', async () => {
    const tab = visitors.guest;
    await tab.goto(`${stack.urls.shell}/about`);
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
    const guest = visitors.guest;
    const buyer = visitors.buyer;
    const desktop = [guest.viewportSize(), buyer.viewportSize()];
    await guest.setViewportSize({ width: 375, height: 700 });
    await buyer.setViewportSize({ width: 375, height: 700 });
    try {
      await guest.goto(`${stack.urls.shell}/about`);
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

      await buyer.goto(`${stack.urls.shell}/user/dashboard`);
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
    const tab = visitors.buyer;
    await tab.goto(`${stack.urls.shell}/`);
    await settled(tab);
    const trigger = tab.getByRole('button', { name: 'Account menu' });
    await trigger.press('Enter');
    await tab.keyboard.press('Tab');
    assert.equal(await tab.evaluate(() => document.activeElement?.textContent), 'Dashboard');
    await tab.keyboard.press('Escape');
    assert.equal(await trigger.getAttribute('aria-expanded'), 'false');
    assert.ok(await trigger.evaluate((button) => button === document.activeElement));
  });

  test('no settings panel and no dialog has one either, or fails to load; dialogs hold the keyboard focus', async () => {
    const tab = visitors.admin;
    const found = [];
    const stopWatching = watchFailures(tab, 'settings panels and dialogs', found);
    await tab.goto(`${stack.urls.shell}/admin/settings`);
    const menu = tab.getByRole('complementary', { name: 'Settings' });
    await menu.getByRole('button').first().waitFor();
    const panels = await menu.getByRole('button').allInnerTexts();
    assert.ok(panels.length >= 10, `the settings menu lists its panels (${panels.length})`);
    for (const name of panels) {
      await menu.getByRole('button', { name, exact: true }).click();
      await tab.getByRole('heading', { level: 1, name }).waitFor();
      await settled(tab);
      found.push(...(await violations(tab, `settings: ${name}`)));
    }

    // A confirmation dialog: scanned open, and Tab keeps the focus inside it.
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
      ['/admin/orders', { name: /^A11y \d+$/ }, 'package details'],
      ['/admin/orders', { name: /^Refund order / }, 'refund order'],
    ]) {
      await tab.goto(`${stack.urls.shell}${path}`);
      if (panel) {
        await tab
          .getByRole('complementary', { name: 'Settings' })
          .getByRole('button', { name: panel, exact: true })
          .click();
        await tab.getByRole('heading', { level: 1, name: panel }).waitFor();
      }
      await settled(tab);
      await tab.getByRole('button', opener).first().click();
      const open = tab.getByRole('dialog');
      await opened(open);
      found.push(...(await violations(tab, `dialog: ${label}`)));
      found.push(...(await dialogOnPhone(tab, `dialog: ${label}`)));
      await tab.keyboard.press('Escape');
      await open.waitFor({ state: 'detached' });
    }

    // The buyer's order details.
    const buyer = visitors.buyer;
    const stopWatchingBuyer = watchFailures(buyer, 'buyer order details', found);
    await buyer.goto(`${stack.urls.shell}/user/subscription-history`);
    await settled(buyer);
    await buyer
      .getByRole('button', { name: /^View order / })
      .first()
      .click();
    const details = buyer.getByRole('dialog');
    await opened(details);
    found.push(...(await violations(buyer, 'dialog: order details')));
    found.push(...(await dialogOnPhone(buyer, 'dialog: order details')));
    await buyer.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    stopWatching();
    stopWatchingBuyer();
    assert.deepEqual(found, []);
  });
});
