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

async function capturedOrder() {
  const { body } = await client.createOrder(packageOrder({ value: '12.50', handling: '0.50' }));
  double.approve(body.id);
  const captured = await client.capture(body.id);
  return { orderId: body.id, captureId: captured.body.purchase_units[0].payments.captures[0].id };
}

const refund = (captureId, requestId) =>
  client.call('POST', `/v2/payments/captures/${captureId}/refund`, {
    json: {},
    headers: requestId ? { 'paypal-request-id': requestId } : {},
  });

describe('POST /v2/payments/captures/:id/refund', () => {
  test('refunds the whole capture once; the order then shows the capture REFUNDED', async () => {
    const { orderId, captureId } = await capturedOrder();
    const first = await refund(captureId, 'refund-1');
    assert.equal(first.status, 201);
    assert.equal(first.body.status, 'COMPLETED');
    assert.deepEqual(first.body.amount, { currency_code: 'USD', value: '12.50' });
    const up = first.body.links.find((link) => link.rel === 'up');
    assert.ok(up.href.endsWith(`/v2/payments/captures/${captureId}`));

    const replay = await refund(captureId, 'refund-1');
    assert.deepEqual(replay.body, first.body);
    const again = await refund(captureId, 'refund-2');
    assert.equal(again.status, 422);
    assert.equal(issueOf(again.body), 'CAPTURE_FULLY_REFUNDED');
    const order = await client.getOrder(orderId);
    assert.equal(order.body.purchase_units[0].payments.captures[0].status, 'REFUNDED');
  });

  test('answers 404 for a capture it does not know', async () => {
    const response = await refund('NOSUCHCAPTURE0001');
    assert.equal(response.status, 404);
    assert.equal(response.body.name, 'RESOURCE_NOT_FOUND');
  });

  test('refund and dispute webhooks carry the capture they are about', async () => {
    const { orderId, captureId } = await capturedOrder();
    const dispute = double.captureEvent(orderId, 'CUSTOMER.DISPUTE.CREATED');
    assert.equal(dispute.resource.disputed_transactions[0].seller_transaction_id, captureId);
    const refunded = double.captureEvent(orderId, 'PAYMENT.CAPTURE.REFUNDED');
    assert.equal(refunded.resource_type, 'refund');
    const up = refunded.resource.links.find((link) => link.rel === 'up');
    assert.ok(up.href.endsWith(`/captures/${captureId}`));
  });
});
