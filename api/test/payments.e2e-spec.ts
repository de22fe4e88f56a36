import { contract, type BodyOf, type PackageOrder } from '@coldmail/contracts';
import { mongo } from 'mongoose';
import { CreditsService } from '../src/credits/credits.service';
import { paypalDouble } from './support/paypal-double';
import {
  call,
  callEndpoint,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from './support/test-api';

type ErrorBody = { statusCode: number; message: string; fieldErrors?: Record<string, string> };

const paypal = paypalDouble();
let api: TestApi;
let admin: Persona;
let buyer: Persona;
let other: Persona;
const packages: Record<'pro' | 'cheap', string> = { pro: '', cheap: '' };
let itemId: string;
const adminEmail = `admin-${unique()}@coldmail.test`;
const billing = { customerName: 'Ada Buyer', address: '1 Loop Road', country: 'France' };
const SECRET_URL = 'https://files.test/secret-playbook.pdf';

const users = () => api.db.collection('users');
const orders = () => api.db.collection('orders');

const creditEntries = () => api.db.collection('creditEntries');
const balanceOf = async (persona: Persona) =>
  (await users().findOne({ userEmail: persona.email }))?.currentBalance as number;
const storedOrder = (order: { _id: string }) =>
  orders().findOne({ _id: new mongo.ObjectId(order._id) });

beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: adminEmail, ...paypal.env });
  admin = await signUp(api, 'admin', { email: adminEmail });
  [buyer, other] = await Promise.all([signUp(api, 'buyer'), signUp(api, 'other')]);
  for (const [key, body] of [
    ['pro', { packageName: 'Pro', price: 24.5, credit: 200, validity: 90 }],
    ['cheap', { packageName: 'Cheap', price: 1, credit: 1, validity: 1 }],
  ] as const) {
    const created = await callEndpoint(api, contract.packages.add, { token: admin.token, body });
    packages[key] = created.body._id;
  }
  const item = await callEndpoint(api, contract.items.create, {
    token: admin.token,
    body: { name: 'Playbook', slug: 'playbook', price: 19, accessUrl: SECRET_URL },
  });
  itemId = item.body._id;
});

afterEach(async () => {
  await paypal.resetBehavior();
});

afterAll(async () => {
  await api?.close();
});

async function packageOrder(persona: Persona, which: 'pro' | 'cheap' = 'pro') {
  const created = await callEndpoint(api, contract.packageOrders.create, {
    token: persona.token,
    body: { packageId: packages[which], ...billing },
  });
  expect(created.status).toBe(201);
  return created.body;
}

async function itemOrder(persona: Persona) {
  const created = await callEndpoint(api, contract.itemOrders.create, {
    token: persona.token,
    body: { itemId, ...billing },
  });
  expect(created.status).toBe(201);
  return created.body;
}

const createPaypalOrder = (persona: Persona, orderId: string, kind: 'package' | 'item') =>
  callEndpoint(api, contract.payments.createPaypalOrder, {
    token: persona.token,
    body: { orderId, kind },
  });

/** What the buyer's browser does: our API creates the PayPal order, the buyer approves it. */
async function approvedPaypalOrder(
  persona: Persona,
  order: { _id: string },
  kind: 'package' | 'item' = 'package',
) {
  const created = await createPaypalOrder(persona, order._id, kind);
  expect(created.status).toBe(201);
  await paypal.approve(created.body.id, `payer-${persona.email}`);
  return created.body.id;
}

const completePackage = (persona: Persona, order: { _id: string }, paypalOrderId: string) =>
  callEndpoint(api, contract.payments.completePackage, {
    token: persona.token,
    params: { id: order._id },
    body: { paypalOrderId },
  });

const completeItem = (persona: Persona, order: { _id: string }, paypalOrderId: string) =>
  callEndpoint(api, contract.payments.completeItem, {
    token: persona.token,
    params: { id: order._id },
    body: { paypalOrderId },
  });

const webhookUrl = () => `${api.url}/api/paypal/webhook`;

describe('POST /api/paypal/orders', () => {
  it('creates the PayPal order from the stored order: amount, breakdown and references', async () => {
    const order = await packageOrder(buyer);
    const created = await createPaypalOrder(buyer, order._id, 'package');
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(String) });
    const atPaypal = await paypal.order(created.body.id);
    // Created with a PayPal payment source, the order waits for the buyer's approval.
    expect(atPaypal).toMatchObject({ intent: 'CAPTURE', status: 'PAYER_ACTION_REQUIRED' });
    expect(atPaypal?.purchase_units).toHaveLength(1);
    expect(atPaypal?.purchase_units[0]).toMatchObject({
      description: 'Pro',
      custom_id: order.orderId,
      invoice_id: order.paymentId,
      amount: {
        currency_code: 'USD',
        value: '24.50',
        breakdown: {
          item_total: { currency_code: 'USD', value: '24.50' },
          handling: { currency_code: 'USD', value: '0.00' },
        },
      },
    });
  });

  it('is for the order’s buyer only, and only while it is pending', async () => {
    const order = await packageOrder(buyer);
    expect((await createPaypalOrder(other, order._id, 'package')).status).toBe(404);
    expect((await createPaypalOrder(admin, order._id, 'package')).status).toBe(404);
    // A package order id is not an item order id.
    expect((await createPaypalOrder(buyer, order._id, 'item')).status).toBe(404);
    await orders().updateOne(
      { _id: new mongo.ObjectId(order._id) },
      { $set: { paymentStatus: 'Paid' } },
    );
    const paid = await createPaypalOrder(buyer, order._id, 'package');
    expect(paid.status).toBe(409);
    expect(paid.error?.message).toBe('This order is already paid.');
  });

  it('does not let a buyer made a Seller since ordering pay, nor capture an approved payment', async () => {
    const turned = await signUp(api, 'turned-seller');
    const order = await packageOrder(turned);
    const approved = await approvedPaypalOrder(turned, order);
    const another = await packageOrder(turned);
    const made = await callEndpoint(api, contract.users.adminUpdate, {
      token: admin.token,
      params: { id: turned.id },
      body: { userRole: 'Seller' },
    });
    expect(made.status).toBe(200);

    const created = await createPaypalOrder(turned, another._id, 'package');
    expect(created.status).toBe(403);
    expect(created.error?.message).toBe('Sellers cannot purchase products');
    const completed = await completePackage(turned, order, approved);
    expect(completed.status).toBe(403);
    expect(await storedOrder(order)).toMatchObject({ paymentStatus: 'pending' });
    expect(await balanceOf(turned)).toBe(0);
    expect((await paypal.order(approved))?.status).toBe('APPROVED');
  });

  it.each([
    [{ orderId: { $gt: '' }, kind: 'package' }],
    [{ orderId: '0123456789abcdef01234567', kind: 'gift' }],
    [{ orderId: '0123456789abcdef01234567', kind: 'package', amount: '0.01' }],
  ])('refuses a malformed body with 400: %j', async (json) => {
    const response = await call(api, 'POST', '/api/paypal/orders', { token: buyer.token, json });
    expect(response.status).toBe(400);
  });

  it('answers 503 while payments are switched off', async () => {
    const order = await packageOrder(buyer);
    const settings: BodyOf<typeof contract.paypalSettings.update> = {
      clientId: paypal.env.PAYPAL_CLIENT_ID,
      mode: 'sandbox',
      currency: 'USD',
      enablePayPal: false,
      buttonStyles: { layout: 'vertical', color: 'blue', shape: 'rect', label: 'pay' },
    };
    await callEndpoint(api, contract.paypalSettings.update, { token: admin.token, body: settings });
    try {
      const response = await createPaypalOrder(buyer, order._id, 'package');
      expect(response.status).toBe(503);
      expect(response.error?.message).toBe('PayPal payments are currently unavailable.');
    } finally {
      await callEndpoint(api, contract.paypalSettings.reset, { token: admin.token });
    }
  });
});

describe('PUT /process-payment-complete/:id', () => {
  it('captures, marks the order paid and credits the buyer', async () => {
    const before = await balanceOf(buyer);
    const order = await packageOrder(buyer);
    const paypalOrderId = await approvedPaypalOrder(buyer, order);
    const response = await completePackage(buyer, order, paypalOrderId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      message: 'Payment processed successfully',
      alreadyProcessed: false,
      currentBalance: before + 200,
    });
    expect(response.headers.get('server-timing')).toMatch(
      /^paypal;dur=[\d.]+;desc="\d+ calls", app;dur=[\d.]+, total;dur=[\d.]+$/,
    );
    expect(await balanceOf(buyer)).toBe(before + 200);

    const capture = (await paypal.order(paypalOrderId))?.purchase_units[0]?.payments?.captures[0];
    const read = await callEndpoint(api, contract.packageOrders.get, {
      token: buyer.token,
      params: { id: order._id },
    });
    const expiry = Date.parse(order.createdAt) + 90 * 24 * 60 * 60 * 1000;
    expect(read.body).toMatchObject({
      paymentStatus: 'Paid',
      orderStatus: 'Completed',
      paymentMethod: 'Paypal',
      paypalTransactionID: capture?.id,
      payerEmail: `payer-${buyer.email}`,
      captureTime: capture?.create_time,
      MembershipValidity: new Date(expiry).toISOString(),
    });
  });

  // Issue 30, item 8: two tabs, each with its own approved PayPal order for the same order.
  it('never captures twice when two PayPal orders of one order are completed at once', async () => {
    const before = await balanceOf(buyer);
    const order = await packageOrder(buyer);
    const [first, second] = [
      await approvedPaypalOrder(buyer, order),
      await approvedPaypalOrder(buyer, order),
    ];
    const results = await Promise.all([
      completePackage(buyer, order, first),
      completePackage(buyer, order, second),
      completePackage(buyer, order, first),
      completePackage(buyer, order, second),
    ]);
    // Each call is paid (by whichever PayPal order was captured) or told to wait and check.
    for (const result of results) expect([200, 409]).toContain(result.status);
    expect(results.some((result) => result.status === 200)).toBe(true);
    const captured = [];
    for (const id of [first, second]) {
      const atPaypal = await paypal.order(id);
      captured.push(...(atPaypal?.purchase_units[0]?.payments?.captures ?? []));
    }
    expect(captured).toHaveLength(1);
    expect(await storedOrder(order)).toMatchObject({
      paymentStatus: 'Paid',
      paypalTransactionID: captured[0]?.id,
    });
    expect(await balanceOf(buyer)).toBe(before + 200);
    // The other tab, completed again later, is told the order is paid; nothing more is captured.
    const later = await completePackage(buyer, order, second);
    expect(later.status).toBe(200);
    expect(later.body.alreadyProcessed).toBe(true);
    const capturedAfter = (
      await Promise.all([first, second].map((id) => paypal.order(id)))
    ).flatMap((atPaypal) => atPaypal?.purchase_units[0]?.payments?.captures ?? []);
    expect(capturedAfter).toHaveLength(1);
  });

  it('refunds a second capture of a paid order at once: browser capture in one tab, server capture in another', async () => {
    // A merchant account that allows duplicate invoice ids (PayPal blocks them by default, and
    // then the second capture never happens).
    await paypal.setBehavior({ duplicateInvoiceIds: 'allow' });
    const before = await balanceOf(buyer);
    const order = await packageOrder(buyer);
    const [inBrowser, onServer] = [
      await approvedPaypalOrder(buyer, order),
      await approvedPaypalOrder(buyer, order),
    ];
    // One tab's browser captures its PayPal order through PayPal's SDK; the other tab asks our
    // server to complete with its own, which captures that one too.
    const browserCapture = await paypal.captureInBrowser(inBrowser);
    const paid = await completePackage(buyer, order, onServer);
    expect(paid.status).toBe(200);
    const serverCapture = (await storedOrder(order))?.paypalTransactionID as string;
    expect(serverCapture).not.toBe(browserCapture.id);

    // The first tab reports its capture: the order is paid already, so that money goes back.
    const second = await completePackage(buyer, order, inBrowser);
    expect(second.status).toBe(200);
    expect(second.body.alreadyProcessed).toBe(true);
    const paymentsOf = async (paypalOrderId: string) =>
      (await paypal.order(paypalOrderId))?.purchase_units[0]?.payments as
        | {
            captures?: { id: string; status: string }[];
            refunds?: { id: string; amount?: { value: string } }[];
          }
        | undefined;
    const refunded = await paymentsOf(inBrowser);
    expect(refunded?.captures?.[0]?.status).toBe('REFUNDED');
    expect(Number(refunded?.refunds?.[0]?.amount?.value)).toBe(Number(order.totalPrice));
    const stored = await storedOrder(order);
    expect(stored?.paypalTransactionID).toBe(serverCapture);
    expect(stored?.duplicateCaptures?.[browserCapture.id]?.refundId).toBe(
      refunded?.refunds?.[0]?.id,
    );
    // Credited once; the server's capture stands.
    expect(await balanceOf(buyer)).toBe(before + 200);
    expect((await paymentsOf(onServer))?.captures?.[0]?.status).toBe('COMPLETED');

    // Reported again, by the tab and by PayPal's webhook for that capture: refunded once only.
    await completePackage(buyer, order, inBrowser);
    const { delivery } = await paypal.sendCaptureEvent(inBrowser, webhookUrl());
    expect(delivery.status).toBe(200);
    expect((await paymentsOf(inBrowser))?.refunds).toHaveLength(1);
  });

  it('credits once under 20 concurrent completion calls and a webhook for the same payment', async () => {
    const before = await balanceOf(buyer);
    const order = await packageOrder(buyer);
    const paypalOrderId = await approvedPaypalOrder(buyer, order);

    const completions = Array.from({ length: 20 }, () =>
      completePackage(buyer, order, paypalOrderId),
    );
    // The webhook can only be made once PayPal has the capture; send it while calls are in flight.
    let captured = false;
    while (!captured) {
      captured = (await paypal.order(paypalOrderId))?.status === 'COMPLETED';
      if (!captured) await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const [webhook, ...results] = await Promise.all([
      paypal.sendCaptureEvent(paypalOrderId, webhookUrl()),
      ...completions,
    ]);

    expect(webhook.delivery.status).toBe(200);
    expect(results.map((result) => result.status)).toEqual(Array(20).fill(200));
    expect(results.every((result) => result.body.success)).toBe(true);
    expect(results.filter((result) => !result.body.alreadyProcessed).length).toBeLessThanOrEqual(1);
    expect(results.map((result) => result.body.currentBalance)).toEqual(
      Array(20).fill(before + 200),
    );
    expect(await balanceOf(buyer)).toBe(before + 200);
    const stored = await storedOrder(order);
    expect(stored).toMatchObject({ paymentStatus: 'Paid', creditApplied: true });
    const credits = await creditEntries().find({ reference: order._id }).toArray();
    expect(credits).toEqual([
      expect.objectContaining({ reason: 'purchase', status: 'applied', delta: 200 }),
    ]);

    // Retries later change nothing either.
    const again = await completePackage(buyer, order, paypalOrderId);
    expect(again.body).toMatchObject({ success: true, alreadyProcessed: true });
    expect((await paypal.sendCaptureEvent(paypalOrderId, webhookUrl())).delivery.status).toBe(200);
    expect(await balanceOf(buyer)).toBe(before + 200);
  });

  it('a declined capture credits nothing and leaves the order pending (402)', async () => {
    const before = await balanceOf(buyer);
    const order = await packageOrder(buyer);
    const paypalOrderId = await approvedPaypalOrder(buyer, order);
    await paypal.setBehavior({ capture: 'DECLINED' });
    const declined = await completePackage(buyer, order, paypalOrderId);
    expect(declined.status).toBe(402);
    expect(declined.error?.message).toMatch(/^PayPal declined the payment/);
    expect(await balanceOf(buyer)).toBe(before);
    expect(await storedOrder(order)).toMatchObject({
      paymentStatus: 'pending',
      orderStatus: 'pending',
      paymentIssue: { status: 'DECLINED' },
    });

    // The buyer picks another funding source: the same PayPal order now goes through.
    await paypal.resetBehavior();
    const retried = await completePackage(buyer, order, paypalOrderId);
    expect(retried.body).toMatchObject({ success: true, alreadyProcessed: false });
    expect(await balanceOf(buyer)).toBe(before + 200);
    expect((await storedOrder(order))?.paymentIssue).toBeUndefined();
  });

  // PayPal's other refusals of a capture: TRANSACTION_REFUSED is a decline like
  // INSTRUMENT_DECLINED (402, kept on the order); the rest are PayPal failing the payment (422).
  it.each([
    ['TRANSACTION_REFUSED', 402, /^PayPal declined the payment/, 'DECLINED'],
    [
      'PAYER_CANNOT_PAY',
      422,
      /^PayPal could not process the payment\. Please try again or contact support\.$/,
      undefined,
    ],
    [
      'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED',
      422,
      /^PayPal could not process the payment\. Please try again or contact support\.$/,
      undefined,
    ],
  ] as const)(
    'a capture PayPal refuses with %s answers %i, credits nothing, and the payment can be retried',
    async (issue, status, message, recorded) => {
      const before = await balanceOf(buyer);
      const order = await packageOrder(buyer);
      const paypalOrderId = await approvedPaypalOrder(buyer, order);
      await paypal.setBehavior({ capture: issue });
      const refused = await completePackage(buyer, order, paypalOrderId);
      expect(refused.status).toBe(status);
      expect(refused.error?.message).toMatch(message);
      expect(refused.text).not.toContain(issue);
      expect(await balanceOf(buyer)).toBe(before);
      const stored = await storedOrder(order);
      expect(stored).toMatchObject({ paymentStatus: 'pending', orderStatus: 'pending' });
      expect(stored?.paymentIssue?.status).toBe(recorded);
      // Nothing was captured and the order's capture is free again.
      expect((await paypal.order(paypalOrderId))?.status).toBe('APPROVED');
      await paypal.resetBehavior();
      const retried = await completePackage(buyer, order, paypalOrderId);
      expect(retried.body).toMatchObject({ success: true, currentBalance: before + 200 });
    },
  );

  it.each([
    ['amount', { captureAmount: '0.01' }],
    ['currency', { captureCurrency: 'EUR' }],
  ])(
    'a capture of another %s credits nothing and leaves the order pending (422)',
    async (_c, behavior) => {
      const before = await balanceOf(buyer);
      const order = await packageOrder(buyer);
      const paypalOrderId = await approvedPaypalOrder(buyer, order);
      await paypal.setBehavior(behavior);
      const response = await completePackage(buyer, order, paypalOrderId);
      expect(response.status).toBe(422);
      expect(response.error?.message).toBe(
        'The amount PayPal captured does not match this order. Please contact support.',
      );
      expect(await balanceOf(buyer)).toBe(before);
      expect(await storedOrder(order)).toMatchObject({ paymentStatus: 'pending' });
      // Asking again does not change the answer.
      expect((await completePackage(buyer, order, paypalOrderId)).status).toBe(422);
      expect(await balanceOf(buyer)).toBe(before);
    },
  );

  it("refuses a cheap order's payment presented for an expensive order (custom_id)", async () => {
    const before = await balanceOf(buyer);
    const cheap = await packageOrder(buyer, 'cheap');
    const expensive = await packageOrder(buyer, 'pro');
    const cheapPayment = await approvedPaypalOrder(buyer, cheap);
    const response = await completePackage(buyer, expensive, cheapPayment);
    expect(response.status).toBe(422);
    expect(response.error?.message).toBe('This PayPal payment is not for this order.');
    expect(await storedOrder(expensive)).toMatchObject({ paymentStatus: 'pending' });
    // Nothing was captured for the wrong order; the cheap one can still be paid properly.
    expect((await paypal.order(cheapPayment))?.status).toBe('APPROVED');
    expect((await completePackage(buyer, cheap, cheapPayment)).body.currentBalance).toBe(
      before + 1,
    );
  });

  it("refuses another buyer's payment and an item order's payment", async () => {
    const mine = await packageOrder(buyer);
    const theirs = await packageOrder(other);
    const theirPayment = await approvedPaypalOrder(other, theirs);
    expect((await completePackage(buyer, mine, theirPayment)).status).toBe(422);
    const item = await itemOrder(buyer);
    const itemPayment = await approvedPaypalOrder(buyer, item, 'item');
    expect((await completePackage(buyer, mine, itemPayment)).status).toBe(422);
    expect(await storedOrder(mine)).toMatchObject({ paymentStatus: 'pending' });
    // Refused before capturing: nobody was charged for the wrong order.
    expect((await paypal.order(theirPayment))?.status).toBe('APPROVED');
    expect((await paypal.order(itemPayment))?.status).toBe('APPROVED');
  });

  it('refuses a payment the buyer has not approved, or that PayPal does not know (422)', async () => {
    const order = await packageOrder(buyer);
    const created = await createPaypalOrder(buyer, order._id, 'package');
    const unapproved = await completePackage(buyer, order, created.body.id);
    expect(unapproved.status).toBe(422);
    expect(unapproved.error?.message).toBe('The payment has not been approved in PayPal yet.');
    const unknown = await completePackage(buyer, order, 'NOSUCHORDER123');
    expect(unknown.status).toBe(422);
    // Not a PayPal order our server created for this order: refused before PayPal is asked.
    expect(unknown.error?.message).toBe('This PayPal payment is not for this order.');
  });

  it('answers 502 when PayPal is down, and a retry completes the payment', async () => {
    const before = await balanceOf(buyer);
    const order = await packageOrder(buyer);
    const paypalOrderId = await approvedPaypalOrder(buyer, order);
    await paypal.setBehavior({ failNext: { status: 503, on: 'capture' } });
    const failed = await completePackage(buyer, order, paypalOrderId);
    expect(failed.status).toBe(502);
    expect(failed.error?.message).toBe(
      'PayPal could not be reached. Please try again in a moment.',
    );
    expect(failed.text).not.toMatch(/SERVICE_UNAVAILABLE|debug_id|secret/i);
    expect(await storedOrder(order)).toMatchObject({ paymentStatus: 'pending' });
    const retried = await completePackage(buyer, order, paypalOrderId);
    expect(retried.body).toMatchObject({ success: true, currentBalance: before + 200 });
  });

  it('a capture PayPal holds as PENDING waits for the webhook, which completes it', async () => {
    const before = await balanceOf(buyer);
    const order = await packageOrder(buyer);
    const paypalOrderId = await approvedPaypalOrder(buyer, order);
    await paypal.setBehavior({ capture: 'PENDING' });
    const pending = await completePackage(buyer, order, paypalOrderId);
    expect(pending.status).toBe(202);
    expect(pending.body).toMatchObject({ success: false, alreadyProcessed: false });
    expect(await storedOrder(order)).toMatchObject({
      paymentStatus: 'pending',
      paymentIssue: { status: 'PENDING' },
    });
    expect(await balanceOf(buyer)).toBe(before);

    const { delivery } = await paypal.sendCaptureEvent(paypalOrderId, webhookUrl());
    expect(delivery.status).toBe(200);
    expect(await storedOrder(order)).toMatchObject({ paymentStatus: 'Paid', creditApplied: true });
    expect(await balanceOf(buyer)).toBe(before + 200);
    const after = await completePackage(buyer, order, paypalOrderId);
    expect(after.body).toMatchObject({ success: true, alreadyProcessed: true });
  });

  it('is for the order’s buyer only', async () => {
    const order = await packageOrder(buyer);
    const paypalOrderId = await approvedPaypalOrder(buyer, order);
    for (const persona of [other, admin]) {
      const response = await completePackage(persona, order, paypalOrderId);
      expect(response.status).toBe(404);
    }
    expect((await paypal.order(paypalOrderId))?.status).toBe('APPROVED');
    expect(await storedOrder(order)).toMatchObject({ paymentStatus: 'pending' });
  });

  it.each([[''], ['../../v1/oauth2/token']])(
    'refuses a malformed PayPal order id with 400: %j',
    async (paypalOrderId) => {
      const order = await packageOrder(buyer);
      expect((await completePackage(buyer, order, paypalOrderId)).status).toBe(400);
    },
  );

  it.each([[{ $gt: '' }]])(
    'refuses a malformed PayPal order id with 400: %j',
    async (paypalOrderId) => {
      const order = await packageOrder(buyer);
      const response = await call(api, 'PUT', `/process-payment-complete/${order._id}`, {
        token: buyer.token,
        json: { paypalOrderId },
      });
      expect(response.status).toBe(400);
    },
  );

  it('does not obey client-reported completion fields: a capture PayPal does not have is refused', async () => {
    const order = await packageOrder(buyer);
    const balance = await balanceOf(buyer);
    const response = await callEndpoint(api, contract.payments.completePackage, {
      token: buyer.token,
      params: { id: order._id },
      body: { paypalTransactionID: 'FAKE', status: 'COMPLETED', credit: 1000 },
    });
    expect(response.status).toBe(422);
    expect(await storedOrder(order)).toMatchObject({ paymentStatus: 'pending' });
    expect(await balanceOf(buyer)).toBe(balance);
    // Neither an order id nor a capture id: a clear 400.
    const neither = await call<ErrorBody>(api, 'PUT', `/process-payment-complete/${order._id}`, {
      token: buyer.token,
      json: { status: 'COMPLETED', credit: 1000 },
    });
    expect(neither.status).toBe(400);
  });
});

describe('recovery after a crash between paying and crediting', () => {
  it('credits a paid order that was never credited, once, on the next call', async () => {
    const before = await balanceOf(buyer);
    const order = await packageOrder(buyer);
    // The state a crash right after step 1 (order marked paid) leaves behind.
    await orders().updateOne(
      { _id: new mongo.ObjectId(order._id) },
      { $set: { paymentStatus: 'Paid', orderStatus: 'Completed', paypalTransactionID: 'CAP1' } },
    );
    const first = await completePackage(buyer, order, 'ANYID');
    expect(first.body).toMatchObject({ success: true, alreadyProcessed: true });
    expect(await balanceOf(buyer)).toBe(before + 200);
    await completePackage(buyer, order, 'ANYID');
    expect(await balanceOf(buyer)).toBe(before + 200);
  });

  it('does not credit twice when the crash came after the credit but before the flag', async () => {
    const before = await balanceOf(buyer);
    const order = await packageOrder(buyer);
    const id = new mongo.ObjectId(order._id);
    await orders().updateOne(
      { _id: id },
      { $set: { paymentStatus: 'Paid', orderStatus: 'Completed', paypalTransactionID: 'CAP2' } },
    );
    // What the crashed process had done: the ledger credited the order.
    await api.app.get(CreditsService).creditPurchase(buyer.id, order._id, 200);
    const response = await completePackage(buyer, order, 'ANYID');
    expect(response.body).toMatchObject({ success: true, currentBalance: before + 200 });
    expect(await balanceOf(buyer)).toBe(before + 200);
    expect(await storedOrder(order)).toMatchObject({ creditApplied: true });
  });

  it('finishes crediting when the API starts again', async () => {
    // Its own buyer: the restart also credits other tests' paid-but-uncredited orders.
    const restartBuyer = await signUp(api, 'restart');
    const order = await packageOrder(restartBuyer);
    await orders().updateOne(
      { _id: new mongo.ObjectId(order._id) },
      { $set: { paymentStatus: 'Paid', orderStatus: 'Completed', paypalTransactionID: 'CAP3' } },
    );
    const restarted = await startTestApi(paypal.env, { sameDatabaseAs: api });
    await restarted.close();
    expect(await balanceOf(restartBuyer)).toBe(200);
    expect(await storedOrder(order)).toMatchObject({ creditApplied: true });
  });
});

describe('POST /api/paypal/webhook', () => {
  async function capturedPendingOrder() {
    const order = await packageOrder(buyer);
    const paypalOrderId = await approvedPaypalOrder(buyer, order);
    await paypal.setBehavior({ capture: 'PENDING' });
    expect((await completePackage(buyer, order, paypalOrderId)).status).toBe(202);
    await paypal.resetBehavior();
    return { order, paypalOrderId };
  }

  it('refuses forged deliveries (400 without PayPal headers, 401 with a bad signature)', async () => {
    const before = await balanceOf(buyer);
    const { order, paypalOrderId } = await capturedPendingOrder();
    // A genuine delivery's headers, to replay with a different body; sent to a dead end first.
    const genuine = await paypal.sendCaptureEvent(paypalOrderId, `${api.url}/api/health`);
    const event = genuine.event;
    const post = (headers: Record<string, string>, body: unknown) =>
      call<ErrorBody>(api, 'POST', '/api/paypal/webhook', { headers, json: body });

    expect((await post({}, event)).status).toBe(400);
    const forgedSignature = { ...genuine.delivery.headers, 'paypal-transmission-sig': 'AAAA' };
    expect((await post(forgedSignature, event)).status).toBe(401);
    const tampered = { ...event, resource: { ...event.resource, custom_id: 'ZZZZZZZZ' } };
    const replay = await post(genuine.delivery.headers, tampered);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe('Webhook signature could not be verified');

    expect(await storedOrder(order)).toMatchObject({ paymentStatus: 'pending' });
    expect(await balanceOf(buyer)).toBe(before);
  });

  // Issue 30, item 5: a delivery is done only once its effects are stored.
  it('finishes a delivery a stopped process left half done when PayPal retries it, never one still under way', async () => {
    const before = await balanceOf(buyer);
    const { order, paypalOrderId } = await capturedPendingOrder();
    // PayPal's delivery, as it will send it again: sent to a dead end first.
    const genuine = await paypal.sendCaptureEvent(paypalOrderId, `${api.url}/api/health`);
    const transmissionId = genuine.delivery.headers['paypal-transmission-id'];
    const retry = () =>
      fetch(webhookUrl(), {
        method: 'POST',
        headers: genuine.delivery.headers,
        body: genuine.delivery.payload,
      });
    const deliveries = api.db.collection('paypal_webhook_deliveries');
    const recorded = {
      transmissionId,
      eventId: genuine.event.id,
      eventType: genuine.event.event_type,
      receivedAt: new Date(),
      status: 'processing',
    };

    // Another instance is at it right now: PayPal is told to come back (it retries non-2xx).
    await deliveries.insertOne({ ...recorded, startedAt: new Date() });
    expect((await retry()).status).toBe(409);
    expect(await storedOrder(order)).toMatchObject({ paymentStatus: 'pending' });

    // The process that recorded it stopped three minutes ago, before storing anything.
    await deliveries.updateOne(
      { transmissionId },
      { $set: { startedAt: new Date(Date.now() - 3 * 60_000) } },
    );
    expect((await retry()).status).toBe(200);
    expect(await storedOrder(order)).toMatchObject({ paymentStatus: 'Paid', creditApplied: true });
    expect(await balanceOf(buyer)).toBe(before + 200);
    expect(await deliveries.findOne({ transmissionId })).toMatchObject({ status: 'done' });

    // Done: a further retry is a replay.
    expect((await retry()).status).toBe(200);
    expect(await balanceOf(buyer)).toBe(before + 200);
  });

  it('records a denied capture and keeps the order pending', async () => {
    const before = await balanceOf(buyer);
    const { order, paypalOrderId } = await capturedPendingOrder();
    const { delivery } = await paypal.sendCaptureEvent(
      paypalOrderId,
      webhookUrl(),
      'PAYMENT.CAPTURE.DENIED',
    );
    expect(delivery.status).toBe(200);
    expect(await storedOrder(order)).toMatchObject({
      paymentStatus: 'pending',
      paymentIssue: { status: 'DENIED' },
    });
    expect(await balanceOf(buyer)).toBe(before);
  });

  it('ignores a completed capture whose amount does not match the order', async () => {
    const before = await balanceOf(buyer);
    const order = await packageOrder(buyer);
    const paypalOrderId = await approvedPaypalOrder(buyer, order);
    await paypal.setBehavior({ captureAmount: '0.01' });
    expect((await completePackage(buyer, order, paypalOrderId)).status).toBe(422);
    const { delivery } = await paypal.sendCaptureEvent(paypalOrderId, webhookUrl());
    expect(delivery.status).toBe(200);
    expect(await storedOrder(order)).toMatchObject({ paymentStatus: 'pending' });
    expect(await balanceOf(buyer)).toBe(before);
  });

  it('answers 503 when no webhook id is configured', async () => {
    const { PAYPAL_WEBHOOK_ID: _unset, ...env } = paypal.env;
    const unconfigured = await startTestApi(env);
    try {
      const order = await packageOrder(buyer);
      const paypalOrderId = await approvedPaypalOrder(buyer, order);
      await completePackage(buyer, order, paypalOrderId);
      const { delivery } = await paypal.sendCaptureEvent(
        paypalOrderId,
        `${unconfigured.url}/api/paypal/webhook`,
      );
      expect(delivery.status).toBe(503);
    } finally {
      await unconfigured.close();
    }
  });
});

describe('PUT /item-update-payment-status/:id', () => {
  it('marks the item order paid and reveals its accessUrl to the buyer and admins only', async () => {
    const order = await itemOrder(buyer);
    const paypalOrderId = await approvedPaypalOrder(buyer, order, 'item');
    const response = await completeItem(buyer, order, paypalOrderId);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, matchedCount: 1, modifiedCount: 1 });
    expect(response.headers.get('server-timing')).toMatch(/paypal;dur=/);
    const again = await completeItem(buyer, order, paypalOrderId);
    expect(again.body).toEqual({ success: true, matchedCount: 1, modifiedCount: 0 });

    for (const persona of [buyer, admin]) {
      const read = await callEndpoint(api, contract.itemOrders.get, {
        token: persona.token,
        params: { id: order._id },
      });
      expect(read.body).toMatchObject({
        paymentStatus: 'Paid',
        orderStatus: 'Completed',
        paymentMethod: 'Paypal',
        accessUrl: SECRET_URL,
      });
    }
    const list = await callEndpoint(api, contract.itemOrders.list, {
      token: buyer.token,
      query: { userEmail: buyer.email },
    });
    expect(list.body.find((found) => found._id === order._id)?.accessUrl).toBe(SECRET_URL);
    const params = { id: order._id };
    const stranger = await callEndpoint(api, contract.itemOrders.get, {
      token: other.token,
      params,
    });
    expect(stranger.status).toBe(404);
    expect(stranger.text).not.toContain('secret-playbook');
    const verify = await callEndpoint(api, contract.itemOrders.verify, {
      token: buyer.token,
      params,
    });
    expect(verify.body).toEqual({
      success: true,
      verified: true,
      paymentStatus: 'Paid',
      orderStatus: 'Completed',
    });
  });

  it('answers failures in the item shape, leaving the order pending', async () => {
    const order = await itemOrder(buyer);
    const paypalOrderId = await approvedPaypalOrder(buyer, order, 'item');
    await paypal.setBehavior({ capture: 'DECLINED' });
    const declined = await completeItem(buyer, order, paypalOrderId);
    expect(declined.status).toBe(402);
    expect(declined.body).toEqual({
      success: false,
      matchedCount: 0,
      modifiedCount: 0,
      error: expect.stringMatching(/^PayPal declined the payment/),
    });
    const stranger = await completeItem(other, order, paypalOrderId);
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({
      success: false,
      matchedCount: 0,
      modifiedCount: 0,
      error: 'Order not found',
    });
    const stored = await orders().findOne({ _id: new mongo.ObjectId(order._id) });
    expect(stored).toMatchObject({ paymentStatus: 'pending' });
    const read = await callEndpoint(api, contract.itemOrders.get, {
      token: buyer.token,
      params: { id: order._id },
    });
    expect(read.text).not.toContain('secret-playbook');
  });
});

// Issue 34: the spec's client captures in the browser, then reports the capture with its own
// payment data. The server looks the capture up at PayPal and fulfils only a completed capture
// of a PayPal order it created for this order, for its amount; every other field is ignored.
describe('a capture the spec’s client made in the browser, reported with the spec’s payload', () => {
  /** The spec's payment completion data (visitor-and-buyer.md §5), with forged extras. */
  const completionData = (order: PackageOrder, captureId: string) => ({
    paypalTransactionID: captureId,
    payerEmail: 'someone@paypal.test',
    captureTime: '2020-01-01T00:00:00Z',
    paymentId: order.paymentId,
    orderId: order.orderId,
    status: 'Paid',
    orderStatus: 'Completed',
    paymentMethod: 'Paypal',
    MembershipValidity: '2099-12-31',
    userEmail: other.email,
    credit: 999_999,
  });
  const report = (
    persona: Persona,
    order: PackageOrder,
    body: BodyOf<typeof contract.payments.completePackage>,
  ) =>
    callEndpoint(api, contract.payments.completePackage, {
      token: persona.token,
      params: { id: order._id },
      body,
    });
  /** The buyer approves our PayPal order and their browser captures it. */
  const capturedInBrowser = async (persona: Persona, order: { _id: string }, kind?: 'item') => {
    const paypalOrderId = await approvedPaypalOrder(persona, order, kind);
    return { paypalOrderId, capture: await paypal.captureInBrowser(paypalOrderId) };
  };

  it('fulfils a package order once, from PayPal’s capture, whatever else the payload says', async () => {
    const order = await packageOrder(buyer);
    const before = { buyer: await balanceOf(buyer), other: await balanceOf(other) };
    const { capture } = await capturedInBrowser(buyer, order);

    const reported = await report(buyer, order, completionData(order, capture.id));
    expect(reported.status).toBe(200);
    expect(reported.body).toMatchObject({ success: true, alreadyProcessed: false });
    // The package's 200 credits to the caller: not the payload's credit, not its userEmail.
    expect(await balanceOf(buyer)).toBe(before.buyer + 200);
    expect(await balanceOf(other)).toBe(before.other);
    const stored = await storedOrder(order);
    expect(stored).toMatchObject({
      paymentStatus: 'Paid',
      orderStatus: 'Completed',
      paypalTransactionID: capture.id,
    });
    expect(stored?.captureTime).not.toBe('2020-01-01T00:00:00Z');

    const replay = await report(buyer, order, completionData(order, capture.id));
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ success: true, alreadyProcessed: true });
    expect(await balanceOf(buyer)).toBe(before.buyer + 200);
  });

  it('refuses an unknown capture, another order’s capture or another amount, and credits nothing', async () => {
    const order = await packageOrder(buyer);
    const balance = await balanceOf(buyer);

    const unknown = await report(buyer, order, completionData(order, 'NOSUCHCAPTURE123'));
    expect(unknown.status).toBe(422);
    expect(unknown.error?.message).toBe('This PayPal payment is not for this order.');

    // A real, completed capture: of the buyer's cheap order, reported for the expensive one.
    const cheap = await packageOrder(buyer, 'cheap');
    const cheapCapture = (await capturedInBrowser(buyer, cheap)).capture;
    const otherOrders = await report(buyer, order, completionData(order, cheapCapture.id));
    expect(otherOrders.status).toBe(422);
    expect(otherOrders.error?.message).toBe('This PayPal payment is not for this order.');

    // Our PayPal order for this order, but PayPal captured another amount.
    await paypal.setBehavior({ captureAmount: '0.01' });
    const short = await capturedInBrowser(buyer, order);
    await paypal.resetBehavior();
    const wrongAmount = await report(buyer, order, completionData(order, short.capture.id));
    expect(wrongAmount.status).toBe(422);

    expect(await balanceOf(buyer)).toBe(balance);
    expect(await storedOrder(order)).toMatchObject({ paymentStatus: 'pending' });
    // Another buyer cannot report even a matching capture for an order they do not own.
    const theirs = await report(other, cheap, completionData(cheap, cheapCapture.id));
    expect(theirs.status).toBe(404);
  });

  it('fulfils an item order from the spec’s payment update payload, in the item answer shape', async () => {
    const order = await itemOrder(buyer);
    const { capture } = await capturedInBrowser(buyer, order, 'item');
    const updatePayload = {
      paypalTransactionID: capture.id,
      payerEmail: 'someone@paypal.test',
      captureTime: '2020-01-01T00:00:00Z',
      status: 'Paid',
      orderStatus: 'Completed',
      paymentMethod: 'Paypal',
    };
    const params = { id: order._id };
    const paid = await callEndpoint(api, contract.payments.completeItem, {
      token: buyer.token,
      params,
      body: updatePayload,
    });
    expect(paid.status).toBe(200);
    expect(paid.body).toEqual({ success: true, matchedCount: 1, modifiedCount: 1 });
    const replay = await callEndpoint(api, contract.payments.completeItem, {
      token: buyer.token,
      params,
      body: updatePayload,
    });
    expect(replay.body).toEqual({ success: true, matchedCount: 1, modifiedCount: 0 });
    const read = await callEndpoint(api, contract.itemOrders.get, { token: buyer.token, params });
    expect(read.body).toMatchObject({ paymentStatus: 'Paid', accessUrl: SECRET_URL });

    const unknown = await callEndpoint(api, contract.payments.completeItem, {
      token: buyer.token,
      params: { id: (await itemOrder(buyer))._id },
      body: { ...updatePayload, paypalTransactionID: 'NOSUCHCAPTURE123' },
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual({
      success: false,
      matchedCount: 0,
      modifiedCount: 0,
      error: 'This PayPal payment is not for this order.',
    });
  });
});

describe('the currency an order is priced and paid in', () => {
  const switchCurrency = (currency: BodyOf<typeof contract.paypalSettings.update>['currency']) =>
    callEndpoint(api, contract.paypalSettings.update, {
      token: admin.token,
      body: {
        clientId: paypal.env.PAYPAL_CLIENT_ID,
        mode: 'sandbox',
        currency,
        enablePayPal: true,
        buttonStyles: { layout: 'vertical', color: 'blue', shape: 'rect', label: 'pay' },
      },
    });

  afterEach(async () => {
    await callEndpoint(api, contract.paypalSettings.reset, { token: admin.token });
  });

  it('is the store’s when the order is placed: a change applies to orders placed after it', async () => {
    const before = await packageOrder(buyer);
    expect(before.currency).toBe('USD');
    const catalogue = async () => ({
      packages: (await callEndpoint(api, contract.packages.list, {})).body.map(
        (pkg) => pkg.currency,
      ),
      item: (await callEndpoint(api, contract.items.get, { params: { id: itemId } })).body.data
        .currency,
    });
    expect(await catalogue()).toEqual({ packages: ['USD', 'USD'], item: 'USD' });
    expect((await switchCurrency('EUR')).status).toBe(200);
    // The catalogue's prices are in the new currency at once.
    expect(await catalogue()).toEqual({ packages: ['EUR', 'EUR'], item: 'EUR' });
    const after = await packageOrder(buyer);
    expect(after.currency).toBe('EUR');

    // Each goes to PayPal in its own currency, whatever the settings say now.
    for (const [order, currency] of [
      [before, 'USD'],
      [after, 'EUR'],
    ] as const) {
      const created = await createPaypalOrder(buyer, order._id, 'package');
      const unit = (await paypal.order(created.body.id))?.purchase_units[0];
      expect(unit?.amount).toMatchObject({ currency_code: currency, value: '24.50' });
    }
    const listed = await callEndpoint(api, contract.packageOrders.list, {
      token: buyer.token,
      query: { userEmail: buyer.email },
    });
    const currencyOf = (id: string) => listed.body.find((order) => order._id === id)?.currency;
    expect([currencyOf(before._id), currencyOf(after._id)]).toEqual(['USD', 'EUR']);
  });

  it('a EUR order is paid in EUR and credited once', async () => {
    await switchCurrency('EUR');
    const startBalance = await balanceOf(buyer);
    const order = await packageOrder(buyer);
    const paypalOrderId = await approvedPaypalOrder(buyer, order);
    // The admin switches back before the buyer completes: the order stays in EUR.
    await callEndpoint(api, contract.paypalSettings.reset, { token: admin.token });
    const completed = await completePackage(buyer, order, paypalOrderId);
    expect(completed.body).toMatchObject({ success: true, alreadyProcessed: false });
    expect(await balanceOf(buyer)).toBe(startBalance + 200);
    expect(await storedOrder(order)).toMatchObject({ currency: 'EUR', paymentStatus: 'Paid' });
  });
});
