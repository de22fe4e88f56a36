/* global window */
// The JS SDK stand-in in a real browser: a page loads /sdk/js from the double, renders
// paypal.Buttons, and a click goes createOrder → buyer approval on the double → onApprove.
import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, test } from 'node:test';
import { startPaypalDouble } from '../index.mjs';
import { launchBrowser, startShop } from '../test-support/browser.mjs';
import { CLIENT_ID, CLIENT_SECRET } from '../test-support/rest-client.mjs';

let double;
let shop;
let browser;
let page;

before(async () => {
  // The shop page may drive the double's controls; the double reads the list on every call.
  const shopOrigins = [];
  double = await startPaypalDouble({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    allowedOrigins: shopOrigins,
  });
  shop = await startShop(double.url);
  shopOrigins.push(new URL(shop.url).origin);
  browser = await launchBrowser();
  // One page for all tests: each test navigates, which gives it a fresh document and window.
  page = await browser.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
});
after(async () => {
  await browser?.close();
  await shop?.close();
  await double?.stop();
});
let pageErrors = [];
beforeEach(() => {
  pageErrors = [];
});
afterEach(() => {
  assert.deepEqual(pageErrors, [], 'uncaught errors in the page');
});

async function open(search = '') {
  await page.goto(`${shop.url}/${search}`);
}

/** Renders the buttons with callbacks that record into window.events. */
function mountButtons({ createOrder = 'server', style } = {}) {
  return page.evaluate(
    ({ createOrder, style }) => {
      const { record } = window;
      const createOrders = {
        server: () =>
          fetch('/create-order', { method: 'POST' })
            .then((response) => response.json())
            .then((order) => {
              record('createOrder', order.id);
              return order.id;
            }),
        throws: () => Promise.reject(new Error('the shop could not create the order')),
      };
      return window.paypal
        .Buttons({
          style,
          onClick: () => record('click'),
          createOrder: createOrders[createOrder],
          onApprove: (data) => record('approve', data),
          onCancel: (data) => record('cancel', data),
          onError: (error) => record('error', error.message),
          onInit: (_data, actions) => {
            window.buttonActions = actions;
          },
        })
        .render('#c');
    },
    { createOrder, style },
  );
}

const paypalButton = () => page.getByRole('button', { name: 'PayPal', exact: true });
const waitForEvent = (type) =>
  page.waitForFunction((wanted) => window.events.some((event) => event.type === wanted), type);
const events = () => page.evaluate(() => window.events);

test('clicking PayPal approves the server-created order and calls onApprove with its id', async () => {
  await open();
  await mountButtons();
  await paypalButton().click();
  await waitForEvent('approve');

  const recorded = await events();
  assert.deepEqual(
    recorded.map((event) => event.type),
    ['click', 'createOrder', 'approve'],
  );
  const orderId = recorded[1].data;
  const approval = recorded[2].data;
  assert.equal(approval.orderID, orderId);
  assert.equal(approval.paymentSource, 'paypal');
  assert.match(approval.facilitatorAccessToken, /^A21AA/);

  const order = double.orders().find((candidate) => candidate.id === orderId);
  assert.equal(order.status, 'APPROVED');
  assert.equal(approval.payerID, order.payer.payer_id);
});

test('Cancel payment calls onCancel with the order id and leaves the order unapproved', async () => {
  await open();
  await mountButtons();
  await page.getByRole('button', { name: 'Cancel payment' }).click();
  await waitForEvent('cancel');
  const recorded = await events();
  const orderId = recorded.find((event) => event.type === 'createOrder').data;
  assert.deepEqual(recorded.find((event) => event.type === 'cancel').data, { orderID: orderId });
  assert.equal(
    double.orders().find((order) => order.id === orderId).status,
    'PAYER_ACTION_REQUIRED',
  );
});

test('an error in createOrder reaches onError and nothing is approved', async () => {
  await open();
  await mountButtons({ createOrder: 'throws' });
  await paypalButton().click();
  await waitForEvent('error');
  const recorded = await events();
  assert.equal(
    recorded.find((event) => event.type === 'error').data,
    'the shop could not create the order',
  );
  assert.ok(!recorded.some((event) => event.type === 'approve'));
});

test('an SDK loaded for another currency than the order’s fails like PayPal’s', async () => {
  await open(`?sdk=${encodeURIComponent('client-id=coldmail-client&currency=EUR')}`);
  await mountButtons();
  await paypalButton().click();
  await waitForEvent('error');
  const recorded = await events();
  assert.match(recorded.find((event) => event.type === 'error').data, /Unexpected currency: USD/);
  assert.ok(!recorded.some((event) => event.type === 'approve'));
});

test('disabled through onInit actions: onClick still fires, checkout does not start', async () => {
  await open();
  await mountButtons();
  await page.evaluate(() => window.buttonActions.disable());
  assert.equal(await paypalButton().getAttribute('aria-disabled'), 'true');
  await paypalButton().click({ force: true });
  await waitForEvent('click');
  assert.deepEqual(
    (await events()).map((event) => event.type),
    ['click'],
  );

  // Then enabled, a click checks out. A checkout the disabled click had wrongly started would
  // show in this one's sequence (its own createOrder first), whatever the machine's speed.
  await page.evaluate(() => window.buttonActions.enable());
  await paypalButton().click();
  await waitForEvent('approve');
  assert.deepEqual(
    (await events()).map((event) => event.type),
    ['click', 'click', 'createOrder', 'approve'],
  );
});

test('the button follows style.color and style.shape', async () => {
  await open();
  await mountButtons({ style: { color: 'blue', shape: 'pill', height: 40 } });
  const style = await paypalButton().evaluate((button) => {
    const computed = window.getComputedStyle(button);
    return { background: computed.backgroundColor, radius: computed.borderRadius };
  });
  assert.deepEqual(style, { background: 'rgb(0, 112, 186)', radius: '20px' });
});

test('the script honours data-namespace and components, and refuses an unknown client-id', async () => {
  await open(`?namespace=paypalDouble&sdk=${encodeURIComponent('client-id=coldmail-client')}`);
  assert.deepEqual(
    await page.evaluate(() => ({
      default: typeof window.paypal,
      named: typeof window.paypalDouble.Buttons,
      funding: window.paypalDouble.getFundingSources().includes(window.paypalDouble.FUNDING.PAYPAL),
      eligible: window.paypalDouble.isFundingEligible('paypal'),
    })),
    { default: 'undefined', named: 'function', funding: true, eligible: true },
  );

  await open(`?sdk=${encodeURIComponent('client-id=coldmail-client&components=marks')}`);
  assert.equal(await page.evaluate(() => typeof window.paypal.Buttons), 'undefined');

  await open(`?sdk=${encodeURIComponent('client-id=someone-else')}`);
  await waitForEvent('script-error');
  assert.equal(await page.evaluate(() => typeof window.paypal), 'undefined');
});
