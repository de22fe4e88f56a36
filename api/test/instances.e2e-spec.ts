// Issue 32: the API as production runs it, several instances on one database behind a load
// balancer. Three instances here, each request sent to the next one in turn (round robin): every
// guarantee holds in total, and a change made on one instance applies on the others within 2 s.
import { generationFields } from './fixtures/generation';
import { contract, type BannerSettings } from '@coldmail/contracts';
import { mongo } from 'mongoose';
import { RecoverySweepService } from '../src/jobs/recovery-sweep.service';
import { startApiProcess } from './support/api-process';
import { geminiDouble } from './support/gemini-double';
import { privatePaypalDouble, type PaypalDoubleControl } from './support/paypal-double';
import {
  callEndpoint,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from './support/test-api';

const double = geminiDouble();
/** A PayPal double of this file's own: payments.e2e-spec.ts changes the shared one's behaviour. */
let paypal: PaypalDoubleControl & { stop(): Promise<void> };
const adminEmail = `instances-admin-${unique()}@coldmail.test`;
const GENERATOR_RATE_LIMIT = 4;
const fields = generationFields;

let instances: TestApi[];
let admin: Persona;
let turn = 0;
/** The instance the load balancer sends the next request to. */
const next = () => instances[turn++ % instances.length]!;

/** Polls `check` on each instance until it holds there; throws if one still fails after `ms`. */
async function everyInstanceWithin(
  ms: number,
  on: TestApi[],
  check: (instance: TestApi) => Promise<boolean>,
): Promise<void> {
  const started = Date.now();
  const pending = new Set(on);
  while (pending.size > 0) {
    for (const instance of [...pending]) if (await check(instance)) pending.delete(instance);
    if (pending.size > 0 && Date.now() - started > ms) {
      throw new Error(`${pending.size} instance(s) still answered the old state after ${ms} ms`);
    }
    if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function buyerWith(credits: number): Promise<Persona> {
  const buyer = await signUp(instances[0]!, 'buyer');
  const set = await callEndpoint(next(), contract.users.adminUpdate, {
    token: admin.token,
    params: { id: buyer.id },
    body: { currentBalance: credits },
  });
  expect(set.status).toBe(200);
  return buyer;
}

beforeAll(async () => {
  paypal = await privatePaypalDouble();
  const env = {
    ADMIN_EMAILS: adminEmail,
    ...double.env,
    ...paypal.env,
    GENERATOR_RATE_LIMIT: String(GENERATOR_RATE_LIMIT),
  };
  const first = await startTestApi(env);
  instances = [
    first,
    await startTestApi(env, { sameDatabaseAs: first }),
    await startTestApi(env, { sameDatabaseAs: first }),
  ];
  admin = await signUp(first, 'admin', { email: adminEmail });
});
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  await paypal.stop();
});

it('a Gemini key added on one instance is used by the others within 2 s', async () => {
  const buyer = await buyerWith(2);
  const generateOn = (instance: TestApi) =>
    callEndpoint(instance, contract.generator.generate, { token: buyer.token, body: fields });
  // Instances 2 and 3 have read the pool while it was empty: they refuse, and charge nothing.
  for (const instance of instances.slice(1)) expect((await generateOn(instance)).status).toBe(503);
  const added = await callEndpoint(instances[0]!, contract.geminiKeys.create, {
    token: admin.token,
    body: { name: 'Pool', key: `AIzaSy${unique()}${unique()}-${unique()}` },
  });
  expect(added.status).toBe(201);
  await everyInstanceWithin(
    2_000,
    instances.slice(1),
    async (instance) => (await generateOn(instance)).status === 200,
  );
});

it("limits a buyer's generations to GENERATOR_RATE_LIMIT a minute in total, not per instance", async () => {
  const buyer = await buyerWith(20);
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 3 * GENERATOR_RATE_LIMIT; attempt += 1) {
    const generated = await callEndpoint(next(), contract.generator.generate, {
      token: buyer.token,
      body: fields,
    });
    statuses.push(generated.status);
  }
  expect(statuses.filter((status) => status === 200)).toHaveLength(GENERATOR_RATE_LIMIT);
  expect(statuses.filter((status) => status === 429)).toHaveLength(2 * GENERATOR_RATE_LIMIT);
  const users = instances[0]!.db.collection('users');
  expect((await users.findOne({ userEmail: buyer.email }))?.currentBalance).toBe(
    20 - GENERATOR_RATE_LIMIT,
  );
});

const bannerOn = async (instance: TestApi) =>
  (await callEndpoint(instance, contract.content.banner, {})).body.data;

/** An admin saves the banner's title on instance 1; instances 2 and 3 must serve it within 2 s. */
async function editBannerOnFirstInstance(banner: BannerSettings, mainTitle: string) {
  const saved = await callEndpoint(instances[0]!, contract.content.bannerUpdate, {
    token: admin.token,
    body: { ...banner, mainTitle },
  });
  expect(saved.status).toBe(200);
  await everyInstanceWithin(
    2_000,
    instances.slice(1),
    async (instance) => (await bannerOn(instance)).mainTitle === mainTitle,
  );
}

it('a landing edit made on instance 1 is served by instances 2 and 3 within 2 s', async () => {
  // Every instance has the block in memory.
  const before = await Promise.all(instances.map(bannerOn));
  expect(new Set(before.map((banner) => banner.mainTitle)).size).toBe(1);
  await editBannerOnFirstInstance(before[0]!, `Cold emails that land ${unique()}`);
});

it('a change still applies everywhere when an instance stopped between numbering and writing its event', async () => {
  // The counter moved, and no event 'N' will ever be written.
  await instances[0]!.db
    .collection<{ _id: string; value: number }>('change_counters')
    .updateOne({ _id: 'change_events' }, { $inc: { value: 1 } });
  const banner = await bannerOn(instances[0]!);
  for (const instance of instances) await bannerOn(instance);
  await editBannerOnFirstInstance(banner, `After a gap ${unique()}`);
});

it('a package added on instance 1 is listed by instances 2 and 3 within 2 s', async () => {
  const names = async (instance: TestApi) =>
    (await callEndpoint(instance, contract.packages.list, {})).body.map(
      (listed) => listed.packageName,
    );
  for (const instance of instances) await names(instance);
  const packageName = `Team ${unique()}`;
  const added = await callEndpoint(instances[0]!, contract.packages.add, {
    token: admin.token,
    body: { packageName, price: 29, credit: 100, validity: 30 },
  });
  expect(added.status).toBe(201);
  await everyInstanceWithin(2_000, instances.slice(1), async (instance) =>
    (await names(instance)).includes(packageName),
  );
});

it('an admin demoted on instance 1 is refused on instances 2 and 3 at once', async () => {
  const deputy = await buyerWith(0);
  const promoted = await callEndpoint(instances[0]!, contract.users.adminUpdate, {
    token: admin.token,
    params: { id: deputy.id },
    body: { userRole: 'Admin' },
  });
  expect(promoted.status).toBe(200);
  const listUsers = (instance: TestApi) =>
    callEndpoint(instance, contract.users.adminList, {
      token: deputy.token,
      query: { pageSize: 1 },
    });
  for (const instance of instances) expect((await listUsers(instance)).status).toBe(200);

  const demoted = await callEndpoint(instances[0]!, contract.users.adminUpdate, {
    token: admin.token,
    params: { id: deputy.id },
    body: { userRole: 'member' },
  });
  expect(demoted.status).toBe(200);
  expect((await listUsers(instances[1]!)).status).toBe(403);
  expect((await listUsers(instances[2]!)).status).toBe(403);
});

it('a user deleted on instance 1 is refused on instances 2 and 3 within 2 s', async () => {
  const leaving = await buyerWith(3);
  const ownRecord = (instance: TestApi) =>
    callEndpoint(instance, contract.users.list, {
      token: leaving.token,
      query: { userEmail: leaving.email },
    });
  // Every instance has the record in memory.
  for (const instance of instances) expect((await ownRecord(instance)).status).toBe(200);
  const deleted = await callEndpoint(instances[0]!, contract.users.delete, {
    token: admin.token,
    params: { id: leaving.id },
  });
  expect(deleted.status).toBe(200);
  await everyInstanceWithin(2_000, instances.slice(1), async (instance) => {
    const read = await ownRecord(instance);
    return read.status === 403 && read.error!.message.includes('deleted');
  });
});

it('a balance changed on instance 1 is what instances 2 and 3 answer within 2 s', async () => {
  const buyer = await buyerWith(5);
  const balanceOn = async (instance: TestApi) =>
    (
      await callEndpoint(instance, contract.users.list, {
        token: buyer.token,
        query: { userEmail: buyer.email },
      })
    ).body[0]?.currentBalance;
  for (const instance of instances) expect(await balanceOn(instance)).toBe(5);
  const generated = await callEndpoint(instances[0]!, contract.generator.generate, {
    token: buyer.token,
    body: fields,
  });
  expect(generated.status).toBe(200);
  await everyInstanceWithin(
    2_000,
    instances.slice(1),
    async (instance) => (await balanceOn(instance)) === 4,
  );
});

it("holds the request throttler's limit over every instance, not per instance", async () => {
  const limit = 5;
  const env = { THROTTLE_LIMIT: String(limit), THROTTLE_SENSITIVE_LIMIT: '50' };
  const first = await startTestApi(env, { sameDatabaseAs: instances[0] });
  const throttled = [
    first,
    await startTestApi(env, { sameDatabaseAs: first }),
    await startTestApi(env, { sameDatabaseAs: first }),
  ];
  try {
    const caller = await signUp(first, 'caller');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3 * limit; attempt += 1) {
      const instance = throttled[attempt % throttled.length]!;
      const admins = await callEndpoint(instance, contract.users.admins, { token: caller.token });
      statuses.push(admins.status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2 * limit);
  } finally {
    await Promise.all(throttled.map((instance) => instance.close()));
  }
});

describe('payments over three instances', () => {
  const billing = { customerName: 'Ada Buyer', address: '1 Loop Road', country: 'France' };
  const CREDITS = 40;
  let packageId: string;

  beforeAll(async () => {
    const added = await callEndpoint(instances[0]!, contract.packages.add, {
      token: admin.token,
      body: { packageName: `Concurrency ${unique()}`, price: 5, credit: CREDITS, validity: 30 },
    });
    expect(added.status).toBe(201);
    packageId = added.body._id;
  });

  /** An order the buyer placed and approved in PayPal's window, on whichever instances. */
  async function approvedOrder(buyer: Persona) {
    const order = await callEndpoint(next(), contract.packageOrders.create, {
      token: buyer.token,
      body: { packageId, ...billing },
    });
    expect(order.status).toBe(201);
    const created = await callEndpoint(next(), contract.payments.createPaypalOrder, {
      token: buyer.token,
      body: { orderId: order.body._id, kind: 'package' },
    });
    expect(created.status).toBe(201);
    await paypal.approve(created.body.id, `payer-${buyer.email}`);
    return { orderId: order.body._id, paypalOrderId: created.body.id };
  }

  const complete = (
    instance: Pick<TestApi, 'url'>,
    buyer: Persona,
    { orderId, paypalOrderId }: { orderId: string; paypalOrderId: string },
  ) =>
    callEndpoint(instance, contract.payments.completePackage, {
      token: buyer.token,
      params: { id: orderId },
      body: { paypalOrderId },
    });

  /** The purchase entries in the ledger for each order: one each is "credited exactly once". */
  const purchasesOf = async (orderIds: string[]) => {
    const entries = await instances[0]!.db
      .collection('creditEntries')
      .find({ reason: 'purchase', reference: { $in: orderIds } })
      .toArray();
    return orderIds.map((id) => entries.filter((entry) => entry.reference === id).length);
  };
  const balanceOf = async (buyer: Persona) =>
    (await instances[0]!.db.collection('users').findOne({ userEmail: buyer.email }))
      ?.currentBalance as number;

  it('credits each of 20 orders exactly once under 200 parallel completions and webhooks', async () => {
    const buyers = await Promise.all(
      Array.from({ length: 4 }, () => signUp(instances[0]!, 'parallel')),
    );
    const orders = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        approvedOrder(buyers[index % buyers.length]!).then((order) => ({
          ...order,
          buyer: buyers[index % buyers.length]!,
        })),
      ),
    );
    // Nine completions of each order, spread over the instances...
    const completions = orders.flatMap((order) =>
      Array.from({ length: 9 }, () => complete(next(), order.buyer, order)),
    );
    // ...and PayPal's webhook for each, once PayPal has its capture, while they are in flight.
    const webhooks = orders.map(async ({ paypalOrderId }) => {
      while ((await paypal.order(paypalOrderId))?.status !== 'COMPLETED') {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      return paypal.sendCaptureEvent(paypalOrderId, `${next().url}/api/paypal/webhook`);
    });
    const [answers, deliveries] = await Promise.all([
      Promise.all(completions),
      Promise.all(webhooks),
    ]);

    expect(answers.map((answer) => answer.status)).toEqual(Array(180).fill(200));
    expect(deliveries.map(({ delivery }) => delivery.status)).toEqual(Array(20).fill(200));
    expect(await purchasesOf(orders.map((order) => order.orderId))).toEqual(Array(20).fill(1));
    for (const buyer of buyers) expect(await balanceOf(buyer)).toBe(5 * CREDITS);
  });

  it('an instance killed mid-payment loses no acknowledged payment; the others answer and the sweep finishes its work', async () => {
    const buyer = await signUp(instances[0]!, 'killed');
    const doomed = await startApiProcess({
      MONGODB_URI: instances[0]!.config.database.uri!,
      ...paypal.env,
    });
    const orders = await Promise.all(Array.from({ length: 10 }, () => approvedOrder(buyer)));
    const survivors = instances.slice(0, 2);
    const spread = [...survivors, doomed];
    const answers = orders.map((order, index) =>
      complete(spread[index % spread.length]!, buyer, order).then(
        (answer) => answer,
        () => null, // the connection went with the process: not acknowledged
      ),
    );
    // Killed while its completions are under way: once PayPal has captured one of its orders
    // (a capture it may not have stored yet), whatever the machine's speed.
    const doomedOrders = orders.filter((_, index) => index % spread.length === spread.length - 1);
    const deadline = Date.now() + 10_000;
    const capturedOne = async () =>
      (await Promise.all(doomedOrders.map((order) => paypal.order(order.paypalOrderId)))).some(
        (order) => order?.status === 'COMPLETED',
      );
    while (!(await capturedOne())) {
      if (Date.now() > deadline) throw new Error('the doomed instance captured no payment');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await doomed.stop();
    const settled = await Promise.all(answers);

    // Every payment an instance acknowledged is stored and credited.
    const acknowledged = orders.filter((_, index) => settled[index]?.status === 200);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(await purchasesOf(acknowledged.map((order) => order.orderId))).toEqual(
      acknowledged.map(() => 1),
    );
    // The others keep answering.
    for (const instance of survivors) {
      expect((await callEndpoint(instance, contract.packages.list, {})).status).toBe(200);
    }
    // What the killed instance left half done: the sweep (as its timer runs it, later) finishes
    // what was paid, and PayPal's webhook (it retries until answered) what was captured.
    await survivors[1]!.app.get(RecoverySweepService).runOnce(Date.now() + 5 * 60_000);
    for (const { paypalOrderId } of orders) {
      if ((await paypal.order(paypalOrderId))?.status === 'COMPLETED') {
        const { delivery } = await paypal.sendCaptureEvent(
          paypalOrderId,
          `${survivors[0]!.url}/api/paypal/webhook`,
        );
        expect(delivery.status).toBe(200);
      }
    }
    // The buyer, seeing no answer, tries again: every order ends paid and credited once.
    for (const order of orders) {
      expect((await complete(survivors[0]!, buyer, order)).status).toBe(200);
    }
    const ids = orders.map((order) => order.orderId);
    expect(await purchasesOf(ids)).toEqual(Array(10).fill(1));
    const stored = await instances[0]!.db
      .collection('orders')
      .find({ _id: { $in: ids.map((id) => new mongo.ObjectId(id)) } })
      .toArray();
    expect(stored.map((order) => [order.paymentStatus, order.creditApplied])).toEqual(
      Array(10).fill(['Paid', true]),
    );
    expect(await balanceOf(buyer)).toBe(10 * CREDITS);
  });
});
