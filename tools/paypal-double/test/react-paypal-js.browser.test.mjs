/* global window */
// The checkout remote's exact integration against the stand-in, unchanged: @paypal/react-paypal-js
// loads /sdk/js through its own loader (sdkBaseUrl, data-* attributes, query string), renders
// PayPalButtons, and drives `disabled` through the onInit actions.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { after, before, test } from 'node:test';
import { build } from 'vite';
import { startPaypalDouble } from '../index.mjs';
import { launchBrowser, startShop } from '../test-support/browser.mjs';
import { CLIENT_ID } from '../test-support/rest-client.mjs';

let double;
let shop;
let browser;
let page;
const pageErrors = [];

async function bundleCheckout() {
  const entry = fileURLToPath(new URL('../test-support/react-checkout.js', import.meta.url));
  const result = await build({
    root: fileURLToPath(new URL('../test-support/', import.meta.url)),
    configFile: false,
    logLevel: 'silent',
    mode: 'production',
    build: { write: false, minify: false, modulePreload: false, rollupOptions: { input: entry } },
  });
  const [output] = Array.isArray(result) ? result : [result];
  return output.output.find((chunk) => chunk.type === 'chunk' && chunk.isEntry).code;
}

before(async () => {
  // The shop page may drive the double's controls (the SDK stand-in's approve); it gets its
  // address once started, and the double reads the list on every call.
  const shopOrigins = [];
  double = await startPaypalDouble({ clientId: CLIENT_ID, allowedOrigins: shopOrigins });
  shop = await startShop(double.url, {
    '/checkout': [
      'text/html',
      '<!doctype html><html lang="en"><body><div id="root"></div><script type="module" src="/checkout.js"></script></body></html>',
    ],
    '/checkout.js': ['text/javascript', await bundleCheckout()],
  });
  shopOrigins.push(new URL(shop.url).origin);
  browser = await launchBrowser();
  page = await browser.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const query = new URLSearchParams({ clientId: CLIENT_ID, sdkBaseUrl: `${double.url}/sdk/js` });
  await page.goto(`${shop.url}/checkout?${query}`);
});
after(async () => {
  await browser?.close();
  await shop?.close();
  await double?.stop();
});

const paypalButton = () => page.getByRole('button', { name: 'PayPal', exact: true });
const eventTypes = () => page.evaluate(() => window.events.map((event) => event.type));

test('PayPalScriptProvider loads the stand-in from sdkBaseUrl with its usual script tag', async () => {
  await paypalButton().waitFor();
  const script = await page.evaluate(() => {
    const tag = window.document.querySelector('script[data-react-paypal-script-id]');
    return { src: tag.src, library: tag.getAttribute('data-js-sdk-library') };
  });
  const src = new URL(script.src);
  assert.equal(`${src.origin}${src.pathname}`, `${double.url}/sdk/js`);
  assert.equal(src.searchParams.get('client-id'), CLIENT_ID);
  assert.equal(src.searchParams.get('currency'), 'USD');
  assert.equal(src.searchParams.get('intent'), 'capture');
  assert.equal(script.library, 'react-paypal-js');
});

test('the disabled prop disables the buttons; onClick still fires but checkout waits', async () => {
  await page.evaluate(() => window.setDisabled(true));
  await page.waitForFunction(
    () =>
      window.document.querySelector('[aria-label="PayPal"]')?.getAttribute('aria-disabled') ===
      'true',
  );
  await paypalButton().click({ force: true });
  await page.waitForFunction(() => window.events.length > 0);
  assert.deepEqual(await eventTypes(), ['click']);
  await page.evaluate(() => window.setDisabled(false));
  await page.waitForFunction(
    () => !window.document.querySelector('[aria-label="PayPal"]')?.hasAttribute('aria-disabled'),
  );
  // Enabled, a click checks out. A checkout the disabled click had wrongly started would show
  // in this one's sequence (its own createOrder first), whatever the machine's speed.
  await paypalButton().click();
  await page.waitForFunction(() => window.events.some((event) => event.type === 'approve'));
  assert.deepEqual(await eventTypes(), ['click', 'click', 'createOrder', 'approve']);
});

test('clicking PayPal runs createOrder, approval and onApprove through react-paypal-js', async () => {
  await page.evaluate(() => {
    window.events.length = 0;
  });
  await paypalButton().click();
  await page.waitForFunction(() => window.events.some((event) => event.type === 'approve'));
  const events = await page.evaluate(() => window.events);
  assert.deepEqual(
    events.map((event) => event.type),
    ['click', 'createOrder', 'approve'],
  );
  const orderId = events[1].data;
  assert.equal(events[2].data.orderID, orderId);
  const order = double.orders().find((candidate) => candidate.id === orderId);
  assert.equal(order.status, 'APPROVED');
  assert.equal(events[2].data.payerID, order.payer.payer_id);
  assert.deepEqual(pageErrors, []);
});
