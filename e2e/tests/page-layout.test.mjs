// Every page of the route registry as it is laid out, on a desktop (1280 px) and a phone (390 px):
// at 1280 px no table scrolls sideways and each row's buttons share a line, and each page's main
// state matches its screenshot at both widths, so a change that moves the layout fails here.
//
// A stack of its own: the back office's tables and the landing show the whole store, which on
// the shared stack grows with whatever the other tests add while this one runs. Here the same
// records are made the same way each run. What still differs from run to run (dates, order ids,
// the ids in links) is written the same before each screenshot, and the screenshots leave text
// unfilled and pictures unpainted (support/screenshot.css): they compare where things are.
import { fileURLToPath } from 'node:url';
import { pageList } from '@coldmail/registry/pages';
import {
  labelOf,
  openVisit,
  settled,
  signInVisitors,
  signOutVisitors,
} from '../support/accessibility.mjs';
import { apiAs, putOnSale } from '../support/api.mjs';
import { expect, test } from '../support/fixtures.mjs';
import { sidewaysScroll, tableMisfits } from '../support/layout.mjs';
import { E2E_ADMIN_EMAIL, startFullStack } from '../support/stack.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const stylePath = fileURLToPath(new URL('../support/screenshot.css', import.meta.url));

/**
 * Who sees a page's main state: a guest the public pages (the profile page aside, which is
 * public in the spec's route table but there for a signed-in user), the buyer the signed-in and
 * user areas, the admin the back office.
 *
 * @type {Record<import('@coldmail/registry/pages').PageArea, import('../support/accessibility.mjs').Visitor>}
 */
const visitorOf = { public: 'guest', 'signed-in': 'buyer', user: 'buyer', admin: 'admin' };

/** The people in the back office's tables besides the buyer; one address too long for a line. */
const customers = [
  ['Grace Hopper', 'grace.hopper@e2e.test'],
  ['Alexandra Konstantinopoulou', 'alexandra.konstantinopoulou@university.example.com'],
  ['Katherine Johnson', 'katherine.johnson@e2e.test'],
];
const billing = { address: '1 Road', country: 'France' };

/** @type {Awaited<ReturnType<typeof startFullStack>>} */
let stack;
/** @type {import('../support/accessibility.mjs').Visitors} */
let visitors;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  stack = await startFullStack({ projectId: 'demo-coldmail-layout' });
  const { admin, pkg, item } = await putOnSale(stack, E2E_ADMIN_EMAIL);
  for (const [name, email] of customers) {
    const customer = await apiAs(stack, email, 'secret123', name);
    await customer.post('/new-order', { packageId: pkg._id, customerName: name, ...billing });
    await customer.post('/new-item-order', { itemId: item._id, customerName: name, ...billing });
    await customer.post('/new-support-message', {
      subject: 'Credits after payment',
      message: 'I paid for a package: when do the credits arrive?',
    });
  }
  await admin.post('/api/gemini-keys', {
    name: 'Production key',
    key: 'AIzaSyLayoutKeyMaterial0123456789abcd',
  });
  await admin.post('/api/promo-codes', {
    code: 'SPRING15',
    kind: 'percent',
    percent: 15,
    appliesTo: 'all',
    maxUses: 100,
    expiresAt: '2030-01-01T00:00:00.000Z',
  });
  const buyerEmail = 'ada.lovelace@e2e.test';
  visitors = await signInVisitors(
    browser,
    { ...stack, catalogue: { pkg, item } },
    { who: ['guest', 'buyer', 'admin'], paidOrder: true, email: buyerEmail },
  );
  const buyer = await apiAs(stack, buyerEmail, 'secret123', 'Ada Lovelace');
  await buyer.post('/new-support-message', {
    subject: 'Invoice address',
    message: 'Please put my company on the invoice.',
  });
});

test.afterAll(async () => {
  await signOutVisitors(visitors);
  await stack?.close();
});

/**
 * Writes what differs from run to run the same way every run, in the page as drawn now: dates
 * and times, and ids (an order id may be all capitals, a record id letters and digits). Their
 * width is what a screenshot would see of them.
 *
 * @param {import('@playwright/test').Page} tab
 */
async function steadyText(tab) {
  await tab.evaluate(() => {
    const month = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\\.?';
    const time = '\\d{1,2}:\\d{2}(?::\\d{2})?(?:\\s?[AP]M)?';
    const ids = (word) => '0'.repeat(word.length);
    /** @type {Array<[RegExp, (found: string) => string]>} */
    const rules = [
      [new RegExp(`${month} \\d{1,2},? \\d{4}(?:,? (?:at )?${time})?`, 'g'), () => 'Jan 1, 2030'],
      [/\b\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?/g, () => '2030-01-01'],
      [/\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/g, () => '1/1/2030'],
      [new RegExp(time, 'g'), () => '10:00 AM'],
      // Order and transaction ids (capitals and digits), record ids and hashes (letters and
      // digits mixed).
      [/\b[A-Z\d]{6,}\b/g, ids],
      [/\b(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{6,}/g, ids],
    ];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const before = node.nodeValue ?? '';
      const after = rules.reduce(
        (text, [pattern, steady]) => text.replace(pattern, steady),
        before,
      );
      if (after !== before) node.nodeValue = after;
    }
    // No focus ring or hover left from getting here.
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  });
}

/**
 * Lets what waits for the reader to come near load, as it does for a reader who scrolls down:
 * the site footer's copyright line (its last block) arrives once the footer has been near the
 * screen for half a second. Otherwise a screenshot shows it or not by chance. The site's own pages (not the user area's or the back office's) have
 * the footer, drawn once its settings are read: waited for, however long that read takes.
 *
 * @param {import('@playwright/test').Page} tab
 */
async function scrolledThrough(tab) {
  const footer = tab.locator('footer').last();
  const { pathname } = new URL(tab.url());
  if (!/^\/(user|admin)(\/|$)/.test(pathname)) {
    await footer.waitFor({ state: 'attached', timeout: 15_000 });
  }
  if ((await footer.count()) === 0) return;
  await footer.scrollIntoViewIfNeeded();
  await footer.evaluate(
    (element) =>
      new Promise((resolve) => {
        const arrived = () => (element.lastElementChild?.childNodes.length ?? 1) > 0;
        if (arrived()) return resolve(undefined);
        const watch = new MutationObserver(() => {
          if (!arrived()) return;
          watch.disconnect();
          resolve(undefined);
        });
        watch.observe(element, { childList: true, subtree: true });
        // Never more than this: the screenshot then shows what is missing.
        setTimeout(resolve, 10_000);
      }),
  );
  await tab.evaluate(() => window.scrollTo(0, 0));
}

/**
 * The page at `size`, once it has drawn for it (a table turned into cards, a sidebar collapsed).
 *
 * @param {import('@playwright/test').Page} tab
 * @param {{ width: number, height: number }} size
 */
async function resized(tab, size) {
  await tab.setViewportSize(size);
  await tab.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await settled(tab);
}

for (const page of pageList) {
  const visit = { page, visitor: page.id === 'updateProfile' ? 'buyer' : visitorOf[page.area] };
  test(`${page.id}: its tables fit 1280 px, and it looks as its screenshots at 1280 and 390 px`, async () => {
    const tab = visitors.tabs[visit.visitor];
    const label = labelOf(visitors, visit);
    await tab.mouse.move(0, 0);
    try {
      await resized(tab, DESKTOP);
      expect(await openVisit(visitors, visit), `${label}: sent to ${tab.url()}`).toBe(true);
      expect([...(await sidewaysScroll(tab, label)), ...(await tableMisfits(tab, label))]).toEqual(
        [],
      );
      const options = { fullPage: true, stylePath, animations: 'disabled', caret: 'hide' };
      await scrolledThrough(tab);
      await steadyText(tab);
      await expect(tab).toHaveScreenshot(`${page.id}-1280.png`, options);
      await resized(tab, PHONE);
      await steadyText(tab);
      await expect(tab).toHaveScreenshot(`${page.id}-390.png`, options);
    } finally {
      await tab.setViewportSize(DESKTOP);
    }
  });
}
