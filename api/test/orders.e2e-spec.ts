import {
  contract,
  type AdminItem,
  type BodyOf,
  type ItemOrder,
  type PackageOrder,
} from '@coldmail/contracts';
import { mongo } from 'mongoose';
import { RecoverySweepService } from '../src/jobs/recovery-sweep.service';
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

let api: TestApi;
let admin: Persona;
let buyer: Persona;
let other: Persona;
let seller: Persona;
let packageId: string;
let item: AdminItem;
const adminEmail = `admin-${unique()}@coldmail.test`;
const billing = { customerName: 'Ada Buyer', address: '1 Loop Road', country: 'France' };

const ordersInDb = () => api.db.collection('orders');
const ITEM = { kind: 'item' } as const;

beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: adminEmail });
  admin = await signUp(api, 'admin', { email: adminEmail });
  [buyer, other, seller] = await Promise.all([
    signUp(api, 'buyer'),
    signUp(api, 'other'),
    signUp(api, 'seller'),
  ]);
  await callEndpoint(api, contract.users.adminUpdate, {
    token: admin.token,
    params: { id: seller.id },
    body: { userRole: 'Seller' },
  });
  const created = await callEndpoint(api, contract.packages.add, {
    token: admin.token,
    body: {
      packageName: 'Pro',
      price: 24.5,
      credit: 200,
      validity: 90,
      icon: 'https://img.test/p.png',
    },
  });
  packageId = created.body._id;
  const createdItem = await callEndpoint(api, contract.items.create, {
    token: admin.token,
    body: {
      name: 'Playbook',
      slug: 'Playbook-2025',
      price: '19.00',
      guidelines: 'Read me',
      accessUrl: 'https://files.test/secret-playbook.pdf',
    },
  });
  item = createdItem.body;
});

afterAll(async () => {
  await api?.close();
});

/** The spec's orderDate of an instant: dd/mm/yyyy in UTC. */
const utcDay = (instant: Date) =>
  [instant.getUTCDate(), instant.getUTCMonth() + 1]
    .map((part) => String(part).padStart(2, '0'))
    .concat(String(instant.getUTCFullYear()))
    .join('/');

const newOrder = (
  persona: Persona,
  body: BodyOf<typeof contract.packageOrders.create> = { packageId, ...billing },
) => callEndpoint(api, contract.packageOrders.create, { token: persona.token, body });
const newItemOrder = (
  persona: Persona,
  body: BodyOf<typeof contract.itemOrders.create> = { itemId: item._id, ...billing },
) => callEndpoint(api, contract.itemOrders.create, { token: persona.token, body });
/** A body the contract does not allow (unknown fields, operators, a missing field), as it is. */
const rawOrder = (persona: Persona, json: unknown) =>
  call<PackageOrder & ErrorBody>(api, 'POST', '/new-order', { token: persona.token, json });
const rawItemOrder = (persona: Persona, json: unknown) =>
  call<ItemOrder & ErrorBody>(api, 'POST', '/new-item-order', { token: persona.token, json });

describe('POST /new-order', () => {
  it('creates a pending order priced from the stored package, for the signed-in buyer', async () => {
    const dayBefore = utcDay(new Date());
    const response = await newOrder(buyer);
    const dayAfter = utcDay(new Date());
    expect(response.status).toBe(201);
    // Dated the day it was placed (UTC): either side of midnight, should the request span it.
    expect([dayBefore, dayAfter]).toContain(response.body.orderDate);
    expect(response.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      currency: 'USD',
      orderId: expect.stringMatching(/^[A-Z0-9]{8}$/),
      paymentId: expect.stringMatching(/^[A-Z0-9]{8}$/),
      packageId,
      packageName: 'Pro',
      credit: 200,
      packagePrice: 24.5,
      processingFee: '0.00',
      totalPrice: '24.50',
      Validity: 90,
      paymentStatus: 'pending',
      orderStatus: 'pending',
      customerEmail: buyer.email,
      ...billing,
      orderDate: response.body.orderDate,
      featuredImage: 'https://img.test/p.png',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('ignores whatever the client says about price, credit, status or e-mail', async () => {
    const response = await rawOrder(buyer, {
      packageId,
      ...billing,
      totalPrice: '0.01',
      packagePrice: 0.01,
      credit: 1_000_000,
      Validity: 9999,
      paymentStatus: 'Paid',
      orderStatus: 'Completed',
      customerEmail: other.email,
      orderId: 'AAAAAAAA',
    });
    expect(response.status).toBe(201);
    const stored = await ordersInDb().findOne({ _id: new mongo.ObjectId(response.body._id) });
    expect(stored).toMatchObject({
      totalPrice: '24.50',
      packagePrice: 24.5,
      credit: 200,
      Validity: 90,
      paymentStatus: 'pending',
      orderStatus: 'pending',
      customerEmail: buyer.email,
    });
    expect(stored?.orderId).not.toBe('AAAAAAAA');
  });

  it("refuses Sellers with 'Sellers cannot purchase products'", async () => {
    const before = await ordersInDb().countDocuments();
    const response = await newOrder(seller);
    expect(response.status).toBe(403);
    expect(response.error?.message).toBe('Sellers cannot purchase products');
    expect(await ordersInDb().countDocuments()).toBe(before);
  });

  it('needs sign-in and a user record', async () => {
    expect(
      (await callEndpoint(api, contract.packageOrders.create, { body: { packageId, ...billing } }))
        .status,
    ).toBe(401);
    const unsynced = await signUp(api, 'unsynced', { sync: false });
    expect((await newOrder(unsynced)).status).toBe(403);
  });

  it.each<[string, BodyOf<typeof contract.packageOrders.create>]>([
    ['customerName', { packageId, ...billing, customerName: ' ' }],
    ['address', { packageId, ...billing, address: '' }],
    ['packageId', { ...billing, packageId: 'not-an-id' }],
  ])('refuses a bad %s with 400', async (field, body) => {
    const response = await newOrder(buyer, body);
    expect(response.status).toBe(400);
    expect(response.error?.fieldErrors?.[field]).toBeDefined();
  });

  it.each([
    ['country', { packageId, ...billing, country: undefined }],
    ['packageId', { ...billing, packageId: { $gt: '' } }],
    ['customerName', { packageId, ...billing, customerName: { $ne: null } }],
  ])('refuses a bad %s with 400', async (field, json) => {
    const response = await rawOrder(buyer, json);
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors?.[field]).toBeDefined();
  });

  it('answers 404 for an unknown package', async () => {
    const response = await newOrder(buyer, {
      packageId: new mongo.ObjectId().toHexString(),
      ...billing,
    });
    expect(response.status).toBe(404);
  });

  it('gives every order its own orderId and paymentId', async () => {
    const created = await Promise.all(Array.from({ length: 10 }, () => newOrder(other)));
    const codes = created.flatMap((response) => [response.body.orderId, response.body.paymentId]);
    expect(new Set(codes).size).toBe(20);
  });
});

describe('GET /orders and GET /order/:id', () => {
  let own: PackageOrder;

  beforeAll(async () => {
    own = (await newOrder(buyer)).body;
  });

  it("lists the buyer's own orders, newest first", async () => {
    const response = await callEndpoint(api, contract.packageOrders.list, {
      token: buyer.token,
      query: { userEmail: buyer.email },
    });
    expect(response.status).toBe(200);
    expect(response.body.length).toBeGreaterThanOrEqual(3);
    expect(response.body.every((order) => order.customerEmail === buyer.email)).toBe(true);
    expect(response.body[0]?._id).toBe(own._id);
    const times = response.body.map((order) => Date.parse(order.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("refuses another user's list (403) and the full list to non-admins", async () => {
    const others = await callEndpoint(api, contract.packageOrders.list, {
      token: other.token,
      query: { userEmail: buyer.email },
    });
    expect(others.status).toBe(403);
    expect(others.text).not.toContain(own.orderId);
    expect(
      (await callEndpoint(api, contract.packageOrders.list, { token: buyer.token })).status,
    ).toBe(403);
  });

  it('lists every order, or any buyer’s, for an admin', async () => {
    const all = await callEndpoint(api, contract.packageOrders.list, { token: admin.token });
    expect(all.status).toBe(200);
    const emails = new Set(all.body.map((order) => order.customerEmail));
    expect(emails).toEqual(new Set([buyer.email, other.email]));
    const buyers = await callEndpoint(api, contract.packageOrders.list, {
      token: admin.token,
      query: { userEmail: buyer.email },
    });
    expect(buyers.status).toBe(200);
    const stored = await ordersInDb()
      .find({ customerEmail: buyer.email })
      .sort({ createdAt: -1, _id: -1 })
      .toArray();
    expect(buyers.body.map((order) => order._id)).toEqual(
      stored.map((order) => order._id.toHexString()),
    );
    expect(buyers.body.map((order) => order._id)).toContain(own._id);
  });

  it.each([
    ['an operator object', '/orders?userEmail[$ne]=x'],
    ['a nested operator', '/orders?userEmail[$regex]=.*'],
    ['a repeated parameter', `/orders?userEmail=a@b.test&userEmail=c@d.test`],
    ['an invalid address', '/orders?userEmail=nobody'],
  ])('rejects %s with 400 and no data', async (_case, path) => {
    for (const persona of [buyer, admin]) {
      const response = await call<ErrorBody>(api, 'GET', path, { token: persona.token });
      expect(response.status).toBe(400);
      expect(response.text).not.toContain('@coldmail.test');
    }
  });

  it('shows an order to its buyer and to admins, and a 404 to anyone else', async () => {
    for (const persona of [buyer, admin]) {
      const response = await callEndpoint(api, contract.packageOrders.get, {
        token: persona.token,
        params: { id: own._id },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual(own);
    }
    const stranger = await callEndpoint(api, contract.packageOrders.get, {
      token: other.token,
      params: { id: own._id },
    });
    expect(stranger.status).toBe(404);
    expect(stranger.text).not.toContain(own.orderId);
    expect(
      (await callEndpoint(api, contract.packageOrders.get, { params: { id: own._id } })).status,
    ).toBe(401);
  });

  // Issue 55 item 2: the specification's links name an order by its 8-character code.
  it('finds an order by its 8-character code too, for its buyer and admins only', async () => {
    for (const persona of [buyer, admin]) {
      const response = await callEndpoint(api, contract.packageOrders.get, {
        token: persona.token,
        params: { id: own.orderId },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual(own);
    }
    const stranger = await callEndpoint(api, contract.packageOrders.get, {
      token: other.token,
      params: { id: own.orderId },
    });
    expect(stranger.status).toBe(404);
    // A package order's code does not name an item order.
    const asItem = await callEndpoint(api, contract.itemOrders.get, {
      token: buyer.token,
      params: { id: own.orderId },
    });
    expect(asItem.status).toBe(404);
    expect((await call(api, 'GET', '/order/ZZZZ9999', { token: buyer.token })).status).toBe(404);
    expect((await call(api, 'GET', '/order/abcd1234', { token: buyer.token })).status).toBe(400);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await call(api, 'GET', '/order/123', { token: buyer.token })).status).toBe(400);
    expect((await call(api, 'GET', '/order/{"$gt":""}', { token: buyer.token })).status).toBe(400);
    const unknown = new mongo.ObjectId().toHexString();
    expect(
      (
        await callEndpoint(api, contract.packageOrders.get, {
          token: buyer.token,
          params: { id: unknown },
        })
      ).status,
    ).toBe(404);
  });
});

describe('DELETE /order/:id (admin, pending only)', () => {
  it('deletes a pending order', async () => {
    const order = (await newOrder(buyer)).body;
    const remove = (token: string) =>
      callEndpoint(api, contract.packageOrders.delete, { token, params: { id: order._id } });
    expect((await remove(buyer.token)).status).toBe(403);
    const response = await remove(admin.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, message: 'Order deleted successfully!' });
    expect(await ordersInDb().countDocuments({ orderId: order.orderId })).toBe(0);
    expect((await remove(admin.token)).status).toBe(404);
  });

  it('refuses a paid order with 409 and keeps it', async () => {
    const order = (await newOrder(buyer)).body;
    await ordersInDb().updateOne(
      { _id: new mongo.ObjectId(order._id) },
      { $set: { paymentStatus: 'Paid', orderStatus: 'Completed' } },
    );
    const response = await callEndpoint(api, contract.packageOrders.delete, {
      token: admin.token,
      params: { id: order._id },
    });
    expect(response.status).toBe(409);
    expect(response.error?.message).toMatch(/paid and cannot be deleted/);
    expect(await ordersInDb().countDocuments({ orderId: order.orderId })).toBe(1);
  });
});

describe('items', () => {
  it('GET /item/:id shows an item to anyone, never its accessUrl', async () => {
    const response = await callEndpoint(api, contract.items.get, { params: { id: item._id } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      data: {
        _id: item._id,
        currency: 'USD',
        name: 'Playbook',
        slug: 'playbook-2025',
        price: 19,
        guidelines: 'Read me',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    expect(response.text).not.toContain('secret-playbook');
  });

  it('GET /api/items lists items; the access URLs only for admins', async () => {
    for (const token of [undefined, buyer.token, 'not.a.token']) {
      const response = await callEndpoint(api, contract.items.list, { token });
      expect(response.status).toBe(200);
      expect(response.body.map((found) => found._id)).toContain(item._id);
      expect(response.text).not.toContain('secret-playbook');
    }
    const forAdmin = await callEndpoint(api, contract.items.list, { token: admin.token });
    expect(forAdmin.body.find((found) => found._id === item._id)?.accessUrl).toBe(
      'https://files.test/secret-playbook.pdf',
    );
  });

  it('admins create, edit and delete items; slugs are unique', async () => {
    const body = {
      name: 'Pack',
      slug: `pack-${unique()}`,
      price: 5,
      accessUrl: 'https://f.test/p',
    };
    expect(
      (await callEndpoint(api, contract.items.create, { token: buyer.token, body })).status,
    ).toBe(403);
    const created = await callEndpoint(api, contract.items.create, {
      token: admin.token,
      body: { ...body, imageUrl: 'https://img.test/x.png' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ ...body, imageUrl: 'https://img.test/x.png' });
    const duplicate = await callEndpoint(api, contract.items.create, {
      token: admin.token,
      body,
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error?.message).toBe('Another item already uses this slug');

    const params = { id: created.body._id };
    const edited = await callEndpoint(api, contract.items.update, {
      token: admin.token,
      params,
      body: { ...body, price: 6 },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ price: 6, accessUrl: 'https://f.test/p' });
    expect(edited.body.imageUrl).toBeUndefined();
    const taken = await callEndpoint(api, contract.items.update, {
      token: admin.token,
      params,
      body: { ...body, slug: 'playbook-2025' },
    });
    expect(taken.status).toBe(409);

    expect(
      (await callEndpoint(api, contract.items.delete, { token: buyer.token, params })).status,
    ).toBe(403);
    expect(
      (await callEndpoint(api, contract.items.delete, { token: admin.token, params })).status,
    ).toBe(200);
    expect((await callEndpoint(api, contract.items.get, { params })).status).toBe(404);
  });

  it('validates item fields', async () => {
    const response = await callEndpoint(api, contract.items.create, {
      token: admin.token,
      body: { name: '', slug: 'Not A Slug', price: -1, accessUrl: 'javascript:alert(1)' },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.error?.fieldErrors ?? {}).sort()).toEqual([
      'accessUrl',
      'name',
      'price',
      'slug',
    ]);
  });
});

describe('item orders', () => {
  it('creates a pending item order priced from the stored item, without its accessUrl', async () => {
    const response = await rawItemOrder(buyer, {
      itemId: item._id,
      ...billing,
      totalPrice: '0.01',
      accessUrl: 'https://evil.test',
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      currency: 'USD',
      orderId: expect.stringMatching(/^[A-Z0-9]{8}$/),
      paymentId: expect.stringMatching(/^[A-Z0-9]{8}$/),
      itemId: item._id,
      packageId: item._id,
      packageName: 'Playbook',
      packagePrice: 19,
      processingFee: '0.00',
      totalPrice: '19.00',
      paymentStatus: 'pending',
      orderStatus: 'pending',
      customerEmail: buyer.email,
      ...billing,
      orderDate: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
      slug: 'playbook-2025',
      guidelines: 'Read me',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(response.text).not.toContain('secret-playbook');
  });

  it('needs sign-in, a valid body and a known item, and stores nothing otherwise', async () => {
    const before = await ordersInDb().countDocuments(ITEM);
    const anonymous = await callEndpoint(api, contract.itemOrders.create, {
      body: { itemId: item._id, ...billing },
    });
    expect(anonymous.status).toBe(401);
    const bad = await newItemOrder(buyer, { ...billing, itemId: 'not-an-id', address: ' ' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.error?.fieldErrors ?? {}).sort()).toEqual(['address', 'itemId']);
    const injected = await rawItemOrder(buyer, { ...billing, itemId: { $gt: '' } });
    expect(injected.status).toBe(400);
    expect(injected.body.fieldErrors).toHaveProperty('itemId');
    const unknown = await newItemOrder(buyer, {
      itemId: new mongo.ObjectId().toHexString(),
      ...billing,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.error?.message).toBe('Item not found');
    expect(await ordersInDb().countDocuments(ITEM)).toBe(before);
  });

  it("refuses Sellers with 'Sellers cannot purchase products'", async () => {
    const response = await newItemOrder(seller);
    expect(response.status).toBe(403);
    expect(response.error?.message).toBe('Sellers cannot purchase products');
  });

  it('hides the accessUrl of an unpaid order from everyone, admins included', async () => {
    const order = (await newItemOrder(buyer)).body;
    // The order holds it, for once it is paid.
    expect(await ordersInDb().findOne({ _id: new mongo.ObjectId(order._id) })).toMatchObject({
      accessUrl: 'https://files.test/secret-playbook.pdf',
    });
    for (const persona of [buyer, admin]) {
      const one = await callEndpoint(api, contract.itemOrders.get, {
        token: persona.token,
        params: { id: order._id },
      });
      expect(one.status).toBe(200);
      expect(one.text).not.toContain('secret-playbook');
    }
    const list = await callEndpoint(api, contract.itemOrders.list, {
      token: buyer.token,
      query: { userEmail: buyer.email },
    });
    expect(list.status).toBe(200);
    const listed = list.body.find(({ _id }) => _id === order._id);
    expect(listed).toMatchObject({ paymentStatus: 'pending' });
    expect(listed).not.toHaveProperty('accessUrl');
    expect(list.text).not.toContain('secret-playbook');
    const params = { id: order._id };
    expect(
      (await callEndpoint(api, contract.itemOrders.get, { token: other.token, params })).status,
    ).toBe(404);
    const verify = await callEndpoint(api, contract.itemOrders.verify, {
      token: buyer.token,
      params,
    });
    expect(verify.body).toEqual({
      success: true,
      verified: false,
      paymentStatus: 'pending',
      orderStatus: 'pending',
    });
    expect(
      (await callEndpoint(api, contract.itemOrders.verify, { token: other.token, params })).status,
    ).toBe(404);
  });

  it('lists own item orders, everyone’s for admins, and refuses other users (403)', async () => {
    const buyersOrder = (await newItemOrder(buyer)).body;
    const othersOrder = (await newItemOrder(other)).body;
    const storedIds = async (filter: Record<string, string> = {}) =>
      (
        await ordersInDb()
          .find({ ...ITEM, ...filter })
          .sort({ createdAt: -1, _id: -1 })
          .toArray()
      ).map(({ _id }) => _id.toHexString());

    const own = await callEndpoint(api, contract.itemOrders.list, {
      token: buyer.token,
      query: { userEmail: buyer.email },
    });
    expect(own.status).toBe(200);
    expect(own.body.map(({ _id }) => _id)).toEqual(await storedIds({ customerEmail: buyer.email }));
    expect(own.body[0]).toEqual(buyersOrder);
    expect(own.text).not.toContain(othersOrder._id);

    expect(
      (
        await callEndpoint(api, contract.itemOrders.list, {
          token: other.token,
          query: { userEmail: buyer.email },
        })
      ).status,
    ).toBe(403);
    expect((await callEndpoint(api, contract.itemOrders.list, { token: buyer.token })).status).toBe(
      403,
    );
    expect(
      (await call(api, 'GET', '/item-orders?userEmail[$ne]=x', { token: admin.token })).status,
    ).toBe(400);
    const all = await callEndpoint(api, contract.itemOrders.list, { token: admin.token });
    expect(all.status).toBe(200);
    expect(all.body.map(({ _id }) => _id)).toEqual(await storedIds());
    expect(all.body.map(({ _id }) => _id)).toEqual(
      expect.arrayContaining([buyersOrder._id, othersOrder._id]),
    );
  });

  it('deletes pending item orders only (admin)', async () => {
    const pending = (await newItemOrder(buyer)).body;
    const paid = (await newItemOrder(buyer)).body;
    await ordersInDb().updateOne(
      { _id: new mongo.ObjectId(paid._id) },
      { $set: { paymentStatus: 'Paid', orderStatus: 'Completed' } },
    );
    const remove = (token: string, id: string) =>
      callEndpoint(api, contract.itemOrders.delete, { token, params: { id } });
    expect((await remove(buyer.token, pending._id)).status).toBe(403);
    expect((await remove(admin.token, pending._id)).status).toBe(200);
    expect((await remove(admin.token, paid._id)).status).toBe(409);
    expect(await ordersInDb().countDocuments({ orderId: paid.orderId })).toBe(1);
    expect((await call(api, 'DELETE', '/item-order/xyz', { token: admin.token })).status).toBe(400);
  });
});

describe('unpaid orders per buyer', () => {
  it('are at most 10 of each kind: the 11th is refused until one is paid or deleted', async () => {
    const capped = await startTestApi({ OPEN_ORDERS_LIMIT: '10' }, { sameDatabaseAs: api });
    const newOrder = (persona: Persona) =>
      callEndpoint(capped, contract.packageOrders.create, {
        token: persona.token,
        body: { packageId, ...billing },
      });
    const newItemOrder = (persona: Persona) =>
      callEndpoint(capped, contract.itemOrders.create, {
        token: persona.token,
        body: { itemId: item._id, ...billing },
      });
    try {
      const hoarder = await signUp(api, 'hoarder');
      const placed: PackageOrder[] = [];
      for (let count = 0; count < 10; count += 1) {
        const order = await newOrder(hoarder);
        expect(order.status).toBe(201);
        placed.push(order.body);
      }
      const refused = await newOrder(hoarder);
      expect(refused.status).toBe(409);
      expect(refused.error?.message).toBe(
        'You have 10 orders waiting for payment. Pay one of them first; unpaid orders are removed after 30 days.',
      );
      expect(await ordersInDb().countDocuments({ customerEmail: hoarder.email })).toBe(10);
      // The other kind has its own ten; another buyer is not affected.
      expect((await newItemOrder(hoarder)).status).toBe(201);
      expect((await newOrder(await signUp(api, 'neighbour'))).status).toBe(201);

      const removed = await callEndpoint(api, contract.packageOrders.delete, {
        token: admin.token,
        params: { id: placed[0]!._id },
      });
      expect(removed.status).toBe(200);
      expect((await newOrder(hoarder)).status).toBe(201);
    } finally {
      await capped.close();
    }
  });
});

// Issue 54, item 1: both kinds in one collection; `kind` keeps each route set to its own.
describe('one collection for both kinds', () => {
  it("answers another kind's id as unknown (404) on every route, and deletes nothing", async () => {
    const itemOrder = (await newItemOrder(buyer)).body;
    const packageOrder = (await newOrder(buyer)).body;
    const byBuyer = { token: buyer.token };
    const byAdmin = { token: admin.token };
    const ofItem = { params: { id: itemOrder._id } };
    const ofPackage = { params: { id: packageOrder._id } };
    const { packageOrders, itemOrders } = contract;
    expect((await callEndpoint(api, packageOrders.get, { ...byBuyer, ...ofItem })).status).toBe(
      404,
    );
    expect((await callEndpoint(api, itemOrders.get, { ...byBuyer, ...ofPackage })).status).toBe(
      404,
    );
    expect((await callEndpoint(api, packageOrders.delete, { ...byAdmin, ...ofItem })).status).toBe(
      404,
    );
    expect((await callEndpoint(api, itemOrders.delete, { ...byAdmin, ...ofPackage })).status).toBe(
      404,
    );
    const pay = await callEndpoint(api, contract.payments.createPaypalOrder, {
      token: buyer.token,
      body: { orderId: itemOrder._id, kind: 'package' },
    });
    expect(pay.status).toBe(404);
    const stored = await ordersInDb()
      .find({ _id: { $in: [itemOrder._id, packageOrder._id].map((id) => new mongo.ObjectId(id)) } })
      .project({ kind: 1 })
      .toArray();
    expect(stored.map(({ kind }) => kind as string).sort()).toEqual(['item', 'package']);

    const ownPackages = await callEndpoint(api, contract.packageOrders.list, {
      ...byBuyer,
      query: { userEmail: buyer.email },
    });
    expect(ownPackages.body.map((order) => order._id)).toContain(packageOrder._id);
    expect(ownPackages.body.map((order) => order._id)).not.toContain(itemOrder._id);
  });

  it("gives the back office each kind's total without a search, kept as orders come and go", async () => {
    const totals = async () => {
      const page = { token: admin.token, query: { page: 1, pageSize: 1 } };
      const packages = await callEndpoint(api, contract.packageOrders.adminList, page);
      const items = await callEndpoint(api, contract.itemOrders.adminList, page);
      return { packages: packages.body.total, items: items.body.total };
    };
    const counted = async () => ({
      packages: await ordersInDb().countDocuments({ kind: 'package' }),
      items: await ordersInDb().countDocuments(ITEM),
    });
    expect(await totals()).toEqual(await counted());

    const placed = (await newItemOrder(buyer)).body;
    await newOrder(buyer);
    expect(await totals()).toEqual(await counted());
    expect(
      (
        await callEndpoint(api, contract.itemOrders.delete, {
          token: admin.token,
          params: { id: placed._id },
        })
      ).status,
    ).toBe(200);
    expect(await totals()).toEqual(await counted());

    // An order whose process stopped before its total was kept: right again after the sweep.
    const [stray] = legacyOrders(buyer, 1);
    await ordersInDb().insertOne({ ...stray!.itemOrder, kind: 'item' });
    const before = await totals();
    expect(before.items).toBe((await counted()).items - 1);
    expect(await api.app.get(RecoverySweepService).runOnce()).toBe(true);
    expect(await totals()).toEqual(await counted());
  });

  /** Orders as the release with two collections left them: no `kind`, items apart. */
  const legacyOrders = (owner: Persona, count: number) => {
    const common = () => ({
      _id: new mongo.ObjectId(),
      orderId: unique().slice(-8).toUpperCase(),
      paymentId: unique().slice(-8).toUpperCase(),
      packagePrice: 19,
      processingFee: '0.57',
      totalPrice: '19.57',
      paymentStatus: 'pending',
      orderStatus: 'pending',
      customerId: new mongo.ObjectId(owner.id),
      customerEmail: owner.email,
      customerName: 'Ada Old',
      address: '1 Old Road',
      country: 'France',
      orderDate: utcDay(new Date()),
      currency: 'USD',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    return Array.from({ length: count }, () => ({
      packageOrder: {
        ...common(),
        packageId: new mongo.ObjectId(packageId),
        packageName: 'Pro',
        credit: 200,
        Validity: 90,
        creditApplied: false,
      },
      itemOrder: {
        ...common(),
        itemId: new mongo.ObjectId(item._id),
        packageName: 'Playbook',
        slug: 'Playbook-2025',
        accessUrl: 'https://files.test/secret-playbook.pdf',
      },
    }));
  };
  const listed = async (persona: Persona) => ({
    packages: (
      await callEndpoint(api, contract.packageOrders.list, {
        token: persona.token,
        query: { userEmail: persona.email },
      })
    ).body.map((order) => order.orderId),
    items: (
      await callEndpoint(api, contract.itemOrders.list, {
        token: persona.token,
        query: { userEmail: persona.email },
      })
    ).body.map((order) => order.orderId),
  });

  it('takes in the orders an earlier version kept, once, when instances start together', async () => {
    const owner = await signUp(api, 'legacy');
    const legacy = legacyOrders(owner, 3);
    await ordersInDb().insertMany(legacy.map(({ packageOrder }) => packageOrder));
    await api.db.collection('itemOrders').insertMany(legacy.map(({ itemOrder }) => itemOrder));

    const started = await Promise.all([
      startTestApi({}, { sameDatabaseAs: api }),
      startTestApi({}, { sameDatabaseAs: api }),
    ]);
    await Promise.all(started.map((instance) => instance.close()));

    expect(await api.db.collection('itemOrders').countDocuments()).toBe(0);
    const lists = await listed(owner);
    expect(lists.packages.sort()).toEqual(
      legacy.map(({ packageOrder }) => packageOrder.orderId).sort(),
    );
    expect(lists.items.sort()).toEqual(legacy.map(({ itemOrder }) => itemOrder.orderId).sort());
    // Each order once, as it was, with its kind.
    const item = await callEndpoint(api, contract.itemOrders.get, {
      token: owner.token,
      params: { id: legacy[0]!.itemOrder._id.toHexString() },
    });
    expect(item.body).toMatchObject({
      orderId: legacy[0]?.itemOrder.orderId,
      slug: 'Playbook-2025',
      totalPrice: '19.57',
    });
    expect(await ordersInDb().countDocuments({ customerId: new mongo.ObjectId(owner.id) })).toBe(6);
  });

  it('takes in, at the next recovery sweep, an order an earlier instance wrote while this one ran', async () => {
    const owner = await signUp(api, 'rolling');
    const [late] = legacyOrders(owner, 1);
    await api.db.collection('itemOrders').insertOne(late!.itemOrder);
    await ordersInDb().insertOne(late!.packageOrder);
    expect(await listed(owner)).toEqual({ packages: [], items: [] });

    expect(await api.app.get(RecoverySweepService).runOnce()).toBe(true);

    expect(await listed(owner)).toEqual({
      packages: [late!.packageOrder.orderId],
      items: [late!.itemOrder.orderId],
    });
    // A moved order is one of the store's: the back office deletes it like any pending one.
    const removed = await callEndpoint(api, contract.itemOrders.delete, {
      token: admin.token,
      params: { id: late!.itemOrder._id.toHexString() },
    });
    expect(removed.status).toBe(200);
    expect((await listed(owner)).items).toEqual([]);
  });
});
