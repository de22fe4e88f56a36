import { contract, type BodyOf, type CreditPackage } from '@coldmail/contracts';
import { mongo } from 'mongoose';
import { ItemsService } from '../src/items/items.service';
import { PackagesService } from '../src/packages/packages.service';
import { DEMO_ITEMS, DEMO_PACKAGES } from '../src/seed/demo-catalogue';
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
const adminEmail = `admin-${unique()}@coldmail.test`;

const packagesInDb = () => api.db.collection('packages');
const starter = { packageName: 'Starter', price: '9.99', credit: '50', pointOne: '50 emails' };

beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: adminEmail });
  admin = await signUp(api, 'admin', { email: adminEmail });
  buyer = await signUp(api, 'buyer');
});

afterAll(async () => {
  await api?.close();
});

afterEach(async () => {
  // Through the API, as an admin would: the API keeps the list in memory and drops it on writes.
  const listed = await callEndpoint(api, contract.packages.list, {});
  for (const { _id } of listed.body) {
    await callEndpoint(api, contract.packages.delete, { token: admin.token, params: { id: _id } });
  }
  expect(await packagesInDb().countDocuments()).toBe(0);
});

async function add(body: BodyOf<typeof contract.packages.add>, token = admin.token) {
  return callEndpoint(api, contract.packages.add, { token, body });
}
/** A body the contract does not allow (unknown fields, operators), as it is. */
async function addRaw(json: unknown, token = admin.token) {
  return call<CreditPackage & ErrorBody>(api, 'POST', '/add-package', { token, json });
}

// Issue 34: the spec's package record carries sellerEmail and _id.
describe('the spec’s package record, sent to /add-package and /edit-package', () => {
  it('is accepted with sellerEmail and _id, which are ignored; an _id of another package is a 400', async () => {
    const added = await add({ ...starter, sellerEmail: 'seller@coldmail.test', _id: 'x' });
    expect(added.status).toBe(400);
    const created = await add({
      ...starter,
      packageName: 'Spec record',
      sellerEmail: 'seller@coldmail.test',
      _id: '0123456789abcdef01234567',
    });
    expect(created.status).toBe(201);
    expect(created.body._id).not.toBe('0123456789abcdef01234567');
    expect(created.body).not.toHaveProperty('sellerEmail');
    const stored = await packagesInDb().findOne({ packageName: 'Spec record' });
    expect(stored).not.toHaveProperty('sellerEmail');

    const edit = (body: BodyOf<typeof contract.packages.edit>) =>
      callEndpoint(api, contract.packages.edit, {
        token: admin.token,
        params: { id: created.body._id },
        body,
      });
    const edited = await edit({
      ...created.body,
      price: 12,
      sellerEmail: 'seller@coldmail.test',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ _id: created.body._id, price: 12 });
    const another = await edit({ ...created.body, _id: '0123456789abcdef01234567', price: 99 });
    expect(another.status).toBe(400);
    expect(another.error?.fieldErrors?._id).toBe(
      'This is not the id of the record at this address',
    );
    expect((await packagesInDb().findOne({ packageName: 'Spec record' }))?.price).toBe(12);
    await callEndpoint(api, contract.packages.delete, {
      token: admin.token,
      params: { id: created.body._id },
    });
  });
});

describe('POST /add-package (admin)', () => {
  it('stores the form values as numbers, with 30 days validity by default', async () => {
    const response = await add(starter);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      currency: 'USD',
      packageName: 'Starter',
      price: 9.99,
      credit: 50,
      validity: 30,
      pointOne: '50 emails',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('is for admins only', async () => {
    expect((await callEndpoint(api, contract.packages.add, { body: starter })).status).toBe(401);
    expect((await add(starter, buyer.token)).status).toBe(403);
    expect(await packagesInDb().countDocuments()).toBe(0);
  });

  it.each<[string, BodyOf<typeof contract.packages.add>]>([
    ['packageName', { ...starter, packageName: ' ' }],
    ['price', { ...starter, price: '' }],
    ['price', { ...starter, price: '9.999' }],
    ['price', { ...starter, price: 0 }],
    ['credit', { ...starter, credit: 'lots' }],
    ['credit', { ...starter, credit: 1.5 }],
    ['validity', { ...starter, validity: 0 }],
  ])('refuses a bad %s with 400 and stores nothing', async (field, body) => {
    const response = await add(body);
    expect(response.status).toBe(400);
    expect(response.error?.fieldErrors?.[field]).toBeDefined();
    expect(await packagesInDb().countDocuments()).toBe(0);
  });

  it.each([
    ['slot', { ...starter, slot: 1 }],
    ['packageName', { ...starter, packageName: { $gt: '' } }],
  ])('refuses a bad %s with 400 and stores nothing', async (field, body) => {
    const response = await addRaw(body);
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors?.[field]).toBeDefined();
    expect(await packagesInDb().countDocuments()).toBe(0);
  });

  it('refuses a fourth package', async () => {
    for (const name of ['One', 'Two', 'Three']) {
      expect((await add({ ...starter, packageName: name })).status).toBe(201);
    }
    const fourth = await add({ ...starter, packageName: 'Four' });
    expect(fourth.status).toBe(409);
    expect(fourth.error?.message).toBe('Maximum 3 packages allowed');
    expect(await packagesInDb().countDocuments()).toBe(3);
  });

  it('lets only one of two concurrent adds at 2 packages succeed', async () => {
    await add({ ...starter, packageName: 'One' });
    await add({ ...starter, packageName: 'Two' });
    const results = await Promise.all(
      ['Three', 'Four', 'Five', 'Six'].map((name) => add({ ...starter, packageName: name })),
    );
    expect(results.map((result) => result.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await packagesInDb().countDocuments()).toBe(3);
  });

  it('frees a slot when a package is deleted', async () => {
    const created = await Promise.all(
      ['One', 'Two', 'Three'].map((name) => add({ ...starter, packageName: name })),
    );
    const removed = await callEndpoint(api, contract.packages.delete, {
      token: admin.token,
      params: { id: created[1]!.body._id },
    });
    expect(removed.body).toEqual({ success: true, message: 'Package deleted successfully' });
    expect((await add({ ...starter, packageName: 'Four' })).status).toBe(201);
    expect(await packagesInDb().countDocuments()).toBe(3);
  });
});

describe('GET /packages, GET /package/:id (public)', () => {
  it('lists packages in the order they were added, without sign-in', async () => {
    for (const name of ['One', 'Two']) await add({ ...starter, packageName: name });
    const list = await callEndpoint(api, contract.packages.list, {});
    expect(list.status).toBe(200);
    expect(list.body.map((found) => found.packageName)).toEqual(['One', 'Two']);
    expect(list.text).not.toContain('slot');

    const one = await callEndpoint(api, contract.packages.get, {
      params: { id: list.body[0]!._id },
    });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(list.body[0]);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    expect((await call(api, 'GET', '/package/nope')).status).toBe(400);
    const unknown = { id: new mongo.ObjectId().toHexString() };
    expect((await callEndpoint(api, contract.packages.get, { params: unknown })).status).toBe(404);
  });
});

describe('PUT /edit-package/:id (admin)', () => {
  it('changes the given fields, keeps omitted ones and clears emptied lines', async () => {
    const created = await add({ ...starter, validity: 60, pointTwo: 'Two' });
    const response = await callEndpoint(api, contract.packages.edit, {
      token: admin.token,
      params: { id: created.body._id },
      body: { packageName: 'Starter+', price: 12.5, credit: 60, pointOne: '' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      packageName: 'Starter+',
      price: 12.5,
      credit: 60,
      validity: 60,
      pointTwo: 'Two',
    });
    expect(response.body.pointOne).toBeUndefined();
  });

  it('is for admins only and validates like add', async () => {
    const created = await add(starter);
    const params = { id: created.body._id };
    expect(
      (
        await callEndpoint(api, contract.packages.edit, {
          token: buyer.token,
          params,
          body: starter,
        })
      ).status,
    ).toBe(403);
    const bad = await callEndpoint(api, contract.packages.edit, {
      token: admin.token,
      params,
      body: { ...starter, credit: -1 },
    });
    expect(bad.status).toBe(400);
    expect(await packagesInDb().findOne({})).toMatchObject({ credit: 50 });
  });

  it('answers 404 for an unknown package', async () => {
    const response = await callEndpoint(api, contract.packages.edit, {
      token: admin.token,
      params: { id: new mongo.ObjectId().toHexString() },
      body: starter,
    });
    expect(response.status).toBe(404);
  });
});

describe('DELETE /package/:id (admin)', () => {
  it('is for admins only; a second delete is a 404', async () => {
    const created = await add(starter);
    const remove = (token: string) =>
      callEndpoint(api, contract.packages.delete, { token, params: { id: created.body._id } });
    expect((await remove(buyer.token)).status).toBe(403);
    expect((await remove(admin.token)).status).toBe(200);
    expect((await remove(admin.token)).status).toBe(404);
  });
});

describe('the list kept in memory', () => {
  it('shows an admin’s add, edit and delete on the very next read', async () => {
    const listed = async () =>
      (await callEndpoint(api, contract.packages.list, {})).body.map((found) => found.packageName);
    expect(await listed()).toEqual([]);
    const added = (await add({ ...starter, packageName: 'Fresh' })).body;
    expect(await listed()).toEqual(['Fresh']);
    const edited = await callEndpoint(api, contract.packages.edit, {
      token: admin.token,
      params: { id: added._id },
      body: { ...starter, packageName: 'Renamed' },
    });
    expect(edited.status).toBe(200);
    expect(await listed()).toEqual(['Renamed']);
    await callEndpoint(api, contract.packages.delete, {
      token: admin.token,
      params: { id: added._id },
    });
    expect(await listed()).toEqual([]);
  });
});

describe('the development seed', () => {
  it('fills an empty store once and leaves it alone afterwards', async () => {
    const packages = api.app.get(PackagesService);
    const items = api.app.get(ItemsService);
    expect(await packages.seedIfEmpty(DEMO_PACKAGES)).toBe(true);
    expect(await items.seedIfEmpty(DEMO_ITEMS)).toBe(true);
    expect(await packages.seedIfEmpty(DEMO_PACKAGES)).toBe(false);
    expect(await items.seedIfEmpty(DEMO_ITEMS)).toBe(false);
    const list = await callEndpoint(api, contract.packages.list, {});
    expect(list.body.map((found) => found.packageName)).toEqual([
      'Starter',
      'Professional',
      'Agency',
    ]);
    expect(await api.db.collection('items').countDocuments()).toBe(DEMO_ITEMS.length);
  });
});
