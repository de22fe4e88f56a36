import { contract, type PackageOrder } from '@coldmail/contracts';
import { mongo } from 'mongoose';
import { FulfilmentService } from '../src/payments/fulfilment.service';
import { awaitMail, orderMailSettled } from './support/mailbox';
import { paypalDouble } from './support/paypal-double';
import {
  callEndpoint,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from './support/test-api';

const paypal = paypalDouble();
let api: TestApi;
let admin: Persona;
let packageId: string;
const adminEmail = `mail-admin-${unique()}@coldmail.test`;
const billing = { customerName: 'Rita Receipt', address: '7 Ledger Lane', country: 'Ireland' };

beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: adminEmail, ...paypal.env });
  admin = await signUp(api, 'admin', { email: adminEmail });
  const created = await callEndpoint(api, contract.packages.add, {
    token: admin.token,
    body: { packageName: 'Receipt Pack', price: 19.99, credit: 150, validity: 30 },
  });
  packageId = created.body._id;
});
afterAll(() => api?.close());

async function approvedOrder(
  buyer: Persona,
): Promise<{ order: PackageOrder; paypalOrderId: string }> {
  const order = (
    await callEndpoint(api, contract.packageOrders.create, {
      token: buyer.token,
      body: { packageId, ...billing },
    })
  ).body;
  const created = await callEndpoint(api, contract.payments.createPaypalOrder, {
    token: buyer.token,
    body: { orderId: order._id, kind: 'package' },
  });
  await paypal.approve(created.body.id);
  return { order, paypalOrderId: created.body.id };
}

const complete = (buyer: Persona, order: PackageOrder, paypalOrderId: string) =>
  callEndpoint(api, contract.payments.completePackage, {
    token: buyer.token,
    params: { id: order._id },
    body: { paypalOrderId },
  });

const receiptsFor = (order: PackageOrder, count = 1) =>
  awaitMail(
    api.config.mail.dir,
    (mail) => mail.subject === `Your receipt for order ${order.orderId}`,
    count,
    orderMailSettled(api.db, order._id, 'receipt'),
  );

describe('receipts and refund notices by e-mail', () => {
  it('a paid order gets one receipt, even when completions and the webhook race', async () => {
    const buyer = await signUp(api, 'receipt');
    const { order, paypalOrderId } = await approvedOrder(buyer);
    // The spec's client captures in the browser; then its completion and PayPal's event race.
    await paypal.captureInBrowser(paypalOrderId);
    await Promise.all([
      complete(buyer, order, paypalOrderId),
      complete(buyer, order, paypalOrderId),
      paypal.sendCaptureEvent(paypalOrderId, `${api.url}/api/paypal/webhook`),
    ]);
    const receipts = await receiptsFor(order);
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    expect(receipt?.to).toBe(buyer.email);
    const stored = await api.db
      .collection('orders')
      .findOne({ _id: new mongo.ObjectId(order._id) });
    for (const fact of [
      order.orderId,
      'Receipt Pack',
      'Credits added',
      '150',
      '$19.99 USD',
      String(stored?.paypalTransactionID),
      '7 Ledger Lane, Ireland',
    ]) {
      expect(receipt?.text).toContain(fact);
    }
    // The receipt links to its printable page on the site.
    expect(receipt?.html).toContain(`/user/receipt/package/${order._id}`);
    expect(stored?.mail?.receipt).toMatchObject({ sentAt: expect.any(Date) });
  });

  it('an order a buyer names with markup is mailed as text, never as markup', async () => {
    const buyer = await signUp(api, 'markup');
    const order = (
      await callEndpoint(api, contract.packageOrders.create, {
        token: buyer.token,
        body: { packageId, ...billing, customerName: '<img src=x onerror=alert(1)>Mallory' },
      })
    ).body;
    const created = await callEndpoint(api, contract.payments.createPaypalOrder, {
      token: buyer.token,
      body: { orderId: order._id, kind: 'package' },
    });
    await paypal.approve(created.body.id);
    await complete(buyer, order, created.body.id);
    const [receipt] = await receiptsFor(order);
    expect(receipt?.html).not.toContain('<img src=x');
  });

  it('a refund is announced once, with the credits it took back', async () => {
    const buyer = await signUp(api, 'refund-notice');
    const { order, paypalOrderId } = await approvedOrder(buyer);
    await complete(buyer, order, paypalOrderId);
    await receiptsFor(order);
    const clicks = await Promise.all(
      [1, 2, 3].map(() =>
        callEndpoint(api, contract.packageOrders.refund, {
          token: admin.token,
          params: { id: order._id },
        }),
      ),
    );
    expect(clicks.map((click) => click.status)).toContain(200);
    const notices = await awaitMail(
      api.config.mail.dir,
      (mail) => mail.subject === `Order ${order.orderId} was refunded`,
      1,
      orderMailSettled(api.db, order._id, 'refund'),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('$19.99 USD');
    expect(notices[0]?.text).toContain('150 credits were taken back');
  });

  it('a receipt left unsent (a process stopped) goes with the recovery sweep, once', async () => {
    const buyer = await signUp(api, 'sweep');
    const { order, paypalOrderId } = await approvedOrder(buyer);
    await complete(buyer, order, paypalOrderId);
    expect(await receiptsFor(order)).toHaveLength(1);
    // As if the process that paid it stopped before mailing: owed, never sent.
    await api.db
      .collection('orders')
      .updateOne(
        { _id: new mongo.ObjectId(order._id) },
        { $set: { 'mail.receipt': { dueAt: new Date() } } },
      );
    const fulfilment = api.app.get(FulfilmentService);
    // Two sweeps at once (two instances): one of them sends it.
    await Promise.all([fulfilment.recover(), fulfilment.recover()]);
    expect(await receiptsFor(order, 2)).toHaveLength(2);
    await fulfilment.recover();
    expect(await receiptsFor(order, 2)).toHaveLength(2);
  });
});
