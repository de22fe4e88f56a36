import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { startPaypalDouble } from '../index.mjs';
import { packageOrder, paypalClient } from '../test-support/rest-client.mjs';

const WEBHOOK_ID = '3RD70426TL9417307';

let double;
let client;
let receiver;
/** What the merchant's webhook endpoint received, newest last. */
const received = [];

before(async () => {
  double = await startPaypalDouble({ webhookId: WEBHOOK_ID });
  client = await paypalClient(double.url);
  receiver = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    received.push({ headers: req.headers, body });
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
after(async () => {
  await double.stop();
  await new Promise((resolve) => receiver.close(resolve));
});

const receiverUrl = () => `http://127.0.0.1:${receiver.address().port}/api/paypal/webhook`;

async function capturedOrder(order = packageOrder()) {
  const { body } = await client.createOrder(order);
  double.approve(body.id);
  await client.capture(body.id);
  return body.id;
}

/**
 * The verification request the API builds from what it received: `webhook_event` is the body
 * as it came (a string, sent as those very bytes), or an object a test re-serialised.
 */
function verificationRequest({ headers, body }, webhookId = WEBHOOK_ID) {
  return {
    auth_algo: headers['paypal-auth-algo'],
    cert_url: headers['paypal-cert-url'],
    transmission_id: headers['paypal-transmission-id'],
    transmission_sig: headers['paypal-transmission-sig'],
    transmission_time: headers['paypal-transmission-time'],
    webhook_id: webhookId,
    webhook_event: body,
  };
}

/** The request's JSON text, with a raw `webhook_event` placed as it came. */
function verificationBody({ webhook_event: event, ...fields }) {
  if (typeof event !== 'string') return JSON.stringify({ ...fields, webhook_event: event });
  return `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${event}}`;
}

const verifyCall = (request) => client.verify(verificationBody(request));
const verify = async (request) => (await verifyCall(request)).body.verification_status;
/** The delivered event, parsed (to alter or re-serialise it). */
const parsed = (request) => JSON.parse(request.webhook_event);

describe('sendWebhook', () => {
  test('delivers a PayPal-shaped capture event with PayPal’s headers', async () => {
    const orderId = await capturedOrder(packageOrder({ custom_id: 'order-42' }));
    const event = double.captureEvent(orderId, 'PAYMENT.CAPTURE.COMPLETED');
    const delivery = await double.sendWebhook(receiverUrl(), event);
    assert.equal(delivery.status, 200);
    assert.equal(delivery.body, 'ok');

    const { headers, body } = received.at(-1);
    assert.equal(headers['content-type'], 'application/json');
    assert.equal(headers['paypal-auth-algo'], 'SHA256withRSA');
    assert.match(headers['paypal-transmission-id'], /^[0-9a-f-]{36}$/);
    assert.ok(headers['paypal-transmission-sig']);
    assert.ok(headers['paypal-cert-url']);
    assert.ok(!Number.isNaN(Date.parse(headers['paypal-transmission-time'])));

    const sent = JSON.parse(body);
    const stored = (await client.getOrder(orderId)).body.purchase_units[0].payments.captures[0];
    assert.match(sent.id, /^WH-/);
    assert.equal(sent.event_version, '1.0');
    assert.equal(sent.resource_type, 'capture');
    assert.equal(sent.event_type, 'PAYMENT.CAPTURE.COMPLETED');
    assert.equal(sent.resource.id, stored.id);
    assert.equal(sent.resource.status, 'COMPLETED');
    assert.deepEqual(sent.resource.amount, stored.amount);
    assert.equal(sent.resource.custom_id, 'order-42');
    assert.equal(sent.resource.supplementary_data.related_ids.order_id, orderId);
  });

  test('a DENIED event declines the stored capture too, so a re-fetch agrees', async () => {
    double.setBehavior({ capture: 'PENDING' });
    const orderId = await capturedOrder();
    double.resetBehavior();
    const event = double.captureEvent(orderId, 'PAYMENT.CAPTURE.DENIED');
    assert.equal(event.resource.status, 'DECLINED');
    const capture = (await client.getOrder(orderId)).body.purchase_units[0].payments.captures[0];
    assert.equal(capture.status, 'DECLINED');
    assert.equal(capture.status_details, undefined);
  });

  test('captureEvent refuses an order that has not been captured', async () => {
    const { body } = await client.createOrder(packageOrder());
    assert.throws(() => double.captureEvent(body.id), /has not been captured/);
  });
});

describe('POST /v1/notifications/verify-webhook-signature', () => {
  let delivery;
  before(async () => {
    const orderId = await capturedOrder();
    await double.sendWebhook(receiverUrl(), double.captureEvent(orderId));
    delivery = received.at(-1);
  });

  test('answers SUCCESS for a delivery the double made, untouched', async () => {
    assert.equal(await verify(verificationRequest(delivery)), 'SUCCESS');
  });

  test('answers FAILURE when the receiver re-serialised the event: PayPal signs the bytes it sent', async () => {
    const request = verificationRequest(delivery);
    request.webhook_event = parsed(request);
    assert.equal(await verify(request), 'FAILURE');
  });

  test('answers FAILURE when the event was altered', async () => {
    const request = verificationRequest(delivery);
    request.webhook_event = request.webhook_event.replace(
      /"value": "[\d.]+"/,
      '"value": "1000.00"',
    );
    assert.equal(await verify(request), 'FAILURE');
  });

  test('answers FAILURE for forged or mismatched headers', async () => {
    const forgeries = {
      signature: { transmission_sig: Buffer.from('forged').toString('base64') },
      time: { transmission_time: new Date(Date.now() + 1000).toISOString() },
      transmission: { transmission_id: '2b9f1a80-0000-11ef-9a3b-3b3c0e7c1f7a' },
      algorithm: { auth_algo: 'SHA1withRSA' },
      certificate: { cert_url: 'https://attacker.example/cert.pem' },
      webhook: { webhook_id: 'ANOTHERWEBHOOK000' },
    };
    for (const [name, forged] of Object.entries(forgeries)) {
      const request = { ...verificationRequest(delivery), ...forged };
      assert.equal(await verify(request), 'FAILURE', name);
    }
  });

  test('answers FAILURE for a hand-made event that was never delivered', async () => {
    const request = verificationRequest(delivery);
    request.transmission_id = crypto.randomUUID();
    request.webhook_event = JSON.stringify({ ...parsed(request), id: 'WH-HANDMADE' });
    assert.equal(await verify(request), 'FAILURE');
  });

  test('answers 400 INVALID_REQUEST (the Webhooks v1 document’s error) when fields are missing', async () => {
    const { webhook_id: _dropped, ...request } = verificationRequest(delivery);
    const { status, body } = await verifyCall(request);
    assert.equal(status, 400);
    assert.equal(body.name, 'INVALID_REQUEST');
    assert.deepEqual(
      body.details.map((detail) => [detail.issue, detail.field]),
      [['MISSING_REQUIRED_PARAMETER', '/webhook_id']],
    );
  });

  test('needs a bearer token like every other REST call', async () => {
    const response = await fetch(`${double.url}/v1/notifications/verify-webhook-signature`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: verificationBody(verificationRequest(delivery)),
    });
    assert.equal(response.status, 401);
  });
});

test('POST /__double/orders/:id/webhook builds, settles and delivers an event over HTTP', async () => {
  double.setBehavior({ capture: 'PENDING' });
  const orderId = await capturedOrder();
  double.resetBehavior();
  const response = await fetch(`${double.url}/__double/orders/${orderId}/webhook`, {
    method: 'POST',
    body: JSON.stringify({ url: receiverUrl(), eventType: 'PAYMENT.CAPTURE.COMPLETED' }),
  });
  assert.equal(response.status, 200);
  const { event, delivery } = await response.json();
  assert.equal(delivery.status, 200);
  assert.equal(JSON.parse(received.at(-1).body).id, event.id);
  assert.equal(await verify(verificationRequest(received.at(-1))), 'SUCCESS');
  const capture = (await client.getOrder(orderId)).body.purchase_units[0].payments.captures[0];
  assert.equal(capture.status, 'COMPLETED');
});

test('POST /__double/orders/:id/webhook passes the event’s options on, and refuses bad ones with 400', async () => {
  const orderId = await capturedOrder(packageOrder({ value: '10.00' }));
  const send = (json) =>
    fetch(`${double.url}/__double/orders/${orderId}/webhook`, {
      method: 'POST',
      body: JSON.stringify({ url: receiverUrl(), ...json }),
    });
  const partial = await send({ eventType: 'PAYMENT.CAPTURE.REFUNDED', refundAmount: '4.00' });
  assert.equal(partial.status, 200);
  const { event } = await partial.json();
  const again = await send({ eventType: 'PAYMENT.CAPTURE.REFUNDED', refundId: event.resource.id });
  assert.equal((await again.json()).event.resource.id, event.resource.id);

  const sent = received.length;
  for (const [json, message] of [
    [
      { eventType: 'CUSTOMER.DISPUTE.CREATED', disputeOutcome: 'RESOLVED_SELLER_FAVOUR' },
      /does not apply/,
    ],
    [
      { eventType: 'PAYMENT.CAPTURE.REFUNDED', refundAmmount: '1.00' },
      /refundAmmount does not apply/,
    ],
    [{ eventType: 'PAYMENT.CAPTURE.REFUNDS' }, /eventType must be one of/],
  ]) {
    const refused = await send(json);
    assert.equal(refused.status, 400);
    assert.match((await refused.json()).message, message);
  }
  await send({ eventType: 'CUSTOMER.DISPUTE.CREATED' });
  const american = await send({
    eventType: 'CUSTOMER.DISPUTE.RESOLVED',
    disputeOutcome: 'RESOLVED_BUYER_FAVOR',
  });
  assert.equal(american.status, 400);
  assert.match((await american.json()).message, /RESOLVED_BUYER_FAVOUR/);
  assert.equal(received.length, sent + 1, 'only the valid CREATED was delivered');
});
