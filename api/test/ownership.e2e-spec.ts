import { contract, endpointsOf } from '@coldmail/contracts';
import { databaseSnapshot } from './support/db-snapshot';
import { geminiDouble } from './support/gemini-double';
import { paypalDouble } from './support/paypal-double';
import { call, type Persona, signUp, startTestApi, type TestApi, unique } from './support/test-api';

// Every endpoint whose contract access is 'owner' and that names a record by id, called by
// another buyer with the ids of the first buyer's records (their profile, an upload, a package
// order, an item order, a ticket, a generated email) and a body that is valid: each is refused
// (403 or 404), and the database is exactly as it was. The owner's own reads and updates with the
// same ids and bodies are answered, so the refusals are about ownership, not the input. A new
// owner endpoint fails this test until it joins the table of bodies below.

const paypal = paypalDouble();
const gemini = geminiDouble();
let api: TestApi;
let admin: Persona;
let owner: Persona;
let other: Persona;
const adminEmail = `owner-admin-${unique()}@coldmail.test`;
/** The owner's records, by kind (filled in before the tests). */
const ids = { user: '', upload: '', order: '', itemOrder: '', ticket: '', generation: '' };

/** A valid body for each owner endpoint that takes one, by contract key. */
const bodies: Record<string, unknown> = {
  'users.updateProfile': { userName: 'Mallory' },
  'payments.completePackage': { paypalOrderId: 'PAYPAL-ORDER-1' },
  'payments.completeItem': { paypalOrderId: 'PAYPAL-ORDER-2' },
  'support.update': { adminMessage: [{ message: 'Let me in' }] },
};

const ownerEndpoints = endpointsOf(contract).filter(
  (endpoint) => endpoint.access === 'owner' && /:\w+/.test(endpoint.path),
);

beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: adminEmail, ...paypal.env, ...gemini.env });
  admin = await signUp(api, 'admin', { email: adminEmail });
  owner = await signUp(api, 'owner');
  other = await signUp(api, 'other');
  ids.user = owner.id;
  const as = async <T>(persona: Persona, method: string, path: string, json?: unknown) => {
    const response = await call<T & { _id: string }>(api, method, path, {
      token: persona.token,
      json,
    });
    // Labelled, so a failing set-up call says which one it was and what the API answered.
    expect(`${method} ${path}: ${response.status < 300 ? 'ok' : response.text}`).toBe(
      `${method} ${path}: ok`,
    );
    return response.body;
  };
  const billing = { customerName: 'Olive Owner', address: '1 Road', country: 'France' };
  const pkg = await as(admin, 'POST', '/add-package', {
    packageName: `Owned ${unique()}`,
    price: 9,
    credit: 10,
  });
  const item = await as(admin, 'POST', '/api/items', {
    name: 'Owned item',
    slug: `owned-${unique()}`,
    price: 5,
    accessUrl: 'https://files.test/owned.pdf',
  });
  ids.order = (await as(owner, 'POST', '/new-order', { packageId: pkg._id, ...billing }))._id;
  ids.itemOrder = (
    await as(owner, 'POST', '/new-item-order', { itemId: item._id, ...billing })
  )._id;
  ids.ticket = (
    await as(owner, 'POST', '/new-support-message', { subject: 'Mine', message: 'My ticket' })
  )._id;
  await as(admin, 'PUT', `/api/users/${owner.id}`, { currentBalance: 3 });
  await as(admin, 'POST', '/api/gemini-keys', { name: 'Key', key: `AIzaSy${unique()}${unique()}` });
  ids.generation = (
    await as<{ generationId: string }>(owner, 'POST', '/api/generate-email', {
      recipientName: 'Ada',
      senderName: 'Olive',
      purpose: 'Say hello',
      tone: 'friendly',
    })
  ).generationId;
  // The key's use is written within a moment, off the generation's path; the admin's key list
  // writes it at once, so the snapshots the tests compare are not changed by it later.
  await as(admin, 'GET', '/api/gemini-keys');
  const image = new FormData();
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  image.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'mine.png');
  const uploaded = await call<{ file: { url: string } }>(api, 'POST', '/image-server/upload', {
    token: owner.token,
    body: image,
  });
  expect(uploaded.status).toBe(201);
  ids.upload = uploaded.body.file.url.split('/').pop() as string;
  for (const id of Object.values(ids)) expect(id).toMatch(/^[0-9a-f]{24}$/);
});
afterAll(() => api?.close());

it('has a valid body for every owner endpoint that takes one', () => {
  expect(ownerEndpoints.length).toBeGreaterThanOrEqual(10);
  expect(Object.keys(bodies).sort()).toEqual(
    ownerEndpoints
      .filter((endpoint) => endpoint.body)
      .map((endpoint) => endpoint.key)
      .sort(),
  );
});

it("refuses another buyer every owner endpoint on the owner's records, changing nothing", async () => {
  const before = await databaseSnapshot(api.db);
  const answered: string[] = [];
  for (const endpoint of ownerEndpoints) {
    for (const [kind, id] of Object.entries(ids)) {
      const response = await call(api, endpoint.method, endpoint.path.replace(/:\w+/, id), {
        token: other.token,
        json: bodies[endpoint.key],
      });
      if (response.status !== 403 && response.status !== 404) {
        answered.push(
          `${endpoint.key} on the owner's ${kind}: ${response.status} ${response.text}`,
        );
      }
    }
  }
  expect(answered).toEqual([]);
  expect(await databaseSnapshot(api.db)).toEqual(before);
});

it("shows another buyer none of the owner's records in any owner list, whatever the query names", async () => {
  const lists = endpointsOf(contract).filter(
    (endpoint) =>
      endpoint.access === 'owner' && endpoint.method === 'GET' && !/:\w+/.test(endpoint.path),
  );
  expect(lists.map((endpoint) => endpoint.path)).toEqual(
    expect.arrayContaining(['/users', '/orders', '/item-orders', '/support-messages']),
  );
  const leaks: string[] = [];
  for (const endpoint of lists) {
    for (const query of [
      `userEmail=${encodeURIComponent(owner.email)}`,
      `customerEmail=${encodeURIComponent(owner.email)}`,
      `userId=${owner.id}`,
      '',
    ]) {
      const response = await call(api, 'GET', `${endpoint.path}?${query}`, { token: other.token });
      // A query it does not take is refused; whatever it answers holds nothing of the owner's.
      if (response.status >= 500) leaks.push(`${endpoint.key}?${query}: ${response.status}`);
      for (const [kind, id] of Object.entries(ids)) {
        if (response.text.includes(id))
          leaks.push(`${endpoint.key}?${query} shows the owner's ${kind}`);
      }
      if (response.text.includes(owner.email))
        leaks.push(`${endpoint.key}?${query} shows the owner's address`);
    }
  }
  expect(leaks).toEqual([]);
});

it('answers the owner on their own records, with the same bodies', async () => {
  const reads = {
    'packageOrders.get': ids.order,
    'itemOrders.get': ids.itemOrder,
    'support.get': ids.ticket,
  };
  for (const [key, id] of Object.entries(reads)) {
    const endpoint = ownerEndpoints.find((candidate) => candidate.key === key);
    expect(endpoint).toBeDefined();
    const response = await call(api, 'GET', endpoint!.path.replace(/:\w+/, id), {
      token: owner.token,
    });
    expect([key, response.status]).toEqual([key, 200]);
  }
  const profile = await call(api, 'PUT', `/update-user-profile/${owner.id}`, {
    token: owner.token,
    json: bodies['users.updateProfile'],
  });
  expect(profile.status).toBe(200);
  const reply = await call(api, 'PUT', `/support-message-status/${ids.ticket}`, {
    token: owner.token,
    json: bodies['support.update'],
  });
  expect(reply.status).toBe(200);
});
