import { contract } from '@coldmail/contracts';
import { mongo } from 'mongoose';
import { CreditsService } from '../src/credits/credits.service';
import { LeasesService } from '../src/jobs/leases.service';
import { RecoverySweepService } from '../src/jobs/recovery-sweep.service';
import { OrdersService } from '../src/orders/orders.service';
import {
  callEndpoint,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from './support/test-api';

// Issue 30, item 5: what a stopped process leaves half done is finished by a periodic sweep, on
// one instance at a time, without waiting for a restart.
const adminEmail = `sweep-admin-${unique()}@coldmail.test`;
let api: TestApi;
let second: TestApi;
let admin: Persona;

beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: adminEmail });
  second = await startTestApi({}, { sameDatabaseAs: api });
  admin = await signUp(api, 'admin', { email: adminEmail });
});
afterAll(async () => {
  await second?.close();
  await api?.close();
});

const users = () => api.db.collection('users');
const balanceOf = async (persona: Persona) =>
  (await users().findOne({ userEmail: persona.email }))?.currentBalance as number;
/** A sweep as the timer runs it, `minutesLater` from now (work under way is left alone). */
const sweep = (on: TestApi, minutesLater = 5) =>
  on.app.get(RecoverySweepService).runOnce(Date.now() + minutesLater * 60_000);

describe('the lease', () => {
  it('lets one instance run a job at a time, and lapses when its holder stops', async () => {
    const [first, other] = [api, second].map((instance) => instance.app.get(LeasesService));
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The job runs only once its lease is taken: that, not a pause, says the other must wait.
    let taken: () => void = () => undefined;
    const leaseTaken = new Promise<void>((resolve) => (taken = resolve));
    const running = first!.runExclusive('test-job', 60_000, () => {
      taken();
      return held;
    });
    await leaseTaken;
    expect(await other!.runExclusive('test-job', 60_000, async () => undefined)).toBe(false);
    release();
    expect(await running).toBe(true);
    expect(await other!.runExclusive('test-job', 60_000, async () => undefined)).toBe(true);

    // A holder that stopped without releasing: its lease lapses on its own.
    await api.db
      .collection('leases')
      .updateOne(
        { _id: 'test-job' as never },
        { $set: { holder: 'gone', until: new Date(Date.now() - 1) } },
      );
    expect(await other!.runExclusive('test-job', 60_000, async () => undefined)).toBe(true);
  });
});

describe('the recovery sweep', () => {
  it('removes orders left unpaid for 30 days, but not newer ones or one whose payment is under way', async () => {
    const buyer = await signUp(api, 'forgetful');
    const pkg = await callEndpoint(api, contract.packages.add, {
      token: admin.token,
      body: { packageName: `Sweep ${unique()}`, price: 9, credit: 10, validity: 30 },
    });
    const place = async () =>
      (
        await callEndpoint(api, contract.packageOrders.create, {
          token: buyer.token,
          body: {
            packageId: pkg.body._id,
            customerName: 'Fay',
            address: '1 Road',
            country: 'France',
          },
        })
      ).body;
    const [old, claimed, recent] = [await place(), await place(), await place()];
    const orders = api.db.collection('orders');
    const monthAgo = new Date(Date.now() - 31 * 24 * 60 * 60_000);
    for (const order of [old, claimed]) {
      await orders.updateOne(
        { _id: new mongo.ObjectId(order._id) },
        { $set: { updatedAt: monthAgo } },
      );
    }
    await orders.updateOne(
      { _id: new mongo.ObjectId(claimed._id) },
      { $set: { captureClaim: { paypalOrderId: 'PAY-UNDER-WAY', until: new Date() } } },
    );
    expect(await sweep(api)).toBe(true);
    const left = await orders
      .find({ customerEmail: buyer.email })
      .map((order) => order._id.toHexString())
      .toArray();
    expect(left.sort()).toEqual([claimed._id, recent._id].sort());
  });

  it('credits a paid order a stopped process left uncredited', async () => {
    const buyer = await signUp(api, 'uncredited');
    const pkg = await callEndpoint(api, contract.packages.add, {
      token: admin.token,
      body: { packageName: `Sweep ${unique()}`, price: 5, credit: 40, validity: 30 },
    });
    const order = await callEndpoint(api, contract.packageOrders.create, {
      token: buyer.token,
      body: { packageId: pkg.body._id, customerName: 'Ada', address: '1 Road', country: 'France' },
    });
    // Step 1 of fulfilment happened (the order is paid); the process stopped before step 2.
    const orders = api.app.get(OrdersService);
    const stored = await orders.findById(order.body._id);
    await orders.payment.markPaid(stored!, {
      captureId: `CAP${unique()}`,
      captureTime: new Date().toISOString(),
    });
    expect(await balanceOf(buyer)).toBe(0);

    expect(await sweep(second)).toBe(true);
    expect(await balanceOf(buyer)).toBe(40);
    expect(await orders.findById(order.body._id)).toMatchObject({ creditApplied: true });
    // Again: nothing more.
    expect(await sweep(api)).toBe(true);
    expect(await balanceOf(buyer)).toBe(40);
  });

  it('gives back the credit of a generation that never reached its reader, not of one that did', async () => {
    const buyer = await signUp(api, 'abandoned');
    const grant = await callEndpoint(api, contract.users.adminUpdate, {
      token: admin.token,
      params: { id: buyer.id },
      body: { currentBalance: 3 },
    });
    expect(grant.status).toBe(200);
    const credits = api.app.get(CreditsService);
    // Two generations whose process stopped while the model wrote: the first before any word
    // reached the reader, the second (streamed) after.
    const [lost, read] = [new mongo.ObjectId(), new mongo.ObjectId()];
    for (const id of [lost, read]) {
      const { settled } = await credits.startGenerationDebit(buyer.id, id.toHexString());
      await settled;
    }
    await api.db.collection('generations').insertOne({
      _id: read,
      userId: new mongo.ObjectId(buyer.id),
      status: 'pending',
      textSentAt: new Date(),
    });
    expect(await balanceOf(buyer)).toBe(1);

    // While they may still be under way, nothing is touched.
    expect(await sweep(api, 0)).toBe(true);
    expect(await balanceOf(buyer)).toBe(1);

    expect(await sweep(api)).toBe(true);
    expect(await balanceOf(buyer)).toBe(2);
    expect(await api.db.collection('generations').findOne({ _id: lost })).toMatchObject({
      status: 'failed',
      refunded: true,
    });
    expect(await sweep(second)).toBe(true);
    expect(await balanceOf(buyer)).toBe(2);
  });
});
