import type { ItemOrder, PackageOrder } from '@coldmail/contracts';
import { call, type Persona, signUp, startTestApi, type TestApi, unique } from './support/test-api';

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
    const created = await call<{ _id: string }>(api, 'POST', '/add-package', {
      token: admin.token,
      json: { packageName: name, price, credit: price * 10, validity: 30 },
    });
    for (const customerName of ['Zoe Zeta', 'Adam Alpha']) {
      const order = await call<PackageOrder>(api, 'POST', '/new-order', {
        token: buyer.token,
        json: { packageId: created.body._id, customerName, address: '1 Road', country: 'France' },
      });
      orders.push(order.body);
    }
  }
});
afterAll(() => api.close());

const list = (query: string, token = admin.token) =>
  call<Page<PackageOrder>>(api, 'GET', `/api/orders${query}`, { token });

describe('GET /api/orders (admin orders table)', () => {
  it('is for admins only', async () => {
    expect((await call(api, 'GET', '/api/orders')).status).toBe(401);
    expect((await list('', buyer.token)).status).toBe(403);
    expect((await call(api, 'GET', '/api/item-orders', { token: buyer.token })).status).toBe(403);
  });

  it('pages newest first by default and counts every order', async () => {
    const first = await list('?pageSize=4');
    expect(first.body).toMatchObject({ total: 6, page: 1, pageSize: 4 });
    expect(first.body.items.map((order) => order._id)).toEqual(
      [...orders]
        .reverse()
        .slice(0, 4)
        .map((order) => order._id),
    );
    const second = await list('?pageSize=4&page=2');
    expect(second.body.items).toHaveLength(2);
  });

  it('searches order id, customer, statuses and package name, any case', async () => {
    const byPackage = await list('?q=gROWth');
    expect(byPackage.body.total).toBe(2);
    expect(byPackage.body.items.every((order) => order.packageName === 'Growth')).toBe(true);
    const byCustomer = await list('?q=adam');
    expect(byCustomer.body.total).toBe(3);
    const byId = await list(`?q=${orders[0]?.orderId.toLowerCase()}`);
    expect(byId.body.items.map((order) => order._id)).toEqual([orders[0]?._id]);
    expect((await list('?q=pending')).body.total).toBe(6);
    // Typed characters are literal, not a pattern.
    expect((await list('?q=.*')).body.total).toBe(0);
  });

  it('sorts on the server', async () => {
    const byPrice = await list('?sort=totalPrice&dir=asc&pageSize=6');
    expect(byPrice.body.items.map((order) => order.packageName)).toEqual([
      'Starter',
      'Starter',
      'Growth',
      'Growth',
      'Scale',
      'Scale',
    ]);
    const byName = await list('?sort=customerName&dir=asc&pageSize=1');
    expect(byName.body.items[0]?.customerName).toBe('Adam Alpha');
  });

  it('answers bad queries with 400 and no data', async () => {
    for (const query of ['?q[$ne]=x', '?pageSize=1000', '?page=0', '?sort=password', '?dir=up']) {
      const response = await list(query);
      expect(response.status).toBe(400);
      expect(response.body).not.toHaveProperty('items');
    }
  });
});

describe('GET /api/item-orders (admin item orders table)', () => {
  const itemOrders: ItemOrder[] = [];
  const itemList = (query: string, token = admin.token) =>
    call<Page<ItemOrder>>(api, 'GET', `/api/item-orders${query}`, { token });
  const idsOf = (page: Page<ItemOrder>) => page.items.map((order) => order._id);

  beforeAll(async () => {
    // Prices whose text order ('149.00' < '19.00' < '9.00') is not their order.
    for (const [name, price, customerName] of [
      ['Cold Email Playbook', 9, 'Zoe Zeta'],
      ['Template Pack', 19, 'Adam Alpha'],
      ['Outreach Course', 149, 'Mia Moss'],
    ] as const) {
      const item = await call<{ _id: string }>(api, 'POST', '/api/items', {
        token: admin.token,
        json: { name, slug: `item-${unique()}`, price, accessUrl: 'https://files.test/x.pdf' },
      });
      const order = await call<ItemOrder>(api, 'POST', '/new-item-order', {
        token: buyer.token,
        json: { itemId: item.body._id, customerName, address: '1 Road', country: 'France' },
      });
      expect(order.status).toBe(201);
      itemOrders.push(order.body);
    }
  });

  it('is for admins only', async () => {
    expect((await call(api, 'GET', '/api/item-orders')).status).toBe(401);
    expect((await itemList('', buyer.token)).status).toBe(403);
  });

  it('pages newest first by default and counts every order', async () => {
    const newestFirst = [...itemOrders].reverse().map((order) => order._id);
    const first = await itemList('?pageSize=2');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(idsOf(first.body)).toEqual(newestFirst.slice(0, 2));
    const second = await itemList('?pageSize=2&page=2');
    expect(second.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(idsOf(second.body)).toEqual(newestFirst.slice(2));
  });

  it('searches order id, customer and item name, any case, literally', async () => {
    const [playbook, templates, course] = itemOrders.map((order) => order._id);
    const byItem = await itemList('?q=tEMPLATE');
    expect(byItem.body.total).toBe(1);
    expect(idsOf(byItem.body)).toEqual([templates]);
    expect(idsOf((await itemList('?q=MIA%20moss')).body)).toEqual([course]);
    const byId = await itemList(`?q=${itemOrders[0]?.orderId.toLowerCase()}`);
    expect(idsOf(byId.body)).toEqual([playbook]);
    expect((await itemList('?q=pending')).body.total).toBe(3);
    expect((await itemList('?q=.*')).body.total).toBe(0);
  });

  it('sorts on the server, prices as numbers', async () => {
    const byPrice = await itemList('?sort=totalPrice&dir=asc');
    expect(byPrice.body.items.map((order) => order.packageName)).toEqual([
      'Cold Email Playbook',
      'Template Pack',
      'Outreach Course',
    ]);
    const byName = await itemList('?sort=customerName&dir=desc&pageSize=1');
    expect(byName.body.items.map((order) => order.customerName)).toEqual(['Zoe Zeta']);
  });

  it('answers bad queries with 400 and no data', async () => {
    for (const query of ['?q[$ne]=x', '?pageSize=1000', '?sort=accessUrl']) {
      const response = await itemList(query);
      expect(response.status).toBe(400);
      expect(response.body).not.toHaveProperty('items');
    }
  });
});

describe('GET /api/users (admin user directory)', () => {
  type UserRow = { userEmail: string; userName: string; currentBalance: number };
  const users = (query: string, token = admin.token) =>
    call<Page<UserRow>>(api, 'GET', `/api/users${query}`, { token });

  it('is for admins only, and refuses bad queries', async () => {
    const anonymous = await call(api, 'GET', '/api/users');
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).not.toContain(buyer.email);
    expect((await users('', buyer.token)).status).toBe(403);
    expect((await users('?q[$regex]=.*')).status).toBe(400);
    expect((await users('?sort=password')).status).toBe(400);
  });

  it('pages newest first, searches name or e-mail in any case, and sorts', async () => {
    const newest = await users('?pageSize=1');
    expect(newest.body.total).toBe(2);
    expect(newest.body.items[0]?.userEmail).toBe(buyer.email);
    const found = await users(`?q=${buyer.email.slice(0, 8).toUpperCase()}`);
    expect(found.body.items.map((user) => user.userEmail)).toEqual([buyer.email]);
    const byEmail = await users('?sort=userEmail&dir=asc');
    const emails = byEmail.body.items.map((user) => user.userEmail);
    expect(emails).toEqual([...emails].sort());
  });
});
