import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { startPaypalDouble } from '../index.mjs';
import { issueOf, packageOrder, paypalClient } from '../test-support/rest-client.mjs';

let double;
let client;
before(async () => {
  double = await startPaypalDouble({ allowedOrigins: ['http://127.0.0.1:4200'] });
  client = await paypalClient(double.url);
});
afterEach(() => double.resetBehavior());
after(() => double.stop());

async function approvedOrder(order = packageOrder()) {
  const { body } = await client.createOrder(order);
  double.approve(body.id);
  return body.id;
}

describe('capture outcomes', () => {
  test('DECLINED answers 422 INSTRUMENT_DECLINED with a redirect link; the buyer can retry', async () => {
    const id = await approvedOrder();
    double.setBehavior({ capture: 'DECLINED' });
    const { status, body } = await client.capture(id);
    assert.equal(status, 422);
    assert.equal(body.name, 'UNPROCESSABLE_ENTITY');
    assert.equal(issueOf(body), 'INSTRUMENT_DECLINED');
    const redirect = body.links.find((link) => link.rel === 'redirect');
    assert.equal(redirect.href, `${double.url}/checkoutnow?token=${id}`);
    assert.equal((await client.getOrder(id)).body.status, 'APPROVED');

    double.resetBehavior();
    const retry = await client.capture(id);
    assert.equal(retry.status, 201);
    assert.equal(retry.body.purchase_units[0].payments.captures[0].status, 'COMPLETED');
  });

  test('the other documented declines answer 422 with their own issue; the order stays APPROVED', async () => {
    for (const issue of [
      'TRANSACTION_REFUSED',
      'PAYER_CANNOT_PAY',
      'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING',
    ]) {
      const id = await approvedOrder();
      double.setBehavior({ capture: issue });
      const { status, body } = await client.capture(id);
      assert.equal(status, 422, issue);
      assert.equal(issueOf(body), issue);
      // Only the declines that send the buyer back to PayPal link there.
      const redirects = body.links.filter((link) => link.rel === 'redirect');
      assert.equal(redirects.length, issue === 'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING' ? 1 : 0);
      assert.equal((await client.getOrder(id)).body.status, 'APPROVED');
    }
  });

  test('PENDING completes the order with a capture pending review', async () => {
    const id = await approvedOrder();
    double.setBehavior({ capture: 'PENDING' });
    const { status, body } = await client.capture(id);
    assert.equal(status, 201);
    assert.equal(body.status, 'COMPLETED');
    const [capture] = body.purchase_units[0].payments.captures;
    assert.equal(capture.status, 'PENDING');
    assert.deepEqual(capture.status_details, { reason: 'PENDING_REVIEW' });
  });

  test('captureAmount and captureCurrency make PayPal report a different captured amount', async () => {
    const id = await approvedOrder(packageOrder({ value: '25.00' }));
    double.setBehavior({ captureAmount: '0.01', captureCurrency: 'EUR' });
    const { body } = await client.capture(id);
    assert.deepEqual(body.purchase_units[0].payments.captures[0].amount, {
      currency_code: 'EUR',
      value: '0.01',
    });
    const stored = (await client.getOrder(id)).body;
    assert.equal(stored.purchase_units[0].amount.value, '25.00');
  });

  test('setBehavior merges, and a null key goes back to normal', () => {
    double.setBehavior({ capture: 'PENDING' });
    assert.deepEqual(double.setBehavior({ captureAmount: '1.00' }), {
      capture: 'PENDING',
      captureAmount: '1.00',
    });
    assert.deepEqual(double.setBehavior({ capture: null, captureAmount: null }), {
      capture: 'COMPLETED',
    });
    assert.throws(() => double.setBehavior({ capture: 'REFUSED' }), TypeError);
    assert.throws(() => double.setBehavior({ capture: 'ORDER_NOT_APPROVED' }), TypeError);
    assert.throws(() => double.setBehavior({ captureAmount: 5 }), TypeError);
    assert.throws(() => double.setBehavior({ decline: true }), TypeError);
  });
});

describe('failNext', () => {
  test('fails the next calls of one kind with PayPal’s error body, then recovers', async () => {
    const id = await approvedOrder();
    double.setBehavior({ failNext: { status: 503, times: 2, on: 'capture' } });
    const other = await client.getOrder(id);
    assert.equal(other.status, 200, 'other operations are untouched');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const { status, body } = await client.capture(id, { 'paypal-request-id': 'retry-me' });
      assert.equal(status, 503);
      assert.equal(body.name, 'SERVICE_UNAVAILABLE');
      assert.equal((await client.getOrder(id)).body.status, 'APPROVED', 'nothing was captured');
    }
    const third = await client.capture(id, { 'paypal-request-id': 'retry-me' });
    assert.equal(third.status, 201);
  });

  test('without `on` fails whatever REST call comes next, the token included', async () => {
    double.setBehavior({ failNext: { status: 429 } });
    const token = await fetch(`${double.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      body: 'grant_type=client_credentials',
    });
    assert.equal(token.status, 429);
    assert.equal((await token.json()).name, 'RATE_LIMIT_REACHED');
    assert.equal((await client.createOrder(packageOrder())).status, 201);
  });

  test('500 on create leaves no order behind', async () => {
    const before = double.orders().length;
    double.setBehavior({ failNext: { status: 500, on: 'create' } });
    const { status, body } = await client.createOrder(packageOrder());
    assert.equal(status, 500);
    assert.equal(body.name, 'INTERNAL_SERVER_ERROR');
    assert.equal(double.orders().length, before);
  });
});

describe('control endpoints under /__double', () => {
  test('a shop page (an allowed origin) may approve an order (CORS, preflight)', async () => {
    const { body: created } = await client.createOrder(packageOrder());
    const preflight = await fetch(`${double.url}/__double/orders/${created.id}/approve`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:4200',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), 'http://127.0.0.1:4200');
    assert.match(preflight.headers.get('access-control-allow-methods'), /POST/);
    assert.match(preflight.headers.get('access-control-allow-headers'), /content-type/);

    const approved = await fetch(`${double.url}/__double/orders/${created.id}/approve`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:4200' },
      body: JSON.stringify({ payerEmail: 'lin@example.com' }),
    });
    assert.equal(approved.status, 200);
    assert.equal(approved.headers.get('access-control-allow-origin'), 'http://127.0.0.1:4200');
    assert.equal((await approved.json()).payer.email_address, 'lin@example.com');
  });

  test('refuses to approve an order for an SDK loaded with another currency', async () => {
    const { body: created } = await client.createOrder(packageOrder({ currency: 'EUR' }));
    const response = await fetch(`${double.url}/__double/orders/${created.id}/approve`, {
      method: 'POST',
      body: JSON.stringify({ currency: 'USD', intent: 'capture' }),
    });
    assert.equal(response.status, 422);
    assert.match((await response.json()).message, /Unexpected currency: EUR/);
    assert.equal((await client.getOrder(created.id)).body.status, 'CREATED');
  });

  test('behavior can be read, set and reset over HTTP; bad input is a 400', async () => {
    const url = `${double.url}/__double/behavior`;
    const set = await fetch(url, { method: 'PUT', body: JSON.stringify({ capture: 'DECLINED' }) });
    assert.deepEqual(await set.json(), { capture: 'DECLINED' });
    assert.deepEqual(await (await fetch(url)).json(), { capture: 'DECLINED' });
    const bad = await fetch(url, { method: 'PUT', body: JSON.stringify({ capture: 'MAYBE' }) });
    assert.equal(bad.status, 400);
    assert.match((await bad.json()).message, /capture must be one of/);
    const reset = await fetch(url, { method: 'DELETE' });
    assert.deepEqual(await reset.json(), { capture: 'COMPLETED' });
  });

  test('GET /__double/orders lists the orders', async () => {
    const { body: created } = await client.createOrder(packageOrder());
    const { orders } = await (await fetch(`${double.url}/__double/orders`)).json();
    assert.ok(orders.some((order) => order.id === created.id && order.status === 'CREATED'));
  });
});
