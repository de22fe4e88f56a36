import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contract, type BodyOf, type ItemOrder, type PackageOrder } from '@coldmail/contracts';
import { mongo } from 'mongoose';
import { privatePaypalDouble, type PaypalDoubleControl } from './support/paypal-double';
import {
  callEndpoint,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from './support/test-api';

// Issue 9, items 4-6. A PayPal double of this file's own, so its misbehaviour (failing verify
// calls) touches no other test file.
let double: PaypalDoubleControl & { stop(): Promise<void> };
let api: TestApi;
let admin: Persona;
let packageId: string;
let itemId: string;
const adminEmail = `admin-${unique()}@coldmail.test`;
const billing = { customerName: 'Ada Buyer', address: '1 Loop Road', country: 'France' };
const SECRET_URL = 'https://files.test/refundable-playbook.pdf';

const paypalEnv = (url: string, webhookId: string) => ({
  PAYPAL_API_BASE: url,
  PAYPAL_CLIENT_ID: 'security-client',
  PAYPAL_CLIENT_SECRET: 'security-secret-0123456789',
  PAYPAL_WEBHOOK_ID: webhookId,
  PAYPAL_TIMEOUT_SECONDS: '5',
});

beforeAll(async () => {
  double = await privatePaypalDouble();
  api = await startTestApi({
    ADMIN_EMAILS: adminEmail,
    ...paypalEnv(double.url, double.webhookId),
  });
  admin = await signUp(api, 'admin', { email: adminEmail });
  const created = await callEndpoint(api, contract.packages.add, {
    token: admin.token,
    body: { packageName: 'Refundable', price: 10, credit: 50, validity: 30 },
  });
  packageId = created.body._id;
  const item = await callEndpoint(api, contract.items.create, {
    token: admin.token,
    body: {
      name: 'Refundable playbook',
      slug: 'refundable-playbook',
      price: 9,
      accessUrl: SECRET_URL,
    },
  });
  itemId = item.body._id;
});

afterEach(() => double.resetBehavior());
afterAll(async () => {
  await api?.close();
  await double?.stop();
});

const webhookUrl = () => `${api.url}/api/paypal/webhook`;
const users = () => api.db.collection('users');
const creditEntries = () => api.db.collection('creditEntries');
const balanceOf = async (persona: Persona) =>
  (await users().findOne({ userEmail: persona.email }))?.currentBalance as number;
const reversalsOf = (orderId: string) =>
  creditEntries().countDocuments({ reason: 'payment-reversal', reference: orderId });
/** The credits taken back from a buyer, one ledger entry per refund that took any. */
const withdrawalsOf = async (persona: Persona) =>
  (
    await creditEntries()
      .find({ userEmail: persona.email, reason: 'payment-reversal' })
      .sort({ _id: 1 })
      .toArray()
  ).map((entry) => entry.delta as number);
/** Every credit note the order was given, by what it refunds. */
const creditNotesOf = async (order: { _id: string }) =>
  (
    ((await storedPackageOrder(order))?.creditNotes ?? []) as Array<{
      reference: string;
      amountCents: number;
    }>
  ).map(({ reference, amountCents }) => ({ reference, amountCents }));
/** The refunds PayPal has of the order's capture, oldest first. */
const refundsAtPaypal = async (paypalOrderId: string) =>
  (await double.order(paypalOrderId))?.purchase_units[0]?.payments?.refunds ?? [];

async function newPackageOrder(on: TestApi, buyer: Persona): Promise<PackageOrder> {
  const created = await callEndpoint(on, contract.packageOrders.create, {
    token: buyer.token,
    body: { packageId, ...billing },
  });
  expect(created.status).toBe(201);
  return created.body;
}

/** Our server creates the PayPal order; the buyer approves it at PayPal. */
async function approvedPaypalOrder(
  on: TestApi,
  buyer: Persona,
  orderId: string,
  kind: 'package' | 'item' = 'package',
): Promise<string> {
  const created = await callEndpoint(on, contract.payments.createPaypalOrder, {
    token: buyer.token,
    body: { orderId, kind },
  });
  expect(created.status).toBe(201);
  await double.approve(created.body.id);
  return created.body.id;
}

async function paidPackageOrder(
  buyer: Persona,
): Promise<{ order: PackageOrder; paypalOrderId: string }> {
  const order = await newPackageOrder(api, buyer);
  const paypalOrderId = await approvedPaypalOrder(api, buyer, order._id);
  const paid = await callEndpoint(api, contract.payments.completePackage, {
    token: buyer.token,
    params: { id: order._id },
    body: { paypalOrderId },
  });
  expect(paid.status).toBe(200);
  return { order, paypalOrderId };
}

async function paidItemOrder(buyer: Persona): Promise<{ order: ItemOrder; paypalOrderId: string }> {
  const created = await callEndpoint(api, contract.itemOrders.create, {
    token: buyer.token,
    body: { itemId, ...billing },
  });
  expect(created.status).toBe(201);
  const paypalOrderId = await approvedPaypalOrder(api, buyer, created.body._id, 'item');
  const paid = await callEndpoint(api, contract.payments.completeItem, {
    token: buyer.token,
    params: { id: created.body._id },
    body: { paypalOrderId },
  });
  expect(paid.status).toBe(200);
  return { order: created.body, paypalOrderId };
}

const storedPackageOrder = (order: { _id: string }) =>
  api.db.collection('orders').findOne({ _id: new mongo.ObjectId(order._id) });
const storedItemOrder = (order: { _id: string }) =>
  api.db.collection('orders').findOne({ _id: new mongo.ObjectId(order._id) });
const captureStatusAtPaypal = async (paypalOrderId: string) =>
  (await double.order(paypalOrderId))?.purchase_units[0]?.payments?.captures?.[0]?.status;
const auditEntriesOf = (action: string, orderId: string) =>
  api.db.collection('audit_log').countDocuments({ action, 'target.id': orderId });

/** What PayPal would POST, replayed byte for byte. */
const deliver = (event: unknown, headers: Record<string, string>) =>
  fetch(webhookUrl(), { method: 'POST', headers, body: JSON.stringify(event) });

describe('item 4: a capture counts only for the PayPal order our server created, paid to us', () => {
  it('refuses a PayPal order made elsewhere with the same custom_id, invoice_id and amount', async () => {
    const buyer = await signUp(api, 'tricked');
    const order = await newPackageOrder(api, buyer);
    await approvedPaypalOrder(api, buyer, order._id);

    // Someone creates and captures a second PayPal order carrying this order's references.
    const token = await fetch(`${double.url}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('other-app:other-secret').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    }).then((response) => response.json() as Promise<{ access_token: string }>);
    const rest = (path: string, json: unknown) =>
      fetch(`${double.url}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token.access_token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(json),
      }).then((response) => response.json() as Promise<{ id: string }>);
    const foreign = await rest('/v2/checkout/orders', {
      intent: 'CAPTURE',
      purchase_units: [
        {
          custom_id: order.orderId,
          invoice_id: order.paymentId,
          amount: { currency_code: 'USD', value: order.totalPrice },
        },
      ],
    });
    await double.approve(foreign.id);
    await rest(`/v2/checkout/orders/${foreign.id}/capture`, {});

    const completion = await callEndpoint(api, contract.payments.completePackage, {
      token: buyer.token,
      params: { id: order._id },
      body: { paypalOrderId: foreign.id },
    });
    expect(completion.status).toBe(422);
    expect(completion.error?.message).toBe('This PayPal payment is not for this order.');
    const { delivery } = await double.sendCaptureEvent(foreign.id, webhookUrl());
    expect(delivery.status).toBe(200);
    expect(await storedPackageOrder(order)).toMatchObject({ paymentStatus: 'pending' });
    expect(await balanceOf(buyer)).toBe(0);
  });

  it('refuses a payment whose payee is not our merchant', async () => {
    const elsewhere = await startTestApi(
      { PAYPAL_MERCHANT_ID: 'NOTOURMERCHANT', ...paypalEnv(double.url, double.webhookId) },
      { sameDatabaseAs: api },
    );
    try {
      const buyer = await signUp(elsewhere, 'payee');
      const order = await newPackageOrder(elsewhere, buyer);
      const paypalOrderId = await approvedPaypalOrder(elsewhere, buyer, order._id);
      const completion = await callEndpoint(elsewhere, contract.payments.completePackage, {
        token: buyer.token,
        params: { id: order._id },
        body: { paypalOrderId },
      });
      expect(completion.status).toBe(422);
      expect(await storedPackageOrder(order)).toMatchObject({ paymentStatus: 'pending' });
    } finally {
      await elsewhere.close();
    }
  });
});

// Issue 30, item 6: the payee PayPal names at creation is pinned on the order.
describe('the payee is pinned', () => {
  const packageOrders = () => api.db.collection('orders');

  it('records the merchant PayPal names when our server creates the PayPal order, asking for no shipping', async () => {
    const buyer = await signUp(api, 'pinned');
    const order = await newPackageOrder(api, buyer);
    const paypalOrderId = await approvedPaypalOrder(api, buyer, order._id);
    const atPaypal = await double.order(paypalOrderId);
    const merchantId = atPaypal?.purchase_units[0]?.payee?.merchant_id;
    expect(merchantId).toMatch(/^[A-Z0-9]{13}$/);
    expect(await storedPackageOrder(order)).toMatchObject({ paypalPayeeId: merchantId });
    // Credits are not shipped: PayPal asks the buyer for no address.
    expect(atPaypal?.double?.shippingPreference).toBe('NO_SHIPPING');
  });

  it('refuses a capture whose payee is not the pinned one, or when there is none to compare', async () => {
    const buyer = await signUp(api, 'unpinned');
    for (const pinned of [
      { $set: { paypalPayeeId: 'SOMEONEELSE12' } },
      { $unset: { paypalPayeeId: '' } },
    ]) {
      const order = await newPackageOrder(api, buyer);
      const paypalOrderId = await approvedPaypalOrder(api, buyer, order._id);
      await packageOrders().updateOne({ _id: new mongo.ObjectId(order._id) }, pinned);
      const completion = await callEndpoint(api, contract.payments.completePackage, {
        token: buyer.token,
        params: { id: order._id },
        body: { paypalOrderId },
      });
      expect(completion.status).toBe(422);
      // Refused before PayPal is asked to capture: the order is still pending.
      expect(await storedPackageOrder(order)).toMatchObject({ paymentStatus: 'pending' });
    }
    expect(await balanceOf(buyer)).toBe(0);
  });
});

// Issue 30, item 6: who receives the money is announced when it changes.
describe('a change of the PayPal account', () => {
  const mailsTo = (address: string) =>
    readdirSync(api.config.mail.dir)
      .map((name) => readFileSync(join(api.config.mail.dir, name), 'utf8'))
      .filter((eml) => eml.includes(`To: ${address}`) && eml.includes('PayPal account'));
  const update = (body: BodyOf<typeof contract.paypalSettings.update>) =>
    callEndpoint(api, contract.paypalSettings.update, { token: admin.token, body });
  const accountChanges = () =>
    api.db.collection('audit_log').countDocuments({ action: 'settings.paypal.account-change' });

  it('is mailed to every admin and written to the audit log; other settings are not announced', async () => {
    const current = await callEndpoint(api, contract.paypalSettings.get, { token: admin.token });
    const { clientSecret: _masked, ...shown } = current.body.data;
    // An admin's read carries the mode, which the form sends back (in its place).
    const form = { ...shown, mode: shown.mode! };
    const before = await accountChanges();
    expect(
      (await update({ ...form, buttonStyles: { ...form.buttonStyles, color: 'blue' } })).status,
    ).toBe(200);
    expect(await accountChanges()).toBe(before);
    expect(mailsTo(adminEmail)).toHaveLength(0);

    expect((await update({ ...form, clientId: 'attacker-client' })).status).toBe(200);
    expect(await accountChanges()).toBe(before + 1);
    const [notice] = mailsTo(adminEmail);
    expect(notice).toMatch(/^Subject: The PayPal account of ColdMail AI was changed$/m);
    expect(notice).toContain('attacker-client');
    expect(notice).toContain(`${adminEmail} changed the PayPal client ID`);

    // Back as it was (the test file's other payments use it).
    expect((await update({ ...form })).status).toBe(200);
  });
});

describe('item 5: refunds, reversals and disputes', () => {
  it('an admin refund refunds at PayPal, marks the order Refunded and takes the credits back once, never below zero', async () => {
    const buyer = await signUp(api, 'refunded');
    const { order, paypalOrderId } = await paidPackageOrder(buyer);
    expect(await balanceOf(buyer)).toBe(50);
    // The buyer spends 30 of the 50 credits (an admin adjustment stands in for generations).
    const me = await users().findOne({ userEmail: buyer.email });
    const spent = await callEndpoint(api, contract.users.adminUpdate, {
      token: admin.token,
      params: { id: me!._id.toHexString() },
      body: { currentBalance: 20 },
    });
    expect(spent.status).toBe(200);

    const refund = (token: string) =>
      callEndpoint(api, contract.packageOrders.refund, { token, params: { id: order._id } });
    expect((await refund(buyer.token)).status).toBe(403);
    const refunded = await refund(admin.token);
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({ paymentStatus: 'Refunded', orderStatus: 'Refunded' });
    expect(await balanceOf(buyer)).toBe(0);
    expect(await storedPackageOrder(order)).toMatchObject({
      refund: { source: 'admin', by: adminEmail, creditsTakenBack: 20, shortfall: 30 },
    });
    const atPaypal = await double.order(paypalOrderId);
    expect(atPaypal?.purchase_units[0]?.payments?.captures?.[0]?.status).toBe('REFUNDED');

    const again = await refund(admin.token);
    expect(again.status).toBe(409);
    expect(await reversalsOf(order._id)).toBe(1);
    const audit = await api.db
      .collection('audit_log')
      .findOne({ action: 'order.refund', 'target.id': order._id });
    expect(audit).toMatchObject({ actor: { email: adminEmail } });
  });

  it('four admin refund clicks at once refund once, and the audit log says it once', async () => {
    const buyer = await signUp(api, 'clicked-refund');
    const { order } = await paidPackageOrder(buyer);
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() =>
        callEndpoint(api, contract.packageOrders.refund, {
          token: admin.token,
          params: { id: order._id },
        }),
      ),
    );
    expect(answers.map(({ status }) => status)).toContain(200);
    expect(answers.every(({ status }) => status === 200 || status === 409)).toBe(true);
    expect(await reversalsOf(order._id)).toBe(1);
    const entries = await api.db
      .collection('audit_log')
      .countDocuments({ action: 'order.refund', 'target.id': order._id });
    expect(entries).toBe(1);
  });

  it('two refund events at once take the credits back once', async () => {
    const buyer = await signUp(api, 'twice');
    const { order, paypalOrderId } = await paidPackageOrder(buyer);
    const sent = await Promise.all(
      [1, 2].map(() =>
        double.sendCaptureEvent(paypalOrderId, webhookUrl(), 'PAYMENT.CAPTURE.REFUNDED'),
      ),
    );
    expect(sent.map(({ delivery }) => delivery.status)).toEqual([200, 200]);
    expect(await balanceOf(buyer)).toBe(0);
    expect(await reversalsOf(order._id)).toBe(1);
    expect(await storedPackageOrder(order)).toMatchObject({
      paymentStatus: 'Refunded',
      refund: { source: 'paypal-refund', creditsTakenBack: 50 },
    });
  });

  // Issue 53, item 1: PayPal's event for a refund the API made itself is that same refund.
  it('an admin refund and then PayPal’s event for it take back the credits and issue a credit note once', async () => {
    const buyer = await signUp(api, 'adminthenevent');
    const { order, paypalOrderId } = await paidPackageOrder(buyer);
    const totalCents = Math.round(Number(order.totalPrice) * 100);
    const refunded = await callEndpoint(api, contract.packageOrders.refund, {
      token: admin.token,
      params: { id: order._id },
    });
    expect(refunded.status).toBe(200);
    const [made] = await refundsAtPaypal(paypalOrderId);
    expect(made?.amount.value).toBe(order.totalPrice);

    const event = await double.sendCaptureEvent(
      paypalOrderId,
      webhookUrl(),
      'PAYMENT.CAPTURE.REFUNDED',
    );
    expect(event.delivery.status).toBe(200);
    expect(event.event.resource).toMatchObject({ id: made?.id, amount: made?.amount });
    expect(await refundsAtPaypal(paypalOrderId)).toHaveLength(1);
    expect(await storedPackageOrder(order)).toMatchObject({
      paymentStatus: 'Refunded',
      refund: { source: 'admin', paypalReference: made?.id, creditsTakenBack: 50 },
    });
    expect(await balanceOf(buyer)).toBe(0);
    expect(await withdrawalsOf(buyer)).toEqual([-50]);
    expect(await creditNotesOf(order)).toEqual([{ reference: 'refund', amountCents: totalCents }]);
  });

  it('after a partial refund in PayPal, an admin refund of the rest and PayPal’s event for it count once', async () => {
    const buyer = await signUp(api, 'partthenadmin');
    const { order, paypalOrderId } = await paidPackageOrder(buyer);
    const totalCents = Math.round(Number(order.totalPrice) * 100);
    const partCents = Math.round(totalCents * 0.4);
    const partial = await double.sendCaptureEvent(
      paypalOrderId,
      webhookUrl(),
      'PAYMENT.CAPTURE.REFUNDED',
      { refundAmount: (partCents / 100).toFixed(2) },
    );
    expect(partial.delivery.status).toBe(200);
    const share = Math.floor((50 * partCents) / totalCents);
    expect(await balanceOf(buyer)).toBe(50 - share);

    const refunded = await callEndpoint(api, contract.packageOrders.refund, {
      token: admin.token,
      params: { id: order._id },
    });
    expect(refunded.status).toBe(200);
    const [, rest] = await refundsAtPaypal(paypalOrderId);
    // PayPal refunded what was left, not the whole payment again.
    expect(rest?.amount.value).toBe(((totalCents - partCents) / 100).toFixed(2));
    expect(await captureStatusAtPaypal(paypalOrderId)).toBe('REFUNDED');

    const event = await double.sendCaptureEvent(
      paypalOrderId,
      webhookUrl(),
      'PAYMENT.CAPTURE.REFUNDED',
      { refundId: rest?.id },
    );
    expect(event.delivery.status).toBe(200);
    expect(event.event.resource).toMatchObject({ id: rest?.id, amount: rest?.amount });
    expect(await refundsAtPaypal(paypalOrderId)).toHaveLength(2);
    expect(await storedPackageOrder(order)).toMatchObject({
      paymentStatus: 'Refunded',
      refund: { source: 'admin', paypalReference: rest?.id, creditsTakenBack: 50 - share },
    });
    expect(await balanceOf(buyer)).toBe(0);
    expect(await withdrawalsOf(buyer)).toEqual([-share, -(50 - share)]);
    expect(await creditNotesOf(order)).toEqual([
      { reference: partial.event.resource.id, amountCents: partCents },
      { reference: 'refund', amountCents: totalCents - partCents },
    ]);
  });

  // Issue 30, items 8 and 10: PayPal refunds part of a payment; the credits follow in proportion.
  it('a partial refund takes back credits in proportion, and refunds adding up to the payment refund the order', async () => {
    const buyer = await signUp(api, 'partly');
    const { order, paypalOrderId } = await paidPackageOrder(buyer);
    expect(await balanceOf(buyer)).toBe(50);
    const totalCents = Math.round(Number(order.totalPrice) * 100);
    const cents = (value: number) => (value / 100).toFixed(2);
    // 30 % of the payment: 15 of the 50 credits (rounded down), the order still paid.
    const firstCents = Math.round(totalCents * 0.3);
    const first = await double.sendCaptureEvent(
      paypalOrderId,
      webhookUrl(),
      'PAYMENT.CAPTURE.REFUNDED',
      {
        refundAmount: cents(firstCents),
      },
    );
    expect(first.delivery.status).toBe(200);
    expect(await captureStatusAtPaypal(paypalOrderId)).toBe('PARTIALLY_REFUNDED');
    const expectedFirst = Math.floor((50 * firstCents) / totalCents);
    expect(await balanceOf(buyer)).toBe(50 - expectedFirst);
    expect(await storedPackageOrder(order)).toMatchObject({ paymentStatus: 'Paid' });
    // The same delivery again (PayPal's retry: the same bytes) takes nothing more.
    await fetch(webhookUrl(), {
      method: 'POST',
      headers: first.delivery.headers,
      body: first.delivery.payload,
    });
    expect(await balanceOf(buyer)).toBe(50 - expectedFirst);

    // The rest of the payment: the order is refunded and every credit is back, never more.
    const rest = await double.sendCaptureEvent(
      paypalOrderId,
      webhookUrl(),
      'PAYMENT.CAPTURE.REFUNDED',
      {
        refundAmount: cents(totalCents - firstCents),
      },
    );
    expect(rest.delivery.status).toBe(200);
    expect(await captureStatusAtPaypal(paypalOrderId)).toBe('REFUNDED');
    expect(await balanceOf(buyer)).toBe(0);
    expect(await storedPackageOrder(order)).toMatchObject({
      paymentStatus: 'Refunded',
      refund: { source: 'paypal-refund', creditsTakenBack: 50 - expectedFirst },
    });
  });

  it('a partial refund of a digital item keeps its access link; PayPal refuses more than is left', async () => {
    const buyer = await signUp(api, 'partitem');
    const { order, paypalOrderId } = await paidItemOrder(buyer);
    const sent = await double.sendCaptureEvent(
      paypalOrderId,
      webhookUrl(),
      'PAYMENT.CAPTURE.REFUNDED',
      {
        refundAmount: '1.00',
      },
    );
    expect(sent.delivery.status).toBe(200);
    const after = await callEndpoint(api, contract.itemOrders.get, {
      token: buyer.token,
      params: { id: order._id },
    });
    expect(after.body).toMatchObject({ paymentStatus: 'Paid', accessUrl: SECRET_URL });
    await expect(
      double.sendCaptureEvent(paypalOrderId, webhookUrl(), 'PAYMENT.CAPTURE.REFUNDED', {
        refundAmount: '999.00',
      }),
    ).rejects.toThrow(/REFUND_AMOUNT_EXCEEDED/);
  });

  // Issue 30, item 10: what PayPal can answer besides the happy path.
  it('a refund PayPal is still processing (409 PREVIOUS_REQUEST_IN_PROGRESS) changes nothing and says to retry', async () => {
    const buyer = await signUp(api, 'inprogress');
    const { order, paypalOrderId } = await paidPackageOrder(buyer);
    await double.setBehavior({ refund: 'IN_PROGRESS' });
    const refused = await callEndpoint(api, contract.packageOrders.refund, {
      token: admin.token,
      params: { id: order._id },
    });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe(
      'PayPal is still processing an earlier request for this payment. Please try again in a moment.',
    );
    expect(await storedPackageOrder(order)).toMatchObject({ paymentStatus: 'Paid' });
    expect(await captureStatusAtPaypal(paypalOrderId)).toBe('COMPLETED');
    expect(await balanceOf(buyer)).toBe(50);
  });

  // Issue 53, item 2: the resolution is about the dispute the API recorded (the same id).
  it('a dispute the API recorded, resolved in the seller’s favour, keeps the order paid and the credits, and clears the issue', async () => {
    const buyer = await signUp(api, 'sellerwon');
    const { order, paypalOrderId } = await paidPackageOrder(buyer);
    const created = await double.sendCaptureEvent(
      paypalOrderId,
      webhookUrl(),
      'CUSTOMER.DISPUTE.CREATED',
    );
    expect(created.delivery.status).toBe(200);
    const disputeId = created.event.resource.dispute_id;
    expect(await storedPackageOrder(order)).toMatchObject({
      paymentIssue: { status: 'DISPUTED', captureId: disputeId },
    });

    const resolved = await double.sendCaptureEvent(
      paypalOrderId,
      webhookUrl(),
      'CUSTOMER.DISPUTE.RESOLVED',
      { disputeOutcome: 'RESOLVED_SELLER_FAVOUR' },
    );
    expect(resolved.delivery.status).toBe(200);
    expect(resolved.event.resource).toMatchObject({
      dispute_id: disputeId,
      dispute_outcome: { outcome_code: 'RESOLVED_SELLER_FAVOUR' },
    });
    const stored = await storedPackageOrder(order);
    expect(stored).toMatchObject({ paymentStatus: 'Paid', orderStatus: 'Completed' });
    expect(stored).not.toHaveProperty('refund');
    // The payment is no longer at issue.
    expect(stored).not.toHaveProperty('paymentIssue');
    expect(await balanceOf(buyer)).toBe(50);
    expect(await withdrawalsOf(buyer)).toEqual([]);
    expect(await creditNotesOf(order)).toEqual([]);
  });

  it('an outcome PayPal does not have (the US spelling) cannot be sent to the API', async () => {
    const buyer = await signUp(api, 'favor');
    const { order, paypalOrderId } = await paidPackageOrder(buyer);
    await double.sendCaptureEvent(paypalOrderId, webhookUrl(), 'CUSTOMER.DISPUTE.CREATED');
    await expect(
      double.sendCaptureEvent(paypalOrderId, webhookUrl(), 'CUSTOMER.DISPUTE.RESOLVED', {
        disputeOutcome: 'RESOLVED_BUYER_FAVOR' as 'RESOLVED_BUYER_FAVOUR',
      }),
    ).rejects.toThrow(/disputeOutcome must be one of RESOLVED_BUYER_FAVOUR/);
    expect(await storedPackageOrder(order)).toMatchObject({ paymentStatus: 'Paid' });
  });

  it('a capture PayPal answers 201 but DECLINED or FAILED credits nothing, and the buyer can pay again', async () => {
    const buyer = await signUp(api, 'declined201');
    for (const outcome of ['CAPTURE_DECLINED', 'CAPTURE_FAILED'] as const) {
      const order = await newPackageOrder(api, buyer);
      const refused = await approvedPaypalOrder(api, buyer, order._id);
      await double.setBehavior({ capture: outcome });
      const complete = (paypalOrderId: string) =>
        callEndpoint(api, contract.payments.completePackage, {
          token: buyer.token,
          params: { id: order._id },
          body: { paypalOrderId },
        });
      const completion = await complete(refused);
      expect(completion.status).toBe(402);
      expect(await storedPackageOrder(order)).toMatchObject({ paymentStatus: 'pending' });
      await double.resetBehavior();
      // Another PayPal order for the same order: the declined one no longer holds it.
      const again = await approvedPaypalOrder(api, buyer, order._id);
      const paid = await complete(again);
      expect(paid.status).toBe(200);
    }
    expect(await balanceOf(buyer)).toBe(100);
  });

  it('never charges twice when the PayPal account allows a reused invoice id', async () => {
    const buyer = await signUp(api, 'dupinvoice');
    await double.setBehavior({ duplicateInvoiceIds: 'allow' });
    const order = await newPackageOrder(api, buyer);
    const [first, second] = [
      await approvedPaypalOrder(api, buyer, order._id),
      await approvedPaypalOrder(api, buyer, order._id),
    ];
    const complete = (paypalOrderId: string) =>
      callEndpoint(api, contract.payments.completePackage, {
        token: buyer.token,
        params: { id: order._id },
        body: { paypalOrderId },
      });
    expect((await complete(first)).status).toBe(200);
    // The other tab, later: told the order is paid, and PayPal is not asked to capture again.
    expect((await complete(second)).status).toBe(200);
    const captures = (await Promise.all([first, second].map((id) => double.order(id)))).flatMap(
      (atPaypal) => atPaypal?.purchase_units[0]?.payments?.captures ?? [],
    );
    expect(captures).toHaveLength(1);
    expect(await balanceOf(buyer)).toBe(50);
  });

  it('a reversal withdraws a digital item’s access link', async () => {
    const buyer = await signUp(api, 'reversed');
    const { order: created, paypalOrderId } = await paidItemOrder(buyer);
    const before = await callEndpoint(api, contract.itemOrders.get, {
      token: buyer.token,
      params: { id: created._id },
    });
    expect(before.body.accessUrl).toBe(SECRET_URL);

    const reversal = await double.sendCaptureEvent(
      paypalOrderId,
      webhookUrl(),
      'PAYMENT.CAPTURE.REVERSED',
    );
    expect(reversal.delivery.status).toBe(200);
    // Payments v2 has no REVERSED capture: a reversed one is REFUNDED.
    expect(await captureStatusAtPaypal(paypalOrderId)).toBe('REFUNDED');
    const after = await callEndpoint(api, contract.itemOrders.get, {
      token: buyer.token,
      params: { id: created._id },
    });
    expect(after.body).toMatchObject({ paymentStatus: 'Refunded' });
    expect(after.body.accessUrl).toBeUndefined();
    expect(after.text).not.toContain(SECRET_URL);
  });

  it.each([
    ['lost in the buyer’s favour', 'RESOLVED_BUYER_FAVOUR'],
    ['settled by the seller accepting the claim', 'ACCEPTED'],
  ] as const)('a dispute is kept on the order; %s, it refunds', async (_, outcome) => {
    const buyer = await signUp(api, 'disputer');
    const { order, paypalOrderId } = await paidPackageOrder(buyer);
    const created = await double.sendCaptureEvent(
      paypalOrderId,
      webhookUrl(),
      'CUSTOMER.DISPUTE.CREATED',
    );
    const disputeId = created.event.resource.dispute_id;
    expect(await storedPackageOrder(order)).toMatchObject({
      paymentStatus: 'Paid',
      paymentIssue: { status: 'DISPUTED', captureId: disputeId },
    });
    expect(await balanceOf(buyer)).toBe(50);
    await double.sendCaptureEvent(paypalOrderId, webhookUrl(), 'CUSTOMER.DISPUTE.RESOLVED', {
      disputeOutcome: outcome,
    });
    expect(await storedPackageOrder(order)).toMatchObject({
      paymentStatus: 'Refunded',
      refund: { source: 'dispute', paypalReference: disputeId },
    });
    expect(await balanceOf(buyer)).toBe(0);
  });
});

describe('POST /item-order/:id/refund (admin)', () => {
  const refund = (order: { _id: string }, token: string) =>
    callEndpoint(api, contract.itemOrders.refund, { token, params: { id: order._id } });

  it('refuses a buyer (403) and an unpaid order (409), and changes nothing', async () => {
    const buyer = await signUp(api, 'item-refund-refused');
    const { order, paypalOrderId } = await paidItemOrder(buyer);
    const byBuyer = await refund(order, buyer.token);
    expect(byBuyer.status).toBe(403);
    expect(byBuyer.error?.message).toBe('Admin access required');
    expect(await storedItemOrder(order)).toMatchObject({ paymentStatus: 'Paid' });
    expect(await captureStatusAtPaypal(paypalOrderId)).toBe('COMPLETED');

    const pending = await callEndpoint(api, contract.itemOrders.create, {
      token: buyer.token,
      body: { itemId, ...billing },
    });
    const unpaid = await refund(pending.body, admin.token);
    expect(unpaid.status).toBe(409);
    expect(unpaid.error?.message).toBe('Only a paid order can be refunded.');
    expect(await storedItemOrder(pending.body)).toMatchObject({
      paymentStatus: 'pending',
      orderStatus: 'pending',
    });
    expect(await auditEntriesOf('item-order.refund', order._id)).toBe(0);
    expect(await auditEntriesOf('item-order.refund', pending.body._id)).toBe(0);
  });

  it('refunds at PayPal, marks the order Refunded and withdraws its access link, once', async () => {
    const buyer = await signUp(api, 'item-refunded');
    const { order, paypalOrderId } = await paidItemOrder(buyer);
    const before = await callEndpoint(api, contract.itemOrders.get, {
      token: buyer.token,
      params: { id: order._id },
    });
    expect(before.body.accessUrl).toBe(SECRET_URL);

    const refunded = await refund(order, admin.token);
    expect(refunded.status).toBe(200);
    expect(refunded.body).toMatchObject({
      _id: order._id,
      paymentStatus: 'Refunded',
      orderStatus: 'Refunded',
    });
    expect(refunded.text).not.toContain(SECRET_URL);
    expect(await captureStatusAtPaypal(paypalOrderId)).toBe('REFUNDED');
    expect(await storedItemOrder(order)).toMatchObject({
      refund: { source: 'admin', by: adminEmail },
    });

    for (const persona of [buyer, admin]) {
      const one = await callEndpoint(api, contract.itemOrders.get, {
        token: persona.token,
        params: { id: order._id },
      });
      expect(one.status).toBe(200);
      expect(one.body).toMatchObject({ paymentStatus: 'Refunded' });
      expect(one.text).not.toContain(SECRET_URL);
    }
    const own = await callEndpoint(api, contract.itemOrders.list, {
      token: buyer.token,
      query: { userEmail: buyer.email },
    });
    expect(own.status).toBe(200);
    expect(own.body.map(({ _id, paymentStatus }) => ({ _id, paymentStatus }))).toEqual([
      { _id: order._id, paymentStatus: 'Refunded' },
    ]);
    expect(own.text).not.toContain(SECRET_URL);
    const everyone = await callEndpoint(api, contract.itemOrders.list, { token: admin.token });
    expect(everyone.status).toBe(200);
    const listed = everyone.body.find(({ _id }) => _id === order._id);
    expect(listed).toMatchObject({ paymentStatus: 'Refunded' });
    expect(listed).not.toHaveProperty('accessUrl');

    const again = await refund(order, admin.token);
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe('This order is already refunded.');
    const entries = await api.db
      .collection('audit_log')
      .find({ action: 'item-order.refund', 'target.id': order._id })
      .toArray();
    expect(entries).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ email: adminEmail }),
        before: expect.objectContaining({ paymentStatus: 'Paid' }),
        after: expect.objectContaining({ paymentStatus: 'Refunded' }),
      }),
    ]);
  });
});

describe('an admin refund PayPal cannot make changes nothing', () => {
  const kinds = [
    {
      kind: 'package',
      refundEndpoint: contract.packageOrders.refund,
      action: 'order.refund',
      pay: paidPackageOrder,
      stored: storedPackageOrder,
      creditsAfterPaying: 50,
    },
    {
      kind: 'item',
      refundEndpoint: contract.itemOrders.refund,
      action: 'item-order.refund',
      pay: paidItemOrder,
      stored: storedItemOrder,
      creditsAfterPaying: 0,
    },
  ] as const;

  it.each(kinds)(
    '$kind order: a refund PayPal fails is a 502, the order stays paid, and the retry refunds it',
    async ({ kind, refundEndpoint, action, pay, stored, creditsAfterPaying }) => {
      const buyer = await signUp(api, `${kind}-refund-failing`);
      const { order, paypalOrderId } = await pay(buyer);
      await double.setBehavior({ failNext: { status: 500, on: 'refund' } });
      const refund = () =>
        callEndpoint(api, refundEndpoint, { token: admin.token, params: { id: order._id } });

      const failed = await refund();
      expect(failed.status).toBe(502);
      expect(failed.error?.message).toBe(
        'PayPal could not be reached. Please try again in a moment.',
      );
      expect(await stored(order)).toMatchObject({
        paymentStatus: 'Paid',
        orderStatus: 'Completed',
      });
      expect(await stored(order)).not.toHaveProperty('refund');
      expect(await captureStatusAtPaypal(paypalOrderId)).toBe('COMPLETED');
      expect(await balanceOf(buyer)).toBe(creditsAfterPaying);
      expect(await auditEntriesOf(action, order._id)).toBe(0);

      expect((await refund()).status).toBe(200);
      expect(await captureStatusAtPaypal(paypalOrderId)).toBe('REFUNDED');
      expect(await auditEntriesOf(action, order._id)).toBe(1);
    },
  );

  it.each(kinds)(
    '$kind order: on an API without PayPal credentials a refund is a 503, the order stays paid',
    async ({ kind, refundEndpoint, action, pay, stored, creditsAfterPaying }) => {
      const buyer = await signUp(api, `${kind}-refund-unconfigured`);
      const { order, paypalOrderId } = await pay(buyer);
      // The same shop, started without PAYPAL_* and with no settings saved by an admin.
      const unconfigured = await startTestApi(
        { ADMIN_EMAILS: adminEmail },
        { sameDatabaseAs: api },
      );
      try {
        const refused = await callEndpoint(unconfigured, refundEndpoint, {
          token: admin.token,
          params: { id: order._id },
        });
        expect(refused.status).toBe(503);
        expect(refused.error?.message).toBe(
          'PayPal is not configured: set it up in Settings first.',
        );
      } finally {
        await unconfigured.close();
      }
      expect(await stored(order)).toMatchObject({
        paymentStatus: 'Paid',
        orderStatus: 'Completed',
      });
      expect(await captureStatusAtPaypal(paypalOrderId)).toBe('COMPLETED');
      expect(await balanceOf(buyer)).toBe(creditsAfterPaying);
      expect(await auditEntriesOf(action, order._id)).toBe(0);
    },
  );
});

describe('item 6: replays and forged deliveries', () => {
  it('a replayed delivery is acknowledged and ignored, without asking PayPal again', async () => {
    const buyer = await signUp(api, 'replayed');
    const { order, paypalOrderId } = await paidPackageOrder(buyer);
    const first = await double.sendCaptureEvent(
      paypalOrderId,
      webhookUrl(),
      'PAYMENT.CAPTURE.REFUNDED',
    );
    expect(first.delivery.status).toBe(200);

    // Were PayPal asked to verify the replay, this would make the API answer 502.
    await double.setBehavior({ failNext: { status: 500, on: 'verify' } });
    const replay = await deliver(first.event, first.delivery.headers);
    expect(replay.status).toBe(200);
    expect(await reversalsOf(order._id)).toBe(1);
    expect(
      await api.db.collection('paypal_webhook_deliveries').countDocuments({
        transmissionId: first.delivery.headers['paypal-transmission-id'],
      }),
    ).toBe(1);
  });

  it('refuses deliveries without PayPal’s headers or naming a foreign certificate, before any call to PayPal', async () => {
    const buyer = await signUp(api, 'forged');
    const { paypalOrderId } = await paidPackageOrder(buyer);
    const sample = await double.sendCaptureEvent(
      paypalOrderId,
      webhookUrl(),
      'CUSTOMER.DISPUTE.CREATED',
    );
    expect(sample.delivery.status).toBe(200);

    await double.setBehavior({ failNext: { status: 500, on: 'verify' } });
    const bare = await deliver(sample.event, { 'content-type': 'application/json' });
    expect(bare.status).toBe(400);
    const forged = await deliver(sample.event, {
      ...sample.delivery.headers,
      'paypal-transmission-id': `${sample.delivery.headers['paypal-transmission-id']}-forged`,
      'paypal-cert-url': 'https://evil.example/v1/notifications/certs/CERT-evil',
    });
    expect(forged.status).toBe(400);
    // The failure armed for one verify call is still there: the refused deliveries never
    // reached PayPal, and the next genuine one meets it.
    const genuine = await double.sendCaptureEvent(
      paypalOrderId,
      webhookUrl(),
      'PAYMENT.CAPTURE.REFUNDED',
    );
    expect(genuine.delivery.status).toBe(502);
  });
});
