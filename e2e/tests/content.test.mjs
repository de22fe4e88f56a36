// The landing page as admins edit it and visitors see it.
import assert from 'node:assert/strict';
import { paths } from '@coldmail/registry/pages';
import { apiAs } from '../support/api.mjs';
import { newPage } from '../support/browser.mjs';
import { test } from '../support/fixtures.mjs';
import { adminSession } from '../support/flows.mjs';

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

async function openEditor(panel) {
  await adminPage.goto(`${stack.urls.shell}${paths.adminSettings}`);
  await adminPage.getByRole('button', { name: panel }).click();
}

async function visitHome() {
  const page = await newPage(browser);
  await page.goto(stack.urls.shell);
  await page.locator('[data-page="HomePage"]').waitFor();
  return page;
}

test.describe('landing content', () => {
  test('an admin edits the banner title and the home page shows it; reset restores the default', async () => {
    await openEditor('Banner Section');
    const title = adminPage.getByLabel('Main title');
    await title.fill('Replies, not silence');
    await adminPage
      .getByRole('region', { name: 'Live preview' })
      .getByText('Replies, not silence')
      .waitFor();
    await adminPage.getByRole('button', { name: 'Save Changes' }).click();
    await adminPage.getByText('Banner section updated successfully!').waitFor();

    const visitor = await visitHome();
    await visitor.getByRole('heading', { level: 1, name: /Replies, not silence/ }).waitFor();
    // A link preview of the landing page shows the banner as the admin left it.
    const html = await (await fetch(stack.urls.shell)).text();
    assert.match(html, /<meta property="og:title" content="Replies, not silence[^"]*"/);

    await adminPage.getByRole('button', { name: 'Reset to Default' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Reset' }).click();
    await adminPage.getByText('Banner section reset to default successfully!').waitFor();
    await visitor.reload();
    await visitor.getByRole('heading', { level: 1, name: /Write cold emails that/ }).waitFor();
    assert.deepEqual(visitor.pageErrors, []);
  });

  test("a banner video plays on the visitor's first click, even one made before the page's code has come", async () => {
    await openEditor('Banner Section');
    await adminPage.getByLabel('YouTube video URL').fill('https://youtu.be/dQw4w9WgXcQ');
    await adminPage.getByRole('button', { name: 'Save Changes' }).click();
    await adminPage.getByText('Banner section updated successfully!').waitFor();
    try {
      const visitor = await newPage(browser);
      // YouTube is out of reach here: its thumbnail and player load nothing.
      await visitor.route(/ytimg\.com|youtube-nocookie\.com/, (route) => route.abort());
      // The landing page's own code (the marketing remote's) is held back until after the
      // click, so the click lands on the HTML the server drew, before React can handle it (here
      // even before the shell's code has run: the page shows as soon as it is parsed).
      let release = () => {};
      const held = new Promise((resolve) => {
        release = resolve;
      });
      let ask = () => {};
      const asked = new Promise((resolve) => {
        ask = resolve;
      });
      await visitor.route(
        (url) => url.href.startsWith(stack.urls.marketing) && url.pathname.endsWith('.js'),
        async (route) => {
          ask();
          await held;
          await route.continue();
        },
      );
      await visitor.goto(stack.urls.shell);
      await visitor.getByRole('button', { name: /Play video/ }).click();
      // The click asks for the page's code, which has not come yet.
      await asked;
      assert.equal(await visitor.locator('iframe').count(), 0);
      release();
      await visitor.locator('iframe[src*="youtube-nocookie.com/embed/dQw4w9WgXcQ"]').waitFor();
      assert.deepEqual(visitor.pageErrors, []);
    } finally {
      await adminPage.getByRole('button', { name: 'Reset to Default' }).click();
      await adminPage.getByRole('dialog').getByRole('button', { name: 'Reset' }).click();
      await adminPage.getByText('Banner section reset to default successfully!').waitFor();
    }
  });

  test('one landing block that cannot be read says so in its place; the others and the packages show', async () => {
    const page = await newPage(browser);
    const fail = (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, message: 'Internal server error' }),
      });
    // The page's one read fails, and so does the banner's own; every other block answers.
    await page.route('**/api/landing-content', fail);
    await page.route('**/api/banner-section', fail);
    // The browser reads the blocks itself, as when the page renderer cannot be reached: the
    // shell's index.html, not the server-rendered page (whose reads the server made).
    await page.route(`${stack.urls.shell}/`, (route) =>
      route.continue({ url: `${stack.urls.shell}/index.html` }),
    );
    await page.goto(stack.urls.shell);
    const home = page.locator('[data-page="HomePage"]');
    await home.getByText('Error: Failed to fetch banner data').waitFor();
    // The blocks as the API serves them now (another test may have hidden one meanwhile).
    const blocks = await admin.get('/api/landing-content');
    assert.ok(blocks.features || blocks.about || blocks.contact, 'some block is shown');
    if (blocks.features) await home.getByText(blocks.features.subtitle).first().waitFor();
    if (blocks.about) await home.getByText(blocks.about.title).first().waitFor();
    if (blocks.contact) {
      await home.getByRole('button', { name: blocks.contact.buttonText }).waitFor();
    }
    await home.getByRole('heading', { name: 'Pricing Packages' }).waitFor();
    if (blocks.banner) assert.equal(await home.getByText(blocks.banner.mainTitle).count(), 0);
    assert.deepEqual(page.pageErrors, []);
  });

  test('deactivating a block takes it off the home page', async () => {
    await openEditor('Testimonial Section');
    await adminPage.getByRole('button', { name: 'Deactivate Section' }).click();
    await adminPage.getByRole('button', { name: 'Activate Section' }).waitFor();
    const visitor = await visitHome();
    await visitor.getByRole('heading', { name: 'Pricing Packages' }).waitFor();
    assert.equal(await visitor.getByRole('heading', { name: 'What our users say' }).count(), 0);
    await adminPage.getByRole('button', { name: 'Activate Section' }).click();
    await adminPage.getByRole('button', { name: 'Deactivate Section' }).waitFor();
  });

  test('a background image an admin sets shows behind its section, once a visitor scrolls near it', async () => {
    const image = `${stack.urls.shell}/favicon.svg`;
    await openEditor('Contact Page Settings');
    await adminPage.getByRole('textbox', { name: 'Background image' }).fill(image);
    await adminPage.getByRole('button', { name: 'Save Changes' }).click();
    await adminPage.getByText('Contact section updated successfully').waitFor();

    const visitor = await visitHome();
    const section = visitor.locator('section[aria-labelledby="contact-title"]');
    await section.waitFor();
    const backgroundOf = () =>
      section.evaluate((element) => getComputedStyle(element).backgroundImage);
    // Below the fold: nothing loads for it with the first screen.
    assert.equal(await backgroundOf(), 'none');
    await section.scrollIntoViewIfNeeded();
    await visitor.waitForFunction(
      (url) =>
        getComputedStyle(
          document.querySelector('section[aria-labelledby="contact-title"]'),
        ).backgroundImage.includes(url),
      image,
    );
    // The text stays on a solid panel above the image.
    const panel = await visitor
      .locator('#contact-title')
      .evaluate((title) => getComputedStyle(title.parentElement).backgroundColor);
    assert.equal(panel, 'rgb(255, 255, 255)');

    await adminPage.getByRole('button', { name: 'Reset to Default' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: 'Reset' }).click();
    await adminPage.getByText('Contact section reset to default successfully').waitFor();
    assert.deepEqual(visitor.pageErrors, []);
  });

  test('markup or a javascript: link saved as content never runs; non-admins cannot save', async () => {
    await assert.rejects(
      admin.put('/api/about-section', {
        title: 'About',
        buttonText: 'Go',
        buttonLink: 'javascript:window.__pwned=1',
      }),
      /400/,
    );
    await admin.put('/api/about-section', {
      title: 'About <script>window.__pwned=1</script>us',
      description: '<img src=x onerror="window.__pwned=1">Hello',
    });
    const buyer = await apiAs(stack, `content-buyer-${Date.now()}@e2e.test`, 'secret123', 'Buyer');
    await assert.rejects(buyer.put('/api/about-section', { title: 'Hacked' }), /403/);

    const visitor = await visitHome();
    await visitor.getByRole('heading', { name: 'About us' }).waitFor();
    assert.equal(await visitor.evaluate(() => window.__pwned), undefined);
    assert.equal(await visitor.locator('img[src="x"]').count(), 0);
    await admin.post('/about-section/reset');
  });
});
