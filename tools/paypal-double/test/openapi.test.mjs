// The double's answers, held to PayPal's own published OpenAPI documents (openapi/README.md).
// The REST client checks every answer it gets (test-support/openapi.mjs): here each operation the
// API uses is driven through its successes and its documented failures, and the webhook events'
// resources are checked against the schemas of what they carry.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, afterEach, before, describe, test } from 'node:test';
import { startPaypalDouble } from '../index.mjs';
import { assertDocumentedAnswer, assertSchema } from '../test-support/openapi.mjs';
import { issueOf, packageOrder, paypalClient } from '../test-support/rest-client.mjs';

let double;
let client;
let receiver;
const received = [];
before(async () => {
  double = await startPaypalDouble({ webhookId: 'WEBHOOKOPENAPI' });
  client = await paypalClient(double.url);
  receiver = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    received.push({ headers: req.headers, body });
    res.writeHead(200).end('ok');
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterEach(() => double.resetBehavior());
after(async () => {
  await double.stop();
  await new Promise((resolve) => receiver.close(resolve));
});

const representation = { prefer: 'return=representation' };
const refund = (captureId, json = {}, headers = {}) =>
  client.call('POST', `/v2/payments/captures/${captureId}/refund`, { json, headers });

async function capturedOrder(value = '9.00') {
  const { body } = await client.createOrder(packageOrder({ value, handling: '0.30' }));
  double.approve(body.id);
  const captured = await client.capture(body.id);
  return { orderId: body.id, captureId: captured.body.purchase_units[0].payments.captures[0].id };
}

describe('the check itself', () => {
  test('refuses a status the operation does not list, and an issue it does not document', () => {
    // A refund replayed as 200: the refund operation lists 201 only.
    assert.throws(
      () => assertDocumentedAnswer('POST', '/v2/payments/captures/X/refund', 200, {}),
      /not a status the operation may return/,
    );
    const refusal = (issue, description) => ({
      name: 'UNPROCESSABLE_ENTITY',
      message:
        'The requested action could not be performed, semantically incorrect, or failed business validation.',
      details: [{ issue, description }],
    });
    assert.throws(
      () =>
        assertDocumentedAnswer(
          'POST',
          '/v2/checkout/orders/X/capture',
          422,
          refusal('REFUND_NOT_ALLOWED', 'Capture cannot be refunded.'),
        ),
      /orders\.capture-422|must match/,
    );
    assert.throws(
      () =>
        assertDocumentedAnswer(
          'POST',
          '/v2/checkout/orders/X/capture',
          422,
          refusal('TRANSACTION_REFUSED', 'Refused, in other words.'),
        ),
      /must be equal to one of the allowed values/,
    );
    assert.throws(
      () => assertDocumentedAnswer('GET', '/v2/checkout/orders/X', 404, { name: 'NOT_FOUND' }),
      /must be equal to one of the allowed values/,
    );
    assertDocumentedAnswer(
      'POST',
      '/v2/checkout/orders/X/capture',
      422,
      refusal('TRANSACTION_REFUSED', 'The request was refused.'),
    );
  });
});

describe('Orders v2', () => {
  test('create, get and capture answer documented orders', async () => {
    const created = await client.createOrder(
      {
        ...packageOrder({ value: '12.50', handling: '0.50' }),
        payment_source: { paypal: { experience_context: { shipping_preference: 'NO_SHIPPING' } } },
      },
      representation,
    );
    assert.equal(created.status, 201);
    const minimal = await client.createOrder(packageOrder({ value: '3.00', handling: '0.10' }));
    assert.equal(minimal.status, 201);
    double.approve(created.body.id);
    assert.equal((await client.getOrder(created.body.id)).status, 200);
    const captured = await client.capture(created.body.id, representation);
    assert.equal(captured.status, 201);
    assertSchema('payments', 'capture-2', captured.body.purchase_units[0].payments.captures[0]);
  });

  test('replays of create and capture answer 200, as documented', async () => {
    const first = await client.createOrder(packageOrder(), { 'paypal-request-id': 'oa-create' });
    const again = await client.createOrder(packageOrder(), { 'paypal-request-id': 'oa-create' });
    assert.deepEqual([first.status, again.status], [201, 200]);
    double.approve(first.body.id);
    const headers = { 'paypal-request-id': 'oa-capture' };
    const captured = await client.capture(first.body.id, headers);
    const replayed = await client.capture(first.body.id, headers);
    assert.deepEqual([captured.status, replayed.status], [201, 200]);
  });

  test('their failures are documented statuses with PayPal’s error bodies', async () => {
    const invalid = await client.createOrder({ purchase_units: [] });
    assert.equal(invalid.status, 400);
    const mismatch = packageOrder();
    mismatch.purchase_units[0].amount.breakdown.handling.value = '0.01';
    assert.equal((await client.createOrder(mismatch)).status, 422);
    assert.equal((await client.createOrder(packageOrder({ payee: {} }))).status, 422);
    const many = packageOrder();
    many.purchase_units.push({ ...many.purchase_units[0] });
    const references = await client.createOrder(many);
    assert.equal(issueOf(references.body), 'REFERENCE_ID_REQUIRED');
    assert.equal((await client.getOrder('NOSUCHORDER000001')).status, 404);
    const unsupported = await client.call('POST', '/v2/checkout/orders', {
      headers: { 'content-type': 'text/plain' },
      json: JSON.stringify(packageOrder()),
    });
    assert.equal(unsupported.status, 415);

    const { body } = await client.createOrder(packageOrder());
    assert.equal(issueOf((await client.capture(body.id)).body), 'ORDER_NOT_APPROVED');
    double.approve(body.id);
    for (const capture of ['DECLINED', 'TRANSACTION_REFUSED', 'PAYER_CANNOT_PAY']) {
      double.setBehavior({ capture });
      assert.equal((await client.capture(body.id)).status, 422, capture);
    }
    double.resetBehavior();
    await client.capture(body.id);
    assert.equal(issueOf((await client.capture(body.id)).body), 'ORDER_ALREADY_CAPTURED');
  });

  test('injected outages answer documented 500 and 503 bodies', async () => {
    for (const [status, on] of [
      [500, 'create'],
      [503, 'get'],
      [500, 'capture'],
    ]) {
      double.setBehavior({ failNext: { status, on } });
      const answer =
        on === 'create'
          ? await client.createOrder(packageOrder())
          : on === 'get'
            ? await client.getOrder('ANYORDER000000001')
            : await client.capture('ANYORDER000000001');
      assert.equal(answer.status, status, on);
    }
  });
});

describe('Payments v2', () => {
  test('a capture, its refunds and their failures are documented', async () => {
    const { captureId } = await capturedOrder('20.00');
    assert.equal((await client.call('GET', `/v2/payments/captures/${captureId}`)).status, 200);
    const partial = await refund(
      captureId,
      { amount: { value: '5.00', currency_code: 'USD' } },
      representation,
    );
    assert.equal(partial.status, 201);
    const partly = await client.call('GET', `/v2/payments/captures/${captureId}`);
    assert.equal(partly.body.status, 'PARTIALLY_REFUNDED');
    const read = await client.call('GET', `/v2/payments/refunds/${partial.body.id}`);
    assert.equal(read.status, 200);

    const refusals = [
      [{ amount: { value: '99.00', currency_code: 'USD' } }, 'REFUND_AMOUNT_EXCEEDED'],
      [{ amount: { value: '1.00', currency_code: 'EUR' } }, 'REFUND_CAPTURE_CURRENCY_MISMATCH'],
      [{ amount: { value: '1.001', currency_code: 'USD' } }, 'DECIMAL_PRECISION'],
    ];
    for (const [json, issue] of refusals) {
      const refused = await refund(captureId, json);
      assert.equal(refused.status, 422, issue);
      assert.equal(issueOf(refused.body), issue);
    }
    const minimal = await refund(captureId, {}, { 'paypal-request-id': 'oa-refund' });
    const replayed = await refund(captureId, {}, { 'paypal-request-id': 'oa-refund' });
    assert.deepEqual([minimal.status, replayed.status], [201, 201]);
    assert.equal(issueOf((await refund(captureId)).body), 'CAPTURE_FULLY_REFUNDED');

    double.setBehavior({ refund: 'IN_PROGRESS' });
    assert.equal((await refund(captureId)).status, 409);
    double.setBehavior({ capture: 'PENDING' });
    const pending = await capturedOrder();
    double.resetBehavior();
    assert.equal(issueOf((await refund(pending.captureId)).body), 'PENDING_CAPTURE');
    assert.equal((await refund('NOSUCHCAPTURE0001')).status, 404);
    assert.equal((await client.call('GET', '/v2/payments/refunds/NOSUCHREFUND00001')).status, 404);
    double.setBehavior({ failNext: { status: 503, on: 'refund' } });
    assert.equal((await refund(captureId)).status, 503);
  });
});

describe('Webhooks v1', () => {
  test('events carry documented resources, and verification answers as documented', async () => {
    const { orderId } = await capturedOrder();
    const url = `http://127.0.0.1:${receiver.address().port}/webhook`;
    const completed = double.captureEvent(orderId, 'PAYMENT.CAPTURE.COMPLETED');
    assertSchema('payments', 'capture-2', completed.resource);
    await double.sendWebhook(url, completed);
    const delivery = received.at(-1);
    const fields = {
      auth_algo: delivery.headers['paypal-auth-algo'],
      cert_url: delivery.headers['paypal-cert-url'],
      transmission_id: delivery.headers['paypal-transmission-id'],
      transmission_sig: delivery.headers['paypal-transmission-sig'],
      transmission_time: delivery.headers['paypal-transmission-time'],
      webhook_id: 'WEBHOOKOPENAPI',
    };
    const request = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${delivery.body}}`;
    assertSchema('webhooks', 'verify_webhook_signature', {
      ...fields,
      webhook_event: JSON.parse(delivery.body),
    });
    const verified = await client.verify(request);
    assert.equal(verified.body.verification_status, 'SUCCESS');
    const { webhook_id: _missing, ...incomplete } = fields;
    assert.equal((await client.verify(JSON.stringify(incomplete))).status, 400);

    const partial = double.captureEvent(orderId, 'PAYMENT.CAPTURE.REFUNDED', {
      refundAmount: '2.00',
    });
    assertSchema('payments', 'refund', partial.resource);
    assertSchema(
      'payments',
      'refund',
      double.captureEvent(orderId, 'PAYMENT.CAPTURE.REVERSED').resource,
    );
    const capture = await client.call('GET', `/v2/payments/captures/${completed.resource.id}`);
    assert.equal(capture.body.status, 'REFUNDED');
  });

  test('dispute events carry disputes as the Disputes v1 document describes them', async () => {
    const { orderId } = await capturedOrder();
    assertSchema(
      'disputes',
      'dispute',
      double.captureEvent(orderId, 'CUSTOMER.DISPUTE.CREATED').resource,
    );
    const resolved = double.captureEvent(orderId, 'CUSTOMER.DISPUTE.RESOLVED');
    assertSchema('disputes', 'dispute', resolved.resource);
    assertSchema('disputes', 'dispute_outcome', resolved.resource.dispute_outcome);
  });
});
