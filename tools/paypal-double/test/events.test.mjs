// The events captureEvent makes: each describes one real refund, reversal or dispute, and the
// stored payment agrees with it afterwards.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startPaypalDouble } from '../index.mjs';
import { packageOrder, paypalClient } from '../test-support/rest-client.mjs';

let double;
let client;
before(async () => {
  double = await startPaypalDouble();
  client = await paypalClient(double.url);
});
after(() => double.stop());

async function capturedOrder(value = '10.00') {
  const { body } = await client.createOrder(packageOrder({ value, handling: '0.50' }));
  double.approve(body.id);
  const captured = await client.capture(body.id);
  return { orderId: body.id, captureId: captured.body.purchase_units[0].payments.captures[0].id };
}

const refundApi = (captureId, json = {}) =>
  client.call('POST', `/v2/payments/captures/${captureId}/refund`, {
    json,
    headers: { prefer: 'return=representation' },
  });
const stored = async (orderId) => (await client.getOrder(orderId)).body.purchase_units[0].payments;
const refundedValues = async (orderId) =>
  (await stored(orderId)).refunds.map((made) => made.amount.value);

describe('PAYMENT.CAPTURE.REFUNDED', () => {
  test('after a partial refund, an event without an amount refunds only what is left', async () => {
    const { orderId, captureId } = await capturedOrder('10.00');
    const partial = double.captureEvent(orderId, 'PAYMENT.CAPTURE.REFUNDED', {
      refundAmount: '4.00',
    });
    assert.equal(partial.resource.amount.value, '4.00');
    assert.equal((await stored(orderId)).captures[0].status, 'PARTIALLY_REFUNDED');

    const rest = double.captureEvent(orderId, 'PAYMENT.CAPTURE.REFUNDED');
    assert.equal(rest.resource_type, 'refund');
    assert.equal(rest.resource.amount.value, '6.00');
    assert.notEqual(rest.resource.id, partial.resource.id);
    const up = rest.resource.links.find((link) => link.rel === 'up');
    assert.ok(up.href.endsWith(`/captures/${captureId}`));
    assert.deepEqual(await refundedValues(orderId), ['4.00', '6.00']);
    assert.equal((await stored(orderId)).captures[0].status, 'REFUNDED');
  });

  test('after a refund the API made, an event without an amount is about that refund', async () => {
    const { orderId, captureId } = await capturedOrder('10.00');
    const made = await refundApi(captureId);
    const event = double.captureEvent(orderId, 'PAYMENT.CAPTURE.REFUNDED');
    assert.deepEqual(event.resource, made.body);
    // Sent again (PayPal's retry of the event), still that one refund.
    assert.equal(
      double.captureEvent(orderId, 'PAYMENT.CAPTURE.REFUNDED').resource.id,
      made.body.id,
    );
    assert.deepEqual(await refundedValues(orderId), ['10.00']);
  });

  test('refundId sends the event for a refund already made, and changes nothing', async () => {
    const { orderId, captureId } = await capturedOrder('10.00');
    const first = await refundApi(captureId, { amount: { value: '3.00', currency_code: 'USD' } });
    const second = await refundApi(captureId);
    const event = double.captureEvent(orderId, 'PAYMENT.CAPTURE.REFUNDED', {
      refundId: first.body.id,
    });
    assert.deepEqual(event.resource, first.body);
    assert.deepEqual(await refundedValues(orderId), ['3.00', '7.00']);
    assert.equal(second.body.amount.value, '7.00');

    assert.throws(
      () =>
        double.captureEvent(orderId, 'PAYMENT.CAPTURE.REFUNDED', { refundId: 'NOSUCHREFUND0001' }),
      /has no refund NOSUCHREFUND0001/,
    );
    assert.throws(
      () =>
        double.captureEvent(orderId, 'PAYMENT.CAPTURE.REFUNDED', {
          refundId: first.body.id,
          refundAmount: '1.00',
        }),
      /exclude each other/,
    );
  });

  test('a refund of more than is left is refused, and refunds nothing', async () => {
    const { orderId } = await capturedOrder('10.00');
    assert.throws(
      () => double.captureEvent(orderId, 'PAYMENT.CAPTURE.REFUNDED', { refundAmount: '10.01' }),
      /REFUND_AMOUNT_EXCEEDED/,
    );
    assert.equal((await stored(orderId)).refunds, undefined);
  });
});

test('PAYMENT.CAPTURE.REVERSED leaves the capture REFUNDED (Payments v2 has no REVERSED)', async () => {
  const { orderId, captureId } = await capturedOrder('10.00');
  const event = double.captureEvent(orderId, 'PAYMENT.CAPTURE.REVERSED');
  assert.equal(event.resource_type, 'refund');
  assert.equal(event.resource.note_to_payer, 'Payment reversed');
  assert.equal(event.resource.amount.value, '10.00');
  const read = await client.call('GET', `/v2/payments/captures/${captureId}`);
  assert.equal(read.body.status, 'REFUNDED');
  const refund = await client.call('GET', `/v2/payments/refunds/${event.resource.id}`);
  assert.equal(refund.status, 200);
  assert.equal(refund.body.note_to_payer, 'Payment reversed');
});

describe('CUSTOMER.DISPUTE.*', () => {
  test('a dispute keeps its id from CREATED to RESOLVED, and is about the capture', async () => {
    const { orderId, captureId } = await capturedOrder();
    const created = double.captureEvent(orderId, 'CUSTOMER.DISPUTE.CREATED');
    const { dispute_id: disputeId } = created.resource;
    assert.match(disputeId, /^PP-D-[0-9A-Z]+$/);
    assert.equal(created.resource.status, 'OPEN');
    assert.equal(created.resource.disputed_transactions[0].seller_transaction_id, captureId);
    // Sent again while it is open: the same dispute.
    assert.equal(
      double.captureEvent(orderId, 'CUSTOMER.DISPUTE.CREATED').resource.dispute_id,
      disputeId,
    );

    const resolved = double.captureEvent(orderId, 'CUSTOMER.DISPUTE.RESOLVED', {
      disputeOutcome: 'RESOLVED_SELLER_FAVOUR',
    });
    assert.equal(resolved.resource.dispute_id, disputeId);
    assert.equal(resolved.resource.status, 'RESOLVED');
    assert.deepEqual(resolved.resource.dispute_outcome, { outcome_code: 'RESOLVED_SELLER_FAVOUR' });
    // Again: how it ended, never another ending.
    const resent = double.captureEvent(orderId, 'CUSTOMER.DISPUTE.RESOLVED');
    assert.equal(resent.resource.dispute_outcome.outcome_code, 'RESOLVED_SELLER_FAVOUR');
    assert.throws(
      () =>
        double.captureEvent(orderId, 'CUSTOMER.DISPUTE.RESOLVED', {
          disputeOutcome: 'RESOLVED_BUYER_FAVOUR',
        }),
      /was resolved RESOLVED_SELLER_FAVOUR/,
    );
    // A later dispute of the same capture is another one.
    const next = double.captureEvent(orderId, 'CUSTOMER.DISPUTE.CREATED');
    assert.notEqual(next.resource.dispute_id, disputeId);
  });

  test('lost, the dispute says what the buyer got back', async () => {
    const { orderId } = await capturedOrder('10.00');
    double.captureEvent(orderId, 'CUSTOMER.DISPUTE.CREATED');
    const resolved = double.captureEvent(orderId, 'CUSTOMER.DISPUTE.RESOLVED');
    assert.deepEqual(resolved.resource.dispute_outcome, {
      outcome_code: 'RESOLVED_BUYER_FAVOUR',
      amount_refunded: { currency_code: 'USD', value: '10.00' },
    });
  });

  test('refuses an outcome the Disputes API does not have, and a resolution of no dispute', async () => {
    const { orderId } = await capturedOrder();
    assert.throws(
      () => double.captureEvent(orderId, 'CUSTOMER.DISPUTE.CREATED', { disputeOutcome: 'NONE' }),
      /disputeOutcome does not apply to CUSTOMER.DISPUTE.CREATED/,
    );
    assert.throws(
      () => double.captureEvent(orderId, 'CUSTOMER.DISPUTE.RESOLVED'),
      /no dispute to resolve; send CUSTOMER.DISPUTE.CREATED first/,
    );
    double.captureEvent(orderId, 'CUSTOMER.DISPUTE.CREATED');
    for (const outcome of ['RESOLVED_BUYER_FAVOR', 'RESOLVED_SELLER_FAVOR', 'WON']) {
      assert.throws(
        () =>
          double.captureEvent(orderId, 'CUSTOMER.DISPUTE.RESOLVED', { disputeOutcome: outcome }),
        /disputeOutcome must be one of RESOLVED_BUYER_FAVOUR, RESOLVED_SELLER_FAVOUR/,
      );
    }
  });
});

test('an unknown event type or option is refused', async () => {
  const { orderId } = await capturedOrder();
  assert.throws(() => double.captureEvent(orderId, 'PAYMENT.CAPTURE.LOST'), /eventType must be/);
  assert.throws(
    () => double.captureEvent(orderId, 'PAYMENT.CAPTURE.COMPLETED', { refundAmount: '1.00' }),
    /refundAmount does not apply/,
  );
  assert.throws(
    () => double.captureEvent(orderId, 'PAYMENT.CAPTURE.REFUNDED', { refundAmount: 1 }),
    /refundAmount must be a string/,
  );
});
