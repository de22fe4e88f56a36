import { contract, type ItemOrder, type PackageOrder, type QueryOf } from '@coldmail/contracts';
import {
  call,
  callEndpoint,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from './support/test-api';

type Page<Row> = { items: Row[]; total: number; page: number; pageSize: number };

let api: TestApi;
let admin: Persona;
let buyer: Persona;
const adminEmail = `orders-admin-${unique()}@coldmail.test`;
const orders: PackageOrder[] = [];

beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: adminEmail });
  admin = await signUp(api, 'admin', { email: adminEmail });
  buyer = await signUp(api, 'buyer');
  for (const [name, price] of [
    ['Starter', 5],
    ['Growth', 25],
    ['Scale', 99],
  ] as const) {
    const created = await callEndpoint(api, contract.packages.add, {
      token: admin.token,
      body: { packageName: name, price, credit: price * 10, validity: 30 },
    });
    for (const customerName of ['Zoe Zeta', 'Adam Alpha']) {
      const order = await callEndpoint(api, contract.packageOrders.create, {
        token: buyer.token,
        body: { packageId: created.body._id, customerName, address: '1 Road', country: 'France' },
      });
      orders.push(order.body);
    }
  }
});
afterAll(() => api.close());

const list = (query: QueryOf<typeof contract.packageOrders.adminList>, token = admin.token) =>
  callEndpoint(api, contract.packageOrders.adminList, { token, query });
/** A query the contract does not allow (an operator, an unknown sort or direction), as it is. */
const listRaw = (query: string, token = admin.token) =>
  call<Page<PackageOrder>>(api, 'GET', `/api/orders${query}`, { token });

describe('GET /api/orders (admin orders table)', () => {
  it('is for admins only', async () => {
    expect((await callEndpoint(api, contract.packageOrders.adminList, {})).status).toBe(401);
    expect((await list({}, buyer.token)).status).toBe(403);
    expect(
      (await callEndpoint(api, contract.itemOrders.adminList, { token: buyer.token })).status,
    ).toBe(403);
  });

  it('pages newest first by default and counts every order', async () => {
    const first = await list({ pageSize: 4 });
    expect(first.body).toMatchObject({ total: 6, page: 1, pageSize: 4 });
    expect(first.body.items.map((order) => order._id)).toEqual(
      [...orders]
        .reverse()
        .slice(0, 4)
        .map((order) => order._id),
    );
    const second = await list({ pageSize: 4, page: 2 });
    expect(second.body.items).toHaveLength(2);
  });

  it('searches order id, customer, statuses and package name, any case', async () => {
    const byPackage = await list({ q: 'gROWth' });
    expect(byPackage.body.total).toBe(2);
    expect(byPackage.body.items.every((order) => order.packageName === 'Growth')).toBe(true);
    const byCustomer = await list({ q: 'adam' });
    expect(byCustomer.body.total).toBe(3);
    const byId = await list({ q: orders[0]?.orderId.toLowerCase() });
    expect(byId.body.items.map((order) => order._id)).toEqual([orders[0]?._id]);
    expect((await list({ q: 'pending' })).body.total).toBe(6);
    // Typed characters are literal, not a pattern.
    expect((await list({ q: '.*' })).body.total).toBe(0);
  });

  it('sorts on the server', async () => {
    const byPrice = await list({ sort: 'totalPrice', dir: 'asc', pageSize: 6 });
    expect(byPrice.body.items.map((order) => order.packageName)).toEqual([
      'Starter',
      'Starter',
      'Growth',
      'Growth',
      'Scale',
      'Scale',
    ]);
    const byName = await list({ sort: 'customerName', dir: 'asc', pageSize: 1 });
    expect(byName.body.items[0]?.customerName).toBe('Adam Alpha');
  });

  it('answers bad queries with 400 and no data', async () => {
    for (const query of [{ pageSize: 1000 }, { page: 0 }]) {
      const response = await list(query);
      expect(response.status).toBe(400);
      expect(response.body).not.toHaveProperty('items');
    }
    for (const query of ['?q[$ne]=x', '?sort=password', '?dir=up']) {
      const response = await listRaw(query);
      expect(response.status).toBe(400);
      expect(response.body).not.toHaveProperty('items');
    }
  });
});

describe('GET /api/item-orders (admin item orders table)', () => {
  const itemOrders: ItemOrder[] = [];
  const itemList = (query: QueryOf<typeof contract.itemOrders.adminList>, token = admin.token) =>
    callEndpoint(api, contract.itemOrders.adminList, { token, query });
  /** A query the contract does not allow, as it is. */
  const itemListRaw = (query: string, token = admin.token) =>
    call<Page<ItemOrder>>(api, 'GET', `/api/item-orders${query}`, { token });
  const idsOf = (page: Page<ItemOrder>) => page.items.map((order) => order._id);

  beforeAll(async () => {
    // Prices whose text order ('149.00' < '19.00' < '9.00') is not their order.
    for (const [name, price, customerName] of [
      ['Cold Email Playbook', 9, 'Zoe Zeta'],
      ['Template Pack', 19, 'Adam Alpha'],
      ['Outreach Course', 149, 'Mia Moss'],
    ] as const) {
      const item = await callEndpoint(api, contract.items.create, {
        token: admin.token,
        body: { name, slug: `item-${unique()}`, price, accessUrl: 'https://files.test/x.pdf' },
      });
      const order = await callEndpoint(api, contract.itemOrders.create, {
        token: buyer.token,
        body: { itemId: item.body._id, customerName, address: '1 Road', country: 'France' },
      });
      expect(order.status).toBe(201);
      itemOrders.push(order.body);
    }
  });

  it('is for admins only', async () => {
    expect((await callEndpoint(api, contract.itemOrders.adminList, {})).status).toBe(401);
    expect((await itemList({}, buyer.token)).status).toBe(403);
  });

  it('pages newest first by default and counts every order', async () => {
    const newestFirst = [...itemOrders].reverse().map((order) => order._id);
    const first = await itemList({ pageSize: 2 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(idsOf(first.body)).toEqual(newestFirst.slice(0, 2));
    const second = await itemList({ pageSize: 2, page: 2 });
    expect(second.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(idsOf(second.body)).toEqual(newestFirst.slice(2));
  });

  it('searches order id, customer and item name, any case, literally', async () => {
    const [playbook, templates, course] = itemOrders.map((order) => order._id);
    const byItem = await itemList({ q: 'tEMPLATE' });
    expect(byItem.body.total).toBe(1);
    expect(idsOf(byItem.body)).toEqual([templates]);
    expect(idsOf((await itemList({ q: 'MIA moss' })).body)).toEqual([course]);
    const byId = await itemList({ q: itemOrders[0]?.orderId.toLowerCase() });
    expect(idsOf(byId.body)).toEqual([playbook]);
    expect((await itemList({ q: 'pending' })).body.total).toBe(3);
    expect((await itemList({ q: '.*' })).body.total).toBe(0);
  });

  it('sorts on the server, prices as numbers', async () => {
    const byPrice = await itemList({ sort: 'totalPrice', dir: 'asc' });
    expect(byPrice.body.items.map((order) => order.packageName)).toEqual([
      'Cold Email Playbook',
      'Template Pack',
      'Outreach Course',
    ]);
    const byName = await itemList({ sort: 'customerName', dir: 'desc', pageSize: 1 });
    expect(byName.body.items.map((order) => order.customerName)).toEqual(['Zoe Zeta']);
  });

  it('answers bad queries with 400 and no data', async () => {
    const tooLarge = await itemList({ pageSize: 1000 });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body).not.toHaveProperty('items');
    for (const query of ['?q[$ne]=x', '?sort=accessUrl']) {
      const response = await itemListRaw(query);
      expect(response.status).toBe(400);
      expect(response.body).not.toHaveProperty('items');
    }
  });
});

describe('GET /api/users (admin user directory)', () => {
  const users = (query: QueryOf<typeof contract.users.adminList>, token = admin.token) =>
    callEndpoint(api, contract.users.adminList, { token, query });

  it('is for admins only, and refuses bad queries', async () => {
    const anonymous = await callEndpoint(api, contract.users.adminList, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).not.toContain(buyer.email);
    expect((await users({}, buyer.token)).status).toBe(403);
    // Queries the contract does not allow, as they are.
    const usersRaw = (query: string) =>
      call(api, 'GET', `/api/users${query}`, { token: admin.token });
    expect((await usersRaw('?q[$regex]=.*')).status).toBe(400);
    expect((await usersRaw('?sort=password')).status).toBe(400);
  });

  it('pages newest first, searches name or e-mail in any case, and sorts', async () => {
    const newest = await users({ pageSize: 1 });
    expect(newest.body.total).toBe(2);
    expect(newest.body.items[0]?.userEmail).toBe(buyer.email);
    const found = await users({ q: buyer.email.slice(0, 8).toUpperCase() });
    expect(found.body.items.map((user) => user.userEmail)).toEqual([buyer.email]);
    const byEmail = await users({ sort: 'userEmail', dir: 'asc' });
    const emails = byEmail.body.items.map((user) => user.userEmail);
    expect(emails).toEqual([...emails].sort());
  });
});
