import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { startPaypalDouble } from '../index.mjs';
import { issueOf, packageOrder, paypalClient } from '../test-support/rest-client.mjs';

let double;
let client;
before(async () => {
  double = await startPaypalDouble();
  client = await paypalClient(double.url);
});
afterEach(() => double.resetBehavior());
after(() => double.stop());

async function capturedOrder() {
  const { body } = await client.createOrder(packageOrder({ value: '12.50', handling: '0.50' }));
  double.approve(body.id);
  const captured = await client.capture(body.id);
  return { orderId: body.id, captureId: captured.body.purchase_units[0].payments.captures[0].id };
}

const refund = (captureId, { requestId, prefer, json = {} } = {}) =>
  client.call('POST', `/v2/payments/captures/${captureId}/refund`, {
    json,
    headers: {
      ...(requestId ? { 'paypal-request-id': requestId } : {}),
      ...(prefer ? { prefer } : {}),
    },
  });
const getRefund = (id) => client.call('GET', `/v2/payments/refunds/${id}`);

describe('POST /v2/payments/captures/:id/refund', () => {
  test('refunds the whole capture once; the order then shows the capture REFUNDED', async () => {
    const { orderId, captureId } = await capturedOrder();
    const first = await refund(captureId, { requestId: 'refund-1' });
    assert.equal(first.status, 201);
    // PayPal's default answer is the minimal one.
    assert.deepEqual(Object.keys(first.body).sort(), ['id', 'links', 'status']);
    assert.equal(first.body.status, 'COMPLETED');
    const up = first.body.links.find((link) => link.rel === 'up');
    assert.ok(up.href.endsWith(`/v2/payments/captures/${captureId}`));

    // A replay answers the first answer again, 201 (the only success the document lists).
    const replay = await refund(captureId, { requestId: 'refund-1' });
    assert.equal(replay.status, 201);
    assert.deepEqual(replay.body, first.body);
    const again = await refund(captureId, { requestId: 'refund-2' });
    assert.equal(again.status, 422);
    assert.equal(issueOf(again.body), 'CAPTURE_FULLY_REFUNDED');
    const order = await client.getOrder(orderId);
    assert.equal(order.body.purchase_units[0].payments.captures[0].status, 'REFUNDED');
    assert.deepEqual(
      order.body.purchase_units[0].payments.refunds.map((made) => made.id),
      [first.body.id],
    );
  });

  test('Prefer: return=representation answers the whole refund', async () => {
    const { captureId } = await capturedOrder();
    const { status, body } = await refund(captureId, {
      prefer: 'return=representation',
      json: { amount: { value: '2.50', currency_code: 'USD' }, note_to_payer: 'Sorry' },
    });
    assert.equal(status, 201);
    assert.deepEqual(body.amount, { currency_code: 'USD', value: '2.50' });
    assert.equal(body.note_to_payer, 'Sorry');
    assert.equal(body.custom_id, packageOrder().purchase_units[0].custom_id);
  });

  test('a pending capture cannot be refunded yet (PENDING_CAPTURE), a declined one not at all', async () => {
    double.setBehavior({ capture: 'PENDING' });
    const pending = await capturedOrder();
    const early = await refund(pending.captureId);
    assert.equal(early.status, 422);
    assert.equal(issueOf(early.body), 'PENDING_CAPTURE');

    double.setBehavior({ capture: 'CAPTURE_DECLINED' });
    const declined = await capturedOrder();
    const refused = await refund(declined.captureId);
    assert.equal(refused.status, 422);
    assert.equal(issueOf(refused.body), 'REFUND_NOT_ALLOWED');
  });

  test('IN_PROGRESS answers 409 PREVIOUS_REQUEST_IN_PROGRESS and refunds nothing', async () => {
    const { orderId, captureId } = await capturedOrder();
    double.setBehavior({ refund: 'IN_PROGRESS' });
    const busy = await refund(captureId);
    assert.equal(busy.status, 409);
    assert.equal(busy.body.name, 'RESOURCE_CONFLICT');
    assert.equal(issueOf(busy.body), 'PREVIOUS_REQUEST_IN_PROGRESS');
    const order = (await client.getOrder(orderId)).body;
    assert.equal(order.purchase_units[0].payments.captures[0].status, 'COMPLETED');
  });

  test('answers 404 for a capture it does not know', async () => {
    const response = await refund('NOSUCHCAPTURE0001');
    assert.equal(response.status, 404);
    assert.equal(response.body.name, 'RESOURCE_NOT_FOUND');
  });
});

describe('GET /v2/payments/refunds/:id', () => {
  test('serves the refund its self link names', async () => {
    const { captureId } = await capturedOrder();
    const made = await refund(captureId, {
      json: { amount: { value: '4.00', currency_code: 'USD' } },
    });
    const self = made.body.links.find((link) => link.rel === 'self');
    assert.equal(self.href, `${double.url}/v2/payments/refunds/${made.body.id}`);
    const read = await getRefund(made.body.id);
    assert.equal(read.status, 200);
    assert.equal(read.body.id, made.body.id);
    assert.deepEqual(read.body.amount, { currency_code: 'USD', value: '4.00' });
    assert.deepEqual(read.body.links, made.body.links);
  });

  test('answers 404 RESOURCE_NOT_FOUND (INVALID_RESOURCE_ID) for a refund it does not know', async () => {
    const { status, body } = await getRefund('NOSUCHREFUND00001');
    assert.equal(status, 404);
    assert.equal(body.name, 'RESOURCE_NOT_FOUND');
    assert.deepEqual(body.details[0], {
      field: 'refund_id',
      value: 'NOSUCHREFUND00001',
      location: 'path',
      issue: 'INVALID_RESOURCE_ID',
      description:
        'Specified resource ID does not exist. Please check the resource ID and try again.',
    });
  });
});
