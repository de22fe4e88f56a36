// What the accessibility tests share: the visitors who open the pages, the records the pages'
// parameters name, and the checks (axe-core for WCAG 2.1 A/AA, the page's title, failures while it
// loads, reflow on a 320 px wide screen, a visible keyboard focus).
import { AxeBuilder } from '@axe-core/playwright';
import { pageForPath, pageList } from '@coldmail/registry/pages';
import { apiAs } from './api.mjs';
import { navigate, networkQuiet, newPage } from './browser.mjs';
import { adminSession, signIn } from './flows.mjs';
import { REFLOW_WIDTH, sidewaysScroll } from './layout.mjs';

const BLOCKING = new Set(['serious', 'critical']);
/** A well-formed id that matches nothing: the page's not-found state is scanned too. */
const UNKNOWN_ID = '0123456789abcdef01234567';

/**
 * @typedef {'guest' | 'buyer' | 'admin'} Visitor
 * @typedef {import('@playwright/test').Page & { pageErrors: Error[] }} Tab
 * @typedef {import('@coldmail/registry/pages').Page} PageEntry
 * @typedef {{ page: PageEntry, visitor: Visitor }} Visit
 * @typedef {{ tabs: Record<Visitor, Tab>, admin: Awaited<ReturnType<typeof apiAs>> | null,
 *   params: Record<string, Record<string, string>>, shell: string, api: string }} Visitors
 */

/**
 * Who may open a page of each area of the registry: anyone a public page, signed in or not (the
 * header shows the account menu or Login and Sign Up); a signed-in user the signed-in pages and
 * the user area (a guest is sent to /login); an admin the back office.
 *
 * @type {Record<import('@coldmail/registry/pages').PageArea, ReadonlyArray<Visitor>>}
 */
const visitorsByArea = {
  public: ['guest', 'buyer'],
  'signed-in': ['buyer'],
  user: ['buyer'],
  admin: ['admin'],
};

/**
 * Every page of the given areas of the registry once for each visitor who may open it (a new
 * page is scanned without editing a test). `first` marks the visit that must reach the page: a
 * later visitor may be sent elsewhere (a signed-in buyer opening /login goes to their dashboard).
 *
 * @param {Array<import('@coldmail/registry/pages').PageArea>} areas
 * @returns {Array<Visit & { first: boolean }>}
 */
export function visitsOf(areas) {
  return pageList
    .filter((page) => areas.includes(page.area))
    .flatMap((page) => {
      const who = visitorsByArea[page.area];
      if (!who) throw new Error(`No visitor opens the area '${page.area}' of page ${page.id}`);
      return who.map((visitor, index) => ({ page, visitor, first: index === 0 }));
    });
}

/**
 * Signs the visitors in, each in a tab of their own (the admin also through the API, as
 * `admin`), and makes what the pages' parameters name:
 * the package and item on sale, a pending order of each kind, and with `paidOrder` a paid one
 * (the refund confirmation, the buyer's order details and its receipt open on it).
 *
 * @param {import('@playwright/test').Browser} browser
 * @param {import('./stack.mjs').SharedStack} stack
 * @param {{ who: Visitor[], paidOrder?: boolean, email?: string }} options `email`: the buyer's,
 *   where a stack of the test's own leaves it free (by default one no other test takes)
 * @returns {Promise<Visitors>}
 */
export async function signInVisitors(
  browser,
  stack,
  {
    who,
    paidOrder = false,
    email = `a11y-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@e2e.test`,
  },
) {
  const tabs = /** @type {Record<Visitor, Tab>} */ ({});
  const { pkg, item } = stack.catalogue;
  // Initials axe reads as text ('AL'): it skips 'AA' as a symbol, so the account button's name
  // would never be compared with what it shows.
  const buyer = await apiAs(stack, email, 'secret123', 'Ada Lovelace');
  const billing = { customerName: 'Ada Lovelace', address: '1 Road', country: 'France' };
  const order = await buyer.post('/new-order', { packageId: pkg._id, ...billing });
  const itemOrder = await buyer.post('/new-item-order', { itemId: item._id, ...billing });
  /** @type {Awaited<ReturnType<typeof apiAs>> | null} */
  let admin = null;
  if (who.includes('admin'))
    ({ api: admin, page: tabs.admin } = await adminSession(browser, stack));
  if (who.includes('guest')) tabs.guest = await newPage(browser);
  if (who.includes('buyer') || paidOrder) {
    tabs.buyer = await newPage(browser);
    await tabs.buyer.goto(`${stack.urls.shell}/login`);
    await signIn(tabs.buyer, email, 'secret123');
    await tabs.buyer.waitForURL('**/user/dashboard');
  }
  /** @type {string | null} */
  let paidId = null;
  if (paidOrder) {
    const paid = await buyer.post('/new-order', { packageId: pkg._id, ...billing });
    paidId = paid._id;
    await tabs.buyer.goto(`${stack.urls.shell}/pay-now/${paid._id}`);
    await tabs.buyer.getByRole('button', { name: 'PayPal' }).click();
    await tabs.buyer.getByText(/^Payment successful!/).waitFor();
  }
  return {
    tabs,
    admin,
    shell: stack.urls.shell,
    api: stack.urls.api,
    params: {
      buy: { id: pkg._id },
      itemBuy: { id: item._id },
      payNow: { id: order._id },
      itemPayNow: { id: itemOrder._id },
      premiumItem: { slug: item.slug, itemId: item._id },
      ...(paidId ? { userReceipt: { kind: 'package', id: paidId } } : {}),
    },
  };
}

/** Closes the visitors' tabs. @param {Visitors | undefined} visitors */
export async function signOutVisitors(visitors) {
  await Promise.all(Object.values(visitors?.tabs ?? {}).map((tab) => tab.context().close()));
}

/**
 * The path a visit opens: the page's, its parameters naming the visitors' records (or a record
 * that does not exist).
 *
 * @param {Visitors} visitors
 * @param {PageEntry} page
 */
function urlOf(visitors, page) {
  if (page.path === '*') return '/no-such-page';
  return page.path.replace(/:(\w+)/g, (_, name) => visitors.params[page.id]?.[name] ?? UNKNOWN_ID);
}

/** @param {Visitors} visitors @param {Visit} visit */
export function labelOf(visitors, { page, visitor }) {
  return `${page.id} as ${visitor} (${urlOf(visitors, page)})`;
}

/**
 * Opens a visit's page and waits until it has drawn. A guest arrives from outside, as from a
 * search engine or a shared link: the page loads afresh. A signed-in visitor moves through the
 * app by its links: the router takes them there (a full load of each of their pages would
 * double the sweep's time). False when the visitor was sent to another page: that page is
 * checked under its own entry.
 *
 * @param {Visitors} visitors
 * @param {Visit} visit
 */
export async function openVisit(visitors, { page, visitor }) {
  const tab = visitors.tabs[visitor];
  if (visitor !== 'guest' && tab.url().startsWith(visitors.shell)) {
    await navigate(tab, urlOf(visitors, page));
  } else {
    await tab.goto(`${visitors.shell}${urlOf(visitors, page)}`);
  }
  await settled(tab);
  return pageForPath(new URL(tab.url()).pathname) === pageForPath(urlOf(visitors, page));
}

/** Waits until the page has drawn its content: no loader left, the network quiet. */
export async function settled(page) {
  await networkQuiet(page);
  await page
    .locator('[role="status"][aria-busy="true"], [aria-label="Loading..."]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

/**
 * Waits for an opening dialog to be shown as a user reads it: a scan during its 150 ms fade-in
 * would measure the contrast of half-transparent text.
 *
 * @param {import('@playwright/test').Locator} dialog
 */
export async function opened(dialog) {
  await dialog.waitFor();
  await finishedAnimations(dialog.page());
}

/** Waits for the page's transitions and animations to end (spinners, which run forever, aside). */
async function finishedAnimations(page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * The serious and critical violations on the page as it is now, one line each. Legacy mode runs
 * axe in the page itself rather than finishing in a blank page opened for each scan (2.5 times
 * slower); it leaves out frames from other origins, and the pages have none of their own.
 */
export async function violations(page, label) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
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
 * What sticks out past the edge of a 320 px wide screen (WCAG 1.4.10): the page, or with
 * `within` the open dialog. The tab goes back to its size afterwards.
 *
 * @param {Tab} tab
 * @param {string} label
 * @param {{ within?: string }} [options]
 */
export async function onPhone(tab, label, options) {
  const desktop = tab.viewportSize();
  await tab.setViewportSize({ width: REFLOW_WIDTH, height: 640 });
  // What the page changes on a narrow screen is read once it has settled: a table drawn as cards
  // by the second frame after the resize, a sidebar that narrows when its transition ends.
  await tab.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await finishedAnimations(tab);
  try {
    return await sidewaysScroll(tab, `${label} at ${REFLOW_WIDTH} px`, options);
  } finally {
    if (desktop) await tab.setViewportSize(desktop);
  }
}

/**
 * Records into `found`, until the returned function is called, what goes wrong on `tab`: a script
 * error, a console error, an API call answering 4xx or 5xx (a 404 too unless `allow404`).
 *
 * @param {Tab} tab
 * @param {string} api the API's URL
 * @param {string} label
 * @param {string[]} found
 * @param {{ allow404?: boolean }} [options]
 */
export function watchFailures(tab, api, label, found, { allow404 = false } = {}) {
  const onConsole = (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (allow404 && /status of 404/.test(text)) return;
    found.push(`${label}: console error "${text.slice(0, 160)}"`);
  };
  const onResponse = (response) => {
    if (!response.url().startsWith(api)) return;
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

/**
 * Checks one visit as a reader meets the page: it opens without a script error, a console error
 * or a failed API call; it has no serious or critical axe violation; it carries its title; and
 * on a 320 px wide screen nothing but a data table's own scroll box scrolls sideways. Returns what
 * is wrong, one line each, or null when the visitor was sent to another page.
 *
 * @param {Visitors} visitors
 * @param {Visit} visit
 */
export async function checkVisit(visitors, visit) {
  const found = [];
  const tab = visitors.tabs[visit.visitor];
  const label = labelOf(visitors, visit);
  // A page about a record that does not exist asks for it and is told 404: that is its state.
  // The not-found page's own document answers 404 (what search engines must be told).
  const stop = watchFailures(tab, visitors.api, label, found, {
    allow404: urlOf(visitors, visit.page).includes(UNKNOWN_ID) || visit.page.id === 'notFound',
  });
  let landed;
  try {
    landed = await openVisit(visitors, visit);
  } finally {
    stop();
  }
  if (!landed) return null;
  found.push(...(await violations(tab, label)));
  // The landing's title is the spec's as it is; every other page's names the site after it.
  const { page } = visit;
  const expected = page.id === 'home' ? page.title : `${page.title} · ColdMail AI`;
  const title = await tab.title();
  if (title !== expected) found.push(`${label}: document title "${title}"`);
  found.push(...(await onPhone(tab, label)));
  return found;
}

/**
 * Tabs through the first `presses` stops of the page: each element that takes the focus must look
 * different focused than not (an outline, a ring, a colour). Returns the ones that do not.
 */
export async function invisibleFocus(page, label, presses = 30) {
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
