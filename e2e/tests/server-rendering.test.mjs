// The public pages as a search engine, a link preview and a visitor without JavaScript get
// them: HTML that already holds the content, with its title, description, canonical URL,
// OpenGraph and Twitter tags and JSON-LD, read here without running a script; and as a visitor
// with JavaScript gets them: the same HTML, taken over by the browser without being drawn again.
import assert from 'node:assert/strict';
import { paths } from '@coldmail/registry/pages';
import { newPage } from '../support/browser.mjs';
import { test } from '../support/fixtures.mjs';

let browser;
let stack;

test.beforeAll(async ({ browser: sharedBrowser, stack: sharedStack }) => {
  browser = sharedBrowser;
  stack = sharedStack;
});

/** A public read of the API, as anyone makes it. */
const read = async (path) => (await fetch(`${stack.urls.api}${path}`)).json();

/** The page at `path` as a crawler gets it: its status, and its HTML. */
async function crawl(path) {
  const response = await fetch(`${stack.urls.shell}${path}`, { headers: { accept: 'text/html' } });
  return { status: response.status, html: await response.text() };
}

/** The `content` of a meta tag (`name` or `property`), as written in the HTML. */
function metaOf(html, key) {
  const tag = html.match(new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`));
  return tag?.[1];
}

/** The JSON-LD blocks of the HTML. */
function structuredDataOf(html) {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1]),
  );
}

/** Waits up to 10 s for `check` to hold. */
async function expectSoon(check, message) {
  const until = Date.now() + 10_000;
  while (!check()) {
    assert.ok(Date.now() < until, message);
    await new Promise((done) => setTimeout(done, 50));
  }
}

const unescape = (text) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");

test.describe('server-rendered public pages', () => {
  test('the landing page is HTML with its content, its search and sharing tags, and the packages as products', async () => {
    const [landing, packages] = await Promise.all([
      read('/api/landing-content'),
      read('/packages'),
    ]);
    const { status, html } = await crawl('/');
    assert.equal(status, 200);
    const root = html.slice(html.indexOf('<div id="root">'));
    if (landing.banner) assert.ok(unescape(root).includes(landing.banner.mainTitle));
    assert.ok(root.includes('Pricing Packages'));
    for (const pkg of packages.slice(0, 3)) assert.ok(unescape(root).includes(pkg.packageName));

    assert.match(
      html,
      /<title>AI Email Template Generator – Personalized Templates in Seconds<\/title>/,
    );
    assert.equal(html.match(/<title>/g).length, 1, 'one title');
    assert.equal(html.match(/<meta name="description"/g).length, 1, 'one description');
    assert.match(metaOf(html, 'description'), /cold-email templates/);
    assert.ok(html.includes(`<link rel="canonical" href="${stack.urls.shell}/" />`));
    assert.equal(metaOf(html, 'og:url'), `${stack.urls.shell}/`);
    // A link preview shows the banner, as an admin wrote it.
    if (landing.banner) {
      assert.equal(
        unescape(metaOf(html, 'og:title')),
        `${landing.banner.mainTitle} ${landing.banner.highlightText}`.trim(),
      );
    }
    assert.equal(metaOf(html, 'og:title'), metaOf(html, 'twitter:title'));
    assert.ok(metaOf(html, 'twitter:card'));
    assert.deepEqual(
      structuredDataOf(html).map((product) => [
        product['@type'],
        product.name,
        product.offers.price,
      ]),
      packages.slice(0, 3).map((pkg) => ['Product', pkg.packageName, pkg.price.toFixed(2)]),
    );
  });

  test("an item's page names the item with its price as a product; a missing item and an unknown path answer 404", async () => {
    const { item } = stack.catalogue;
    const { status, html } = await crawl(paths.premiumItem(item.slug, item._id));
    assert.equal(status, 200);
    assert.match(html, /<title>Premium Item · ColdMail AI<\/title>/);
    assert.ok(unescape(html).includes(`<h1`) && unescape(html).includes(item.name));
    const [product] = structuredDataOf(html);
    assert.deepEqual(
      [product.name, product.offers.price, product.offers.priceCurrency],
      [item.name, item.price.toFixed(2), 'USD'],
    );

    const missing = await crawl(paths.premiumItem('gone', '0123456789abcdef01234567'));
    assert.equal(missing.status, 404);
    assert.ok(missing.html.includes('Item not found'));

    const unknown = await crawl('/no-such-page');
    assert.equal(unknown.status, 404);
    assert.match(unknown.html, /<title>Page Not Found · ColdMail AI<\/title>/);
  });

  test('robots.txt keeps the signed-in and admin areas out; sitemap.xml lists the public pages and every item', async () => {
    const robots = await (await fetch(`${stack.urls.shell}/robots.txt`)).text();
    assert.match(robots, /^Disallow: \/user$/m);
    assert.match(robots, /^Disallow: \/admin$/m);
    assert.match(robots, new RegExp(`^Sitemap: ${stack.urls.shell}/sitemap.xml$`, 'm'));

    const sitemap = await fetch(`${stack.urls.shell}/sitemap.xml`);
    assert.match(sitemap.headers.get('content-type'), /xml/);
    const locations = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
      (match) => match[1],
    );
    const { item } = stack.catalogue;
    for (const path of ['/', paths.about, paths.contact, paths.premiumItem(item.slug, item._id)]) {
      assert.ok(locations.includes(`${stack.urls.shell}${path}`), `${path} in the sitemap`);
    }
    assert.ok(!locations.some((url) => /\/(user|admin|login)/.test(url)));
  });

  test('with JavaScript off, a visitor reads the landing page and follows its links', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(stack.urls.shell);
      await page.getByRole('heading', { name: 'Pricing Packages' }).waitFor();
      assert.ok((await page.locator('article').count()) > 0, 'the packages show');
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'About Us' })
        .click();
      await page.waitForURL(`${stack.urls.shell}${paths.about}`);
      await page.locator('[data-remote="marketing"]').first().waitFor();
      assert.match(await page.title(), /^About Us/);
    } finally {
      await context.close();
    }
  });

  test("the landing page's own code waits for the visitor: reading it costs none, and a link followed before it arrives stays in the app", async () => {
    const marketing = stack.urls.marketing;
    assert.ok(marketing, 'the marketing remote has its own address');
    const page = await newPage(browser);
    const remoteScripts = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && request.url().startsWith(marketing)) {
        remoteScripts.push(request.url());
      }
    });
    await page.goto(stack.urls.shell);
    // The shell has taken the page over: whatever it loads at start it has asked for by now.
    await page.locator('html[data-started]').waitFor({ state: 'attached' });
    assert.deepEqual(remoteScripts, [], 'reading the page downloads none of its remote’s code');
    // The shell's part works at once: its header's links are the app's.
    await page.evaluate(() => {
      globalThis.__sameDocument = true;
    });
    // Reaching for the page's content (a pointer over it) starts its code.
    await page.getByRole('heading', { name: 'Pricing Packages' }).hover();
    await expectSoon(
      () => remoteScripts.length > 0,
      'the remote’s code loads as the visitor reaches for it',
    );
    // A link of the page, followed at once, goes through the app's router: no page load.
    await page
      .getByRole('link', { name: /Buy Now/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname !== '/');
    assert.equal(await page.evaluate(() => globalThis.__sameDocument), true);
    assert.deepEqual(page.pageErrors, []);
  });

  test('back on the landing page after leaving it before its code came, the page is drawn again', async () => {
    const page = await newPage(browser);
    await page.goto(stack.urls.shell);
    // The header is the shell's: following its link asks nothing of the landing page's code.
    await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
    await page.waitForURL(`${stack.urls.shell}${paths.login}`);
    await page.goBack();
    await page
      .locator('[data-page="HomePage"]')
      .getByRole('heading', { name: 'Pricing Packages' })
      .waitFor();
    assert.deepEqual(page.pageErrors, []);
  });

  test('the browser takes the HTML over without drawing it again, and the contact form then sends', async () => {
    const page = await newPage(browser);
    const redrawn = [];
    page.on('console', (message) => {
      if (/drawn again|hydrat/i.test(message.text())) redrawn.push(message.text());
    });
    // The nodes the server sent, kept as the page is parsed: hydration keeps them in the page.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        globalThis.__serverNodes = [...document.querySelectorAll('#root h1, #root h2, footer')];
      });
    });
    await page.goto(`${stack.urls.shell}${paths.contact}`);
    const form = page.getByRole('form', { name: 'Contact us' });
    await form.getByLabel('Name').fill('Sam Server');
    await form.getByLabel('Email').fill('sam@coldmail.test');
    await form.getByLabel('Phone').fill('+44 20 7946 0001');
    await form.getByLabel('Subject').fill(`Rendered ${Date.now()}`);
    await form.getByLabel('Message').fill('Does the form work right away?');
    await form.getByRole('button', { name: /Send/ }).click();
    await page.getByText('Message Sent Successfully!').waitFor();
    const kept = await page.evaluate(() =>
      globalThis.__serverNodes.map((node) => node.isConnected),
    );
    assert.ok(kept.length > 0);
    assert.deepEqual(
      kept,
      kept.map(() => true),
      'every server node is still the page’s',
    );
    assert.deepEqual(redrawn, []);
    assert.deepEqual(page.pageErrors, []);
  });
});
