// The double's answers, held to PayPal's own published OpenAPI documents (openapi/README.md):
// each response body the API reads must be valid against the schema PayPal documents for it.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { startPaypalDouble } from '../index.mjs';
import { packageOrder, paypalClient } from '../test-support/rest-client.mjs';

const documents = {
  orders: 'checkout_orders_v2.json',
  payments: 'payments_payment_v2.json',
  webhooks: 'notifications_webhooks_v1.json',
};
// OpenAPI 3.0 schemas are JSON Schema plus a few keywords of their own (readOnly, example,
// discriminator...), which a strict validator would refuse to read.
// PayPal's patterns are written for a non-Unicode regular expression engine (its e-mail pattern
// is not valid with JavaScript's 'u' flag).
const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
addFormats(ajv);
for (const [name, file] of Object.entries(documents)) {
  ajv.addSchema(JSON.parse(readFileSync(new URL(`../openapi/${file}`, import.meta.url))), name);
}

/** Asserts `body` is what PayPal documents as `schema` of `document`. */
function assertDocumented(document, schema, body) {
  const validate = ajv.getSchema(`${document}#/components/schemas/${schema}`);
  assert.ok(validate, `no schema ${schema} in ${document}`);
  const valid = validate(body);
  assert.ok(
    valid,
    `${schema}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body, null, 1)}`,
  );
}

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
after(async () => {
  await double.stop();
  await new Promise((resolve) => receiver.close(resolve));
});

const representation = { prefer: 'return=representation' };

test('orders: create, get and capture answer documented orders', async () => {
  const created = await client.createOrder(
    {
      ...packageOrder({ value: '12.50', handling: '0.50' }),
      payment_source: { paypal: { experience_context: { shipping_preference: 'NO_SHIPPING' } } },
    },
    representation,
  );
  assert.equal(created.status, 201);
  assertDocumented('orders', 'order', created.body);
  const minimal = await client.createOrder(packageOrder({ value: '3.00', handling: '0.10' }));
  assertDocumented('orders', 'order', minimal.body);

  double.approve(created.body.id);
  const approved = await client.getOrder(created.body.id);
  assertDocumented('orders', 'order', approved.body);
  const captured = await client.capture(created.body.id, representation);
  assert.equal(captured.status, 201);
  assertDocumented('orders', 'order', captured.body);
  assertDocumented('payments', 'capture-2', captured.body.purchase_units[0].payments.captures[0]);
});

test('payments: a capture and its full and partial refunds are documented', async () => {
  const { body } = await client.createOrder(packageOrder({ value: '20.00', handling: '1.00' }));
  double.approve(body.id);
  const captured = await client.capture(body.id);
  const captureId = captured.body.purchase_units[0].payments.captures[0].id;
  const read = await client.call('GET', `/v2/payments/captures/${captureId}`);
  assertDocumented('payments', 'capture-2', read.body);
  const partial = await client.call('POST', `/v2/payments/captures/${captureId}/refund`, {
    json: { amount: { value: '5.00', currency_code: 'USD' } },
    headers: representation,
  });
  assert.equal(partial.status, 201);
  assertDocumented('payments', 'refund', partial.body);
  const partly = await client.call('GET', `/v2/payments/captures/${captureId}`);
  assert.equal(partly.body.status, 'PARTIALLY_REFUNDED');
  assertDocumented('payments', 'capture-2', partly.body);
  const rest = await client.call('POST', `/v2/payments/captures/${captureId}/refund`, {
    json: {},
    headers: representation,
  });
  assertDocumented('payments', 'refund', rest.body);
  // What was left of the 20.00 captured.
  assert.equal(rest.body.amount.value, '15.00');
});

test('webhooks: events carry documented resources, and verification answers as documented', async () => {
  const { body } = await client.createOrder(packageOrder({ value: '9.00', handling: '0.30' }));
  double.approve(body.id);
  await client.capture(body.id);
  const url = `http://127.0.0.1:${receiver.address().port}/webhook`;
  const completed = double.captureEvent(body.id, 'PAYMENT.CAPTURE.COMPLETED');
  assertDocumented('payments', 'capture-2', completed.resource);
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
  assertDocumented('webhooks', 'verify_webhook_signature', {
    ...fields,
    webhook_event: JSON.parse(delivery.body),
  });
  const verified = await client.verify(request);
  assert.equal(verified.body.verification_status, 'SUCCESS');
  assertDocumented('webhooks', 'verify_webhook_signature_response', verified.body);

  const refunded = double.captureEvent(body.id, 'PAYMENT.CAPTURE.REFUNDED', {
    refundAmount: '2.00',
  });
  assertDocumented('payments', 'refund', refunded.resource);
});
