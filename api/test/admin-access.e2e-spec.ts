import { buildPath, contract, endpointsOf } from '@coldmail/contracts';
import { call, type Persona, signUp, startTestApi, type TestApi, unique } from './support/test-api';

// Every admin endpoint of the contract refuses a caller without a token (401) and a signed-in
// buyer (403), and the refusal changes nothing. Each is sent what an admin would send (real ids,
// a body its contract accepts), so a route that lost its rule would act, not fail validation.

type ErrorBody = { statusCode: number; message: string };
interface AdminRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

let api: TestApi;
let admin: Persona;
let buyer: Persona;
let target: Persona;
const seeded = {
  packageId: '',
  itemId: '',
  packageOrderId: '',
  itemOrderId: '',
  geminiKeyId: '',
  promoCodeId: '',
};
const adminEmail = `access-admin-${unique()}@coldmail.test`;
const billing = { customerName: 'Ada Buyer', address: '1 Loop Road', country: 'France' };

beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: adminEmail });
  admin = await signUp(api, 'admin', { email: adminEmail });
  buyer = await signUp(api, 'buyer');
  target = await signUp(api, 'target');
  const created = async <Body>(path: string, token: string, json: unknown) => {
    const response = await call<Body>(api, 'POST', path, { token, json });
    expect(response.status).toBe(201);
    return response.body;
  };
  seeded.packageId = (
    await created<{ _id: string }>('/add-package', admin.token, {
      packageName: 'Starter',
      price: 10,
      credit: 50,
      validity: 30,
    })
  )._id;
  seeded.itemId = (
    await created<{ _id: string }>('/api/items', admin.token, {
      name: 'Playbook',
      slug: 'playbook',
      price: 9,
      accessUrl: 'https://files.test/playbook.pdf',
    })
  )._id;
  seeded.packageOrderId = (
    await created<{ _id: string }>('/new-order', buyer.token, {
      packageId: seeded.packageId,
      ...billing,
    })
  )._id;
  seeded.itemOrderId = (
    await created<{ _id: string }>('/new-item-order', buyer.token, {
      itemId: seeded.itemId,
      ...billing,
    })
  )._id;
  seeded.promoCodeId = (
    await created<{ _id: string }>('/api/promo-codes', admin.token, {
      code: 'SPRING',
      kind: 'percent',
      percent: 10,
      appliesTo: 'all',
    })
  )._id;
  seeded.geminiKeyId = (
    await created<{ data: { _id: string } }>('/api/gemini-keys', admin.token, {
      name: 'Main',
      key: `AIzaSy${unique()}${unique()}`,
    })
  ).data._id;
});
afterAll(() => api.close());

/** What an admin would send to each admin endpoint: requests that would succeed for them. */
const adminRequests = (): Record<string, AdminRequest> => {
  const byId = (id: string) => ({ params: { id } });
  const content = (body: unknown): AdminRequest => ({ body });
  return {
    'users.adminList': { query: { q: target.email, pageSize: '5' } },
    'users.adminUpdate': {
      ...byId(target.id),
      body: { userName: 'Renamed', userRole: 'Admin', currentBalance: 1000 },
    },
    'users.delete': byId(target.id),
    'messages.send': {
      body: { toEmail: target.email, subject: 'Your account', messageBody: '<p>Hello</p>' },
    },
    'packages.add': {
      body: { packageName: 'Free credits', price: 1, credit: 100_000, validity: 365 },
    },
    'packages.edit': {
      ...byId(seeded.packageId),
      body: { packageName: 'Starter', price: 0.01, credit: 50 },
    },
    'packages.delete': byId(seeded.packageId),
    'items.create': {
      body: { name: 'Planted', slug: 'planted', price: 1, accessUrl: 'https://evil.test/x' },
    },
    'items.update': {
      ...byId(seeded.itemId),
      body: { name: 'Playbook', slug: 'playbook', price: 1, accessUrl: 'https://evil.test/x' },
    },
    'items.delete': byId(seeded.itemId),
    'packageOrders.delete': byId(seeded.packageOrderId),
    'packageOrders.adminList': { query: { q: buyer.email } },
    'packageOrders.refund': byId(seeded.packageOrderId),
    'itemOrders.delete': byId(seeded.itemOrderId),
    'itemOrders.adminList': { query: { q: buyer.email } },
    'itemOrders.refund': byId(seeded.itemOrderId),
    'content.navLogoUpdate': content({ imageUrl: 'https://evil.test/logo.png' }),
    'content.bannerUpdate': content({ mainTitle: 'Defaced' }),
    'content.bannerToggle': {},
    'content.bannerReset': {},
    'content.bannerStats': {},
    'content.featuresUpdate': content({ title: 'Defaced' }),
    'content.featuresToggle': {},
    'content.featuresReset': {},
    'content.aboutUpdate': content({ title: 'Defaced' }),
    'content.aboutToggle': {},
    'content.aboutReset': {},
    'content.aboutResetApi': {},
    'content.testimonialUpdate': content({ title: 'Defaced' }),
    'content.testimonialToggle': {},
    'content.testimonialReset': {},
    'content.contactUpdate': content({ title: 'Defaced' }),
    'content.contactToggle': {},
    'content.contactReset': {},
    'content.footerUpdate': content({ logo: 'https://evil.test/logo.png', isActive: true }),
    'content.footerToggle': {},
    'content.footerReset': {},
    'content.privacyUpdate': content({ title: 'Defaced' }),
    'content.privacyToggle': {},
    'content.privacyReset': {},
    'content.termsUpdate': content({ title: 'Defaced' }),
    'content.termsToggle': {},
    'content.termsReset': {},
    'content.refundUpdate': content({ title: 'Defaced' }),
    'content.refundToggle': {},
    'content.refundReset': {},
    'paypalSettings.update': {
      body: {
        clientId: 'someone-elses-client',
        clientSecret: 'someone-elses-secret',
        mode: 'live',
        currency: 'USD',
        enablePayPal: true,
        buttonStyles: { layout: 'vertical', color: 'gold', shape: 'pill', label: 'pay' },
      },
    },
    'paypalSettings.reset': {},
    'geminiKeys.list': {},
    'geminiKeys.create': { body: { name: 'Planted', key: `AIzaSy${unique()}${unique()}` } },
    'geminiKeys.update': {
      ...byId(seeded.geminiKeyId),
      body: { name: 'Main', key: '', isActive: false },
    },
    'geminiKeys.delete': byId(seeded.geminiKeyId),
    'geminiKeys.toggle': byId(seeded.geminiKeyId),
    'geminiKeys.test': byId(seeded.geminiKeyId),
    'geminiKeys.model': {},
    'geminiKeys.setModel': { body: { model: 'gemini-3.8-flash' } },
    'support.summary': {},
    'audit.list': { query: { pageSize: '5' } },
    'stats.overTime': { query: { from: '2026-01-01', to: '2026-01-31' } },
    'remoteReleases.list': {},
    'invoices.settings': {},
    'invoices.saveSettings': {
      body: {
        sellerName: 'Intruder Ltd',
        sellerAddress: '',
        sellerTaxId: '',
        pricesIncludeTax: false,
        taxRates: [{ country: 'FR', rate: 20, label: 'VAT' }],
      },
    },
    'promoCodes.list': {},
    'promoCodes.create': {
      body: { code: 'FREE', kind: 'percent', percent: 100, appliesTo: 'all' },
    },
    'promoCodes.get': byId(seeded.promoCodeId),
    'promoCodes.update': {
      ...byId(seeded.promoCodeId),
      body: { code: 'SPRING', kind: 'percent', percent: 99, appliesTo: 'all' },
    },
    'promoCodes.delete': byId(seeded.promoCodeId),
    'promoCodes.pause': byId(seeded.promoCodeId),
    'promoCodes.resume': byId(seeded.promoCodeId),
  };
};

// Deletions last, so that every other request still finds the record it would change.
const adminEndpoints = endpointsOf(contract)
  .filter((endpoint) => endpoint.access === 'admin')
  .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

/** Every document of every collection, in a stable order. */
async function everything(): Promise<Record<string, unknown[]>> {
  const collections = await api.db.listCollections({}, { nameOnly: true }).toArray();
  const names = collections.map(({ name }) => name).sort();
  return Object.fromEntries(
    await Promise.all(
      names.map(
        async (name) =>
          [name, await api.db.collection(name).find().sort({ _id: 1 }).toArray()] as const,
      ),
    ),
  );
}

describe('admin endpoints', () => {
  it('each has a request here that its contract accepts', () => {
    const requests = adminRequests();
    expect(Object.keys(requests).sort()).toEqual(adminEndpoints.map(({ key }) => key).sort());
    for (const endpoint of adminEndpoints) {
      const { params, query, body } = requests[endpoint.key] ?? {};
      const problems = [
        endpoint.params?.safeParse(params).error,
        endpoint.query?.safeParse(query ?? {}).error,
        endpoint.body?.safeParse(body).error,
        !endpoint.body && body !== undefined ? 'a body it does not take' : undefined,
      ].filter(Boolean);
      expect([endpoint.key, problems]).toEqual([endpoint.key, []]);
    }
  });

  it('refuse a caller without a token (401) and a signed-in buyer (403), changing nothing', async () => {
    const requests = adminRequests();
    const before = await everything();
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining(['users', 'packages', 'items', 'orders', 'geminiKeys']),
    );
    const answers = [];
    for (const endpoint of adminEndpoints) {
      const { params, query, body } = requests[endpoint.key] ?? {};
      const path =
        buildPath(endpoint.path, params) + (query ? `?${new URLSearchParams(query)}` : '');
      const anonymous = await call<ErrorBody>(api, endpoint.method, path, { json: body });
      const byBuyer = await call<ErrorBody>(api, endpoint.method, path, {
        token: buyer.token,
        json: body,
      });
      answers.push({
        key: endpoint.key,
        anonymous: { status: anonymous.status, body: anonymous.body },
        buyer: { status: byBuyer.status, body: byBuyer.body },
      });
    }
    // An endpoint whose spec client reads `error` (send-message) gets the same text there too.
    const refusal = (statusCode: number, message: string, errorField?: boolean) => ({
      statusCode,
      message,
      ...(errorField ? { error: message } : {}),
    });
    expect(answers).toEqual(
      adminEndpoints.map(({ key, errorField }) => ({
        key,
        anonymous: { status: 401, body: refusal(401, 'Authentication required', errorField) },
        buyer: { status: 403, body: refusal(403, 'Admin access required', errorField) },
      })),
    );
    expect(await everything()).toEqual(before);
  });
});
