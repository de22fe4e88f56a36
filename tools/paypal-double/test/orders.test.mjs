import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startPaypalDouble } from '../index.mjs';
import { issueOf, packageOrder, paypalClient } from '../test-support/rest-client.mjs';

let double;
let client;
before(async () => {
  double = await startPaypalDouble();
  client = await paypalClient(double.url);
});
after(() => double.stop());

const money = (value, currency = 'USD') => ({ currency_code: currency, value });

describe('POST /v2/checkout/orders', () => {
  test('creates an order and answers with its HATEOAS links', async () => {
    const { status, body } = await client.createOrder(packageOrder());
    assert.equal(status, 201);
    assert.match(body.id, /^[0-9A-Z]{17}$/);
    assert.equal(body.status, 'CREATED');
    const rels = Object.fromEntries(body.links.map((link) => [link.rel, link]));
    assert.deepEqual(Object.keys(rels), ['self', 'approve', 'update', 'capture']);
    assert.equal(rels.self.href, `${double.url}/v2/checkout/orders/${body.id}`);
    assert.equal(rels.approve.href, `${double.url}/checkoutnow?token=${body.id}`);
    assert.equal(rels.capture.method, 'POST');
    assert.equal(body.purchase_units, undefined, 'minimal representation by default');
  });

  test('an order for a PayPal payment_source waits for the buyer: PAYER_ACTION_REQUIRED, payer-action only', async () => {
    const order = {
      ...packageOrder(),
      payment_source: { paypal: { experience_context: { shipping_preference: 'NO_SHIPPING' } } },
    };
    const { status, body } = await client.createOrder(order);
    assert.equal(status, 201);
    assert.equal(body.status, 'PAYER_ACTION_REQUIRED');
    assert.deepEqual(
      body.links.map((link) => [link.rel, link.method]),
      [
        ['self', 'GET'],
        ['payer-action', 'GET'],
      ],
    );
    assert.equal(body.links[1].href, `${double.url}/checkoutnow?token=${body.id}`);
    assert.equal((await client.getOrder(body.id)).body.status, 'PAYER_ACTION_REQUIRED');
    const early = await client.capture(body.id);
    assert.equal(issueOf(early.body), 'ORDER_NOT_APPROVED');

    double.approve(body.id);
    const approved = (await client.getOrder(body.id)).body;
    assert.equal(approved.status, 'APPROVED');
    assert.deepEqual(
      approved.links.map((link) => link.rel),
      ['self', 'update', 'capture'],
    );
    assert.equal((await client.capture(body.id)).status, 201);
  });

  test('a payee named in the request is the one paid; an unusable payee is PAYEE_ACCOUNT_INVALID', async () => {
    const payee = { email_address: 'other-shop@business.example.com' };
    const { body } = await client.createOrder(packageOrder({ payee }), {
      prefer: 'return=representation',
    });
    const named = body.purchase_units[0].payee;
    assert.equal(named.email_address, payee.email_address);
    assert.match(named.merchant_id, /^[2-9A-HJ-NP-Z]{13}$/);
    const ours = (await client.createOrder(packageOrder(), { prefer: 'return=representation' }))
      .body.purchase_units[0].payee;
    assert.notEqual(named.merchant_id, ours.merchant_id);
    double.approve(body.id);
    const captured = await client.capture(body.id);
    assert.deepEqual(captured.body.purchase_units[0].payments.captures[0].payee, named);

    const byId = await client.createOrder(
      packageOrder({ payee: { merchant_id: 'ZZZZ2345ABCDE' } }),
      {
        prefer: 'return=representation',
      },
    );
    assert.deepEqual(byId.body.purchase_units[0].payee, { merchant_id: 'ZZZZ2345ABCDE' });
    for (const bad of [{}, { merchant_id: 'not-an-id' }, { email_address: 'nobody' }]) {
      const refused = await client.createOrder(packageOrder({ payee: bad }));
      assert.equal(refused.status, 422);
      assert.equal(issueOf(refused.body), 'PAYEE_ACCOUNT_INVALID');
    }
  });

  test('returns the full order with Prefer: return=representation, amounts normalised', async () => {
    const order = packageOrder({ value: '10', handling: '1' });
    const { status, body } = await client.createOrder(order, { prefer: 'return=representation' });
    assert.equal(status, 201);
    assert.equal(body.intent, 'CAPTURE');
    const [unit] = body.purchase_units;
    assert.equal(unit.reference_id, 'default');
    assert.deepEqual(unit.amount, {
      currency_code: 'USD',
      value: '10.00',
      breakdown: { item_total: money('9.00'), handling: money('1.00') },
    });
    assert.equal(unit.custom_id, order.purchase_units[0].custom_id);
    assert.equal(unit.invoice_id, order.purchase_units[0].invoice_id);
    assert.equal(unit.description, 'Starter package: 100 credits');
    assert.ok(unit.payee.merchant_id);
  });

  test('rejects a breakdown that does not add up to the total with AMOUNT_MISMATCH', async () => {
    const order = packageOrder();
    order.purchase_units[0].amount.breakdown.handling.value = '0.49';
    const { status, body } = await client.createOrder(order);
    assert.equal(status, 422);
    assert.equal(body.name, 'UNPROCESSABLE_ENTITY');
    assert.equal(issueOf(body), 'AMOUNT_MISMATCH');
    assert.equal(body.details[0].field, "/purchase_units/@reference_id=='default'/amount/value");
    assert.match(body.debug_id, /^[0-9a-f]{13}$/);
  });

  test('rejects items that do not add up to item_total with ITEM_TOTAL_MISMATCH', async () => {
    const order = packageOrder({
      items: [{ name: '100 credits', quantity: '2', unit_amount: money('4.00') }],
    });
    const { status, body } = await client.createOrder(order);
    assert.equal(status, 422);
    assert.equal(issueOf(body), 'ITEM_TOTAL_MISMATCH');
  });

  test('rejects more than two decimals and mixed currencies', async () => {
    const precise = await client.createOrder(
      packageOrder({ amount: { currency_code: 'USD', value: '10.001' } }),
    );
    assert.equal(precise.status, 422);
    assert.equal(issueOf(precise.body), 'DECIMAL_PRECISION');

    const mixed = packageOrder();
    mixed.purchase_units[0].amount.breakdown.handling.currency_code = 'EUR';
    const mixedReply = await client.createOrder(mixed);
    assert.equal(mixedReply.status, 422);
    assert.equal(issueOf(mixedReply.body), 'MULTI_CURRENCY_ORDER');
  });

  test('answers schema problems with 400 INVALID_REQUEST', async () => {
    const malformed = await client.call('POST', '/v2/checkout/orders', { json: '{"intent": ' });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.name, 'INVALID_REQUEST');
    assert.equal(issueOf(malformed.body), 'MALFORMED_REQUEST_JSON');

    const { intent: _intent, ...noIntent } = packageOrder();
    const missing = await client.createOrder(noIntent);
    assert.equal(missing.status, 400);
    assert.deepEqual(
      missing.body.details.map((d) => [d.issue, d.field]),
      [['MISSING_REQUIRED_PARAMETER', '/intent']],
    );

    const numeric = await client.createOrder(
      packageOrder({ amount: { currency_code: 'USD', value: 10 } }),
    );
    assert.equal(numeric.status, 400);
    assert.equal(issueOf(numeric.body), 'INVALID_PARAMETER_SYNTAX');
  });

  test('needs Content-Type: application/json, as PayPal does', async () => {
    const { status, body } = await client.call('POST', '/v2/checkout/orders', {
      headers: { 'content-type': 'text/plain' },
      json: JSON.stringify(packageOrder()),
    });
    assert.equal(status, 415);
    assert.equal(body.name, 'UNSUPPORTED_MEDIA_TYPE');
  });

  test('the same PayPal-Request-Id returns the same order instead of a second one', async () => {
    const before = double.orders().length;
    const headers = { 'paypal-request-id': 'create-order-665f1c2e' };
    const first = await client.createOrder(packageOrder(), headers);
    const again = await client.createOrder(packageOrder(), headers);
    // The documents' answer to an idempotent replay: 200 with the same order.
    assert.equal(first.status, 201);
    assert.equal(again.status, 200);
    assert.deepEqual(again.body, first.body);
    const other = await client.createOrder(packageOrder(), { 'paypal-request-id': 'another' });
    assert.notEqual(other.body.id, first.body.id);
    assert.equal(double.orders().length, before + 2);
  });
});

describe('GET /v2/checkout/orders/:id', () => {
  test('shows the order as it moves from CREATED to APPROVED', async () => {
    const { body: created } = await client.createOrder(packageOrder());
    const fresh = await client.getOrder(created.id);
    assert.equal(fresh.status, 200);
    assert.equal(fresh.body.status, 'CREATED');
    assert.equal(fresh.body.payer, undefined);

    double.approve(created.id, { payerEmail: 'ada@example.com' });
    const approved = await client.getOrder(created.id);
    assert.equal(approved.body.status, 'APPROVED');
    assert.equal(approved.body.payer.email_address, 'ada@example.com');
    assert.match(approved.body.payer.payer_id, /^[0-9A-Z]{13}$/);
    assert.equal(approved.body.payment_source.paypal.account_id, approved.body.payer.payer_id);
    assert.ok(!approved.body.links.some((link) => link.rel === 'approve'));
  });

  test('answers 404 RESOURCE_NOT_FOUND for an unknown order', async () => {
    const { status, body } = await client.getOrder('0ABCDEFGHIJKLMNOP');
    assert.equal(status, 404);
    assert.equal(body.name, 'RESOURCE_NOT_FOUND');
    assert.equal(issueOf(body), 'INVALID_RESOURCE_ID');
  });
});

describe('POST /v2/checkout/orders/:id/capture', () => {
  test('refuses an order the buyer has not approved with ORDER_NOT_APPROVED', async () => {
    const { body: created } = await client.createOrder(packageOrder());
    const { status, body } = await client.capture(created.id);
    assert.equal(status, 422);
    assert.equal(body.name, 'UNPROCESSABLE_ENTITY');
    assert.equal(issueOf(body), 'ORDER_NOT_APPROVED');
    assert.equal((await client.getOrder(created.id)).body.status, 'CREATED');
  });

  test('captures an approved order and echoes custom_id and invoice_id', async () => {
    const order = packageOrder({ value: '19.99', handling: '0.99' });
    const { body: created } = await client.createOrder(order);
    double.approve(created.id);
    const { status, body } = await client.capture(created.id, { 'paypal-request-id': 'cap-1' });
    assert.equal(status, 201);
    assert.equal(body.id, created.id);
    assert.equal(body.status, 'COMPLETED');
    assert.equal(body.payer.email_address, 'buyer@example.com');
    assert.equal(body.payment_source.paypal.email_address, 'buyer@example.com');
    const [capture] = body.purchase_units[0].payments.captures;
    assert.equal(capture.status, 'COMPLETED');
    assert.deepEqual(capture.amount, money('19.99'));
    assert.equal(capture.final_capture, true);
    assert.equal(capture.custom_id, order.purchase_units[0].custom_id);
    assert.equal(capture.invoice_id, order.purchase_units[0].invoice_id);
    assert.equal(capture.seller_protection.status, 'ELIGIBLE');
    const fees = capture.seller_receivable_breakdown;
    assert.equal(
      Math.round(Number(fees.net_amount.value) * 100) +
        Math.round(Number(fees.paypal_fee.value) * 100),
      1999,
    );

    const stored = await client.getOrder(created.id);
    assert.equal(stored.body.status, 'COMPLETED');
    assert.deepEqual(stored.body.purchase_units[0].payments.captures, [capture]);
    const byId = await client.call('GET', `/v2/payments/captures/${capture.id}`);
    assert.equal(byId.body.supplementary_data.related_ids.order_id, created.id);
  });

  test('a retry with the same PayPal-Request-Id gets the first answer; another id gets ORDER_ALREADY_CAPTURED', async () => {
    const { body: created } = await client.createOrder(packageOrder());
    double.approve(created.id);
    const first = await client.capture(created.id, { 'paypal-request-id': 'capture-abc' });
    const retry = await client.capture(created.id, { 'paypal-request-id': 'capture-abc' });
    assert.equal(first.status, 201);
    assert.equal(retry.status, 200);
    assert.deepEqual(retry.body, first.body);

    const other = await client.capture(created.id, { 'paypal-request-id': 'capture-xyz' });
    assert.equal(other.status, 422);
    assert.equal(issueOf(other.body), 'ORDER_ALREADY_CAPTURED');
    const bare = await client.capture(created.id);
    assert.equal(issueOf(bare.body), 'ORDER_ALREADY_CAPTURED');
  });

  test('refuses a second paid order with the same invoice_id (DUPLICATE_INVOICE_ID)', async () => {
    const invoice = 'inv-duplicate-1';
    const paid = (await client.createOrder(packageOrder({ invoice_id: invoice }))).body;
    double.approve(paid.id);
    assert.equal((await client.capture(paid.id)).status, 201);
    const again = (await client.createOrder(packageOrder({ invoice_id: invoice }))).body;
    double.approve(again.id);
    const { status, body } = await client.capture(again.id);
    assert.equal(status, 422);
    assert.equal(issueOf(body), 'DUPLICATE_INVOICE_ID');
  });

  test('needs Content-Type: application/json even with an empty body', async () => {
    const { body: created } = await client.createOrder(packageOrder());
    double.approve(created.id);
    const bare = await client.call('POST', `/v2/checkout/orders/${created.id}/capture`);
    assert.equal(bare.status, 415);
    const empty = await client.call('POST', `/v2/checkout/orders/${created.id}/capture`, {
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(empty.status, 201);
  });

  test('answers 404 for an unknown order', async () => {
    const { status, body } = await client.capture('0ABCDEFGHIJKLMNOP');
    assert.equal(status, 404);
    assert.equal(issueOf(body), 'INVALID_RESOURCE_ID');
  });
});

test('the approve link leads to a checkout page that sends the buyer back to return_url', async () => {
  const order = packageOrder();
  order.payment_source = {
    paypal: {
      experience_context: {
        return_url: 'http://shop.example/paypal/return',
        cancel_url: 'http://shop.example/paypal/cancel',
      },
    },
  };
  const { body: created } = await client.createOrder(order);
  const payerAction = created.links.find((link) => link.rel === 'payer-action');
  const page = await fetch(payerAction.href);
  assert.match(await page.text(), /Pay Now/);

  const approved = await fetch(`${double.url}/checkoutnow/approve`, {
    method: 'POST',
    body: new URLSearchParams({ token: created.id, payerEmail: 'grace@example.com' }),
    redirect: 'manual',
  });
  assert.equal(approved.status, 303);
  const back = new URL(approved.headers.get('location'));
  assert.equal(back.origin + back.pathname, 'http://shop.example/paypal/return');
  assert.equal(back.searchParams.get('token'), created.id);
  const stored = (await client.getOrder(created.id)).body;
  assert.equal(back.searchParams.get('PayerID'), stored.payer.payer_id);
  assert.equal(stored.payer.email_address, 'grace@example.com');
});
