import { contract } from '@coldmail/contracts';
import {
  callEndpoint,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from './support/test-api';

// Issue 10: every admin change is recorded with who, what, before and after.
let api: TestApi;
let admin: Persona;
const adminEmail = `audited-${unique()}@coldmail.test`;

beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: adminEmail });
  admin = await signUp(api, 'admin', { email: adminEmail });
});
afterAll(() => api.close());

async function entriesFor(action: string) {
  const page = await callEndpoint(api, contract.audit.list, {
    token: admin.token,
    query: { action },
  });
  return page.body.items;
}

it('records package, user, message, settings and order changes with before and after', async () => {
  const byAdmin = { token: admin.token };
  const created = await callEndpoint(api, contract.packages.add, {
    ...byAdmin,
    body: { packageName: 'Audited', price: 10, credit: 100, validity: 30 },
  });
  const packageId = created.body._id;
  await callEndpoint(api, contract.packages.edit, {
    ...byAdmin,
    params: { id: packageId },
    body: { packageName: 'Audited Plus', price: 12, credit: 120 },
  });

  const buyer = await signUp(api, 'audited-buyer');
  await callEndpoint(api, contract.users.adminUpdate, {
    ...byAdmin,
    params: { id: buyer.id },
    body: { userName: 'Renamed', currentBalance: 7 },
  });
  await callEndpoint(api, contract.messages.send, {
    ...byAdmin,
    body: { toEmail: buyer.email, subject: 'Hello', messageBody: '<p>Hi <script>x()</script></p>' },
  });
  const order = await callEndpoint(api, contract.packageOrders.create, {
    token: buyer.token,
    body: { packageId, customerName: 'Bu Yer', address: '1 Road', country: 'France' },
  });
  await callEndpoint(api, contract.packageOrders.delete, {
    ...byAdmin,
    params: { id: order.body._id },
  });
  await callEndpoint(api, contract.paypalSettings.update, {
    ...byAdmin,
    body: {
      clientId: 'client-1',
      clientSecret: 'a-very-secret-value',
      mode: 'sandbox',
      currency: 'USD',
      enablePayPal: true,
      buttonStyles: { layout: 'vertical', color: 'blue', shape: 'rect', label: 'pay' },
    },
  });
  await callEndpoint(api, contract.packages.delete, { ...byAdmin, params: { id: packageId } });
  await callEndpoint(api, contract.users.delete, { ...byAdmin, params: { id: buyer.id } });

  const [packageUpdate] = await entriesFor('package.update');
  expect(packageUpdate).toMatchObject({
    actor: { email: adminEmail },
    target: { kind: 'package', id: packageId },
    before: { packageName: 'Audited', price: 10 },
    after: { packageName: 'Audited Plus', price: 12 },
  });
  const [userUpdate] = await entriesFor('user.update');
  expect(userUpdate).toMatchObject({
    before: { userName: 'audited-buyer', currentBalance: 0 },
    after: { userName: 'Renamed', currentBalance: 7 },
  });
  const [message] = await entriesFor('user.message');
  expect(message?.after).toEqual({ subject: 'Hello', messageBody: '<p>Hi </p>' });
  const [orderDelete] = await entriesFor('order.delete');
  expect(orderDelete).toMatchObject({
    before: { orderId: order.body.orderId, paymentStatus: 'pending' },
  });
  const [settings] = await entriesFor('settings.paypal.update');
  expect(JSON.stringify(settings)).not.toContain('a-very-secret-value');
  for (const action of ['package.create', 'package.delete', 'user.delete']) {
    expect(await entriesFor(action)).toHaveLength(1);
  }
});

it('records digital item changes with before and after', async () => {
  const item = {
    name: 'Audited Pack',
    slug: `audited-pack-${unique()}`,
    price: 9,
    accessUrl: 'https://files.test/audited.pdf',
  };
  const byAdmin = { token: admin.token };
  const created = await callEndpoint(api, contract.items.create, { ...byAdmin, body: item });
  expect(created.status).toBe(201);
  const params = { id: created.body._id };
  const itemId = params.id;
  await callEndpoint(api, contract.items.update, {
    ...byAdmin,
    params,
    body: { ...item, name: 'Audited Pack 2', price: 11 },
  });
  await callEndpoint(api, contract.items.delete, { ...byAdmin, params });

  const [createdEntry] = await entriesFor('item.create');
  expect(createdEntry).toMatchObject({
    actor: { email: adminEmail },
    target: { kind: 'item', id: itemId, label: 'Audited Pack' },
  });
  const [updated] = await entriesFor('item.update');
  expect(updated).toMatchObject({
    before: { name: 'Audited Pack', price: 9 },
    after: { name: 'Audited Pack 2', price: 11 },
  });
  const [deleted] = await entriesFor('item.delete');
  expect(deleted).toMatchObject({ before: { name: 'Audited Pack 2' } });
  // A refused change is not recorded.
  expect((await callEndpoint(api, contract.items.delete, { ...byAdmin, params })).status).toBe(404);
  expect(await entriesFor('item.delete')).toHaveLength(1);
});
