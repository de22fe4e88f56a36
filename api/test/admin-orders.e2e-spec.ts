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

  it('lists item orders the same way', async () => {
    const page = await call<Page<ItemOrder>>(api, 'GET', '/api/item-orders?pageSize=5', {
      token: admin.token,
    });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ items: [], total: 0, page: 1, pageSize: 5 });
  });
});

describe('GET /api/users (admin user directory)', () => {
  type UserRow = { userEmail: string; userName: string; currentBalance: number };
  const users = (query: string, token = admin.token) =>
    call<Page<UserRow>>(api, 'GET', `/api/users${query}`, { token });

  it('is for admins only, and refuses bad queries', async () => {
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
