import { contract, endpointsOf } from '@coldmail/contracts';
import pino from 'pino';
import { call, type Persona, signUp, startTestApi, type TestApi, unique } from './support/test-api';

const clientBehind = (spoofed: string, realClient: string) => ({
  // What a load balancer forwards: whatever the client sent, then the address it saw.
  'x-forwarded-for': `${spoofed}, ${realClient}`,
});

// Issue 9, item 8: the rate limiter keys on the address our proxy saw, not one the client wrote.
describe('TRUST_PROXY', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ TRUST_PROXY: '1', THROTTLE_LIMIT: '3' });
  });
  afterAll(() => api.close());

  it('a client cannot dodge the rate limit by writing its own X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await call(api, 'GET', '/packages', {
        headers: clientBehind(`198.51.100.${attempt}`, '203.0.113.7'),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // Another real client behind the same proxy is counted on its own.
    const neighbour = await call(api, 'GET', '/packages', {
      headers: clientBehind('198.51.100.1', '203.0.113.8'),
    });
    expect(neighbour.status).toBe(200);
  });

  it('counts an IPv6 client on its /64 network: a new address in it is no new budget', async () => {
    const statuses: number[] = [];
    for (let host = 1; host <= 5; host += 1) {
      const response = await call(api, 'GET', '/packages', {
        headers: clientBehind('198.51.100.1', `2001:db8:aa:bb::${host.toString(16)}`),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const otherNetwork = await call(api, 'GET', '/packages', {
      headers: clientBehind('198.51.100.1', '2001:db8:aa:bc::1'),
    });
    expect(otherNetwork.status).toBe(200);
  });

  it('refuses "true", which would believe any X-Forwarded-For', async () => {
    await expect(startTestApi({ TRUST_PROXY: 'true' })).rejects.toThrow(/TRUST_PROXY/);
  });
});

describe('the page renderer’s reads', () => {
  const token = `renderer-${unique()}-${'x'.repeat(32)}`;
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({
      THROTTLE_LIMIT: '3',
      RENDERER_TOKEN: token,
      THROTTLE_RENDERER_LIMIT: '8',
    });
  });
  afterAll(() => api.close());

  it('are counted on a limit of their own, never on the visitors’ of its address', async () => {
    const renderer: number[] = [];
    for (let read = 0; read < 9; read += 1) {
      renderer.push(
        (await call(api, 'GET', '/packages', { headers: { 'x-renderer-token': token } })).status,
      );
    }
    expect(renderer).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
    // The same address without the token: the visitors' budget is untouched.
    const visitor: number[] = [];
    for (let read = 0; read < 4; read += 1) {
      visitor.push((await call(api, 'GET', '/packages')).status);
    }
    expect(visitor).toEqual([200, 200, 200, 429]);
  });

  it('a wrong token is an anonymous visitor like any other', async () => {
    const fresh = await startTestApi({ THROTTLE_LIMIT: '2', RENDERER_TOKEN: token });
    try {
      const statuses: number[] = [];
      for (let read = 0; read < 3; read += 1) {
        statuses.push(
          (
            await call(fresh, 'GET', '/packages', {
              headers: { 'x-renderer-token': `${token}-guess` },
            })
          ).status,
        );
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await fresh.close();
    }
  });

  it('refuses a token shorter than 32 characters at start-up', async () => {
    await expect(startTestApi({ RENDERER_TOKEN: 'short' })).rejects.toThrow(/RENDERER_TOKEN/);
  });
});

// Issue 9, item 9: the docs can be switched off, and logs keep no addresses from query strings.
describe('API docs and request logs', () => {
  it('serves no docs when API_DOCS is off', async () => {
    const api = await startTestApi({ API_DOCS: 'false' });
    try {
      expect((await call(api, 'GET', '/api/docs')).status).toBe(404);
      expect((await call(api, 'GET', '/api/docs-json')).status).toBe(404);
    } finally {
      await api.close();
    }
  });

  it('request logs carry no e-mail address from a query string', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const api = await startTestApi({}, { logger });
    try {
      const buyer = await signUp(api, 'logged');
      const encoded = encodeURIComponent(buyer.email);
      await call(api, 'GET', `/users?userEmail=${buyer.email}`, { token: buyer.token });
      await call(api, 'GET', `/users?userEmail=${encoded}&x=1`, { token: buyer.token });
      const requestLines = lines.filter((line) => line.includes('request completed'));
      expect(requestLines.some((line) => line.includes('/users?userEmail=[email]'))).toBe(true);
      const log = lines.join('\n');
      expect(log).not.toContain(buyer.email);
      expect(log).not.toContain(encoded);
    } finally {
      await api.close();
    }
  });
});

// A body sent to an endpoint whose contract takes none is a malformed request unless it is an
// object (the browser client sends `{ userEmail }` to some): 400, and nothing happens.
describe('a body on an endpoint that takes none', () => {
  type Banner = { data: { isActive: boolean } };
  const adminEmail = `hardening-admin-${unique()}@coldmail.test`;
  const junkBodies: unknown[] = [123, 'str', [], null];
  const refused = { statusCode: 400, message: 'This request takes no body' };
  let api: TestApi;
  let admin: Persona;
  beforeAll(async () => {
    api = await startTestApi({ ADMIN_EMAILS: adminEmail });
    admin = await signUp(api, 'admin', { email: adminEmail });
  });
  afterAll(() => api.close());

  const bannerIsActive = async () =>
    (await call<Banner>(api, 'GET', '/api/banner-section')).body.data.isActive;

  it('a toggle refuses a number, string, array or null and leaves the block as it was', async () => {
    const before = await bannerIsActive();
    for (const json of junkBodies) {
      const response = await call(api, 'PATCH', '/api/banner-section/toggle', {
        token: admin.token,
        json,
      });
      expect([JSON.stringify(json), response.status, response.body]).toEqual([
        JSON.stringify(json),
        400,
        refused,
      ]);
    }
    const text = await call(api, 'PATCH', '/api/banner-section/toggle', {
      token: admin.token,
      body: 'str',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(400);
    expect(await bannerIsActive()).toBe(before);

    // No body, or an object, is still a toggle.
    const toggled = await call<Banner>(api, 'PATCH', '/api/banner-section/toggle', {
      token: admin.token,
    });
    expect(toggled.status).toBe(200);
    expect(toggled.body.data.isActive).toBe(!before);
    const back = await call<Banner>(api, 'PATCH', '/api/banner-section/toggle', {
      token: admin.token,
      json: { userEmail: adminEmail },
    });
    expect(back.status).toBe(200);
    expect(await bannerIsActive()).toBe(before);
  });

  it('deduct-credit (whose body is the spec’s { userEmail, amount }) refuses them and takes no credit', async () => {
    const buyer = await signUp(api, 'deducting');
    const set = await call(api, 'PUT', `/api/users/${buyer.id}`, {
      token: admin.token,
      json: { currentBalance: 2 },
    });
    expect(set.status).toBe(200);
    const balance = async () =>
      (await api.db.collection('users').findOne({ userEmail: buyer.email }))?.currentBalance;
    for (const json of [...junkBodies, { userEmail: ['x'] }, { amount: '1' }]) {
      const response = await call(api, 'POST', '/api/deduct-credit', { token: buyer.token, json });
      expect([JSON.stringify(json), response.status]).toEqual([JSON.stringify(json), 400]);
    }
    expect(await balance()).toBe(2);
    expect(
      await api.db
        .collection('creditEntries')
        .countDocuments({ userEmail: buyer.email, reason: 'generation' }),
    ).toBe(0);

    const deducted = await call<{ credits: number }>(api, 'POST', '/api/deduct-credit', {
      token: buyer.token,
      json: { userEmail: buyer.email },
    });
    expect(deducted.status).toBe(200);
    expect(deducted.body.credits).toBe(1);
    expect(await balance()).toBe(1);
  });

  it('holds for every endpoint whose contract has no body (resets, settings, keys...)', async () => {
    const bodiless = endpointsOf(contract).filter(
      // Fastify reads no body on a GET; multipart and raw endpoints read their own.
      (endpoint) =>
        endpoint.method !== 'GET' && !endpoint.body && !endpoint.multipart && !endpoint.raw,
    );
    expect(bodiless.map((endpoint) => endpoint.path)).toEqual(
      expect.arrayContaining(['/api/banner-section/reset', '/api/paypal-settings/reset']),
    );
    for (const endpoint of bodiless) {
      const path = endpoint.path.replace(/:\w+/g, '0123456789abcdef01234567');
      const response = await call(api, endpoint.method, path, { token: admin.token, json: [] });
      expect([endpoint.key, response.status, response.body]).toEqual([endpoint.key, 400, refused]);
    }
  });
});
