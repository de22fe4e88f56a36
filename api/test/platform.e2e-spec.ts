import { contract, endpointsOf, type ApiErrorBody } from '@coldmail/contracts';
import {
  call,
  callEndpoint,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
} from './support/test-api';

type ErrorBody = { statusCode: number; message: string };

let api: TestApi;
let user: Persona;

beforeAll(async () => {
  api = await startTestApi();
  user = await signUp(api, 'platform');
});

afterAll(async () => {
  await api?.close();
});

/** What a client must never see in an error. */
function expectNoInternals(text: string) {
  expect(text).not.toMatch(/\bat .+\.(js|ts):\d+|node_modules|stack|TypeError|Mongo/i);
}

describe('GET /api/health', () => {
  it('reports the database and the auth emulator, without sign-in', async () => {
    const response = await callEndpoint(api, contract.health.get, {});
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up', auth: 'up' });
  });

  it('says degraded when the auth emulator cannot be reached; then it is live but not ready', async () => {
    const isolated = await startTestApi({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9' });
    try {
      const response = await callEndpoint(isolated, contract.health.get, {});
      expect(response.body).toEqual({ status: 'degraded', database: 'up', auth: 'down' });
      const live = await callEndpoint(isolated, contract.health.live, {});
      expect(live.status).toBe(200);
      expect(live.body).toEqual({ status: 'ok' });
      const ready = await callEndpoint(isolated, contract.health.ready, {});
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ statusCode: 503, message: 'Not ready: auth down' });
    } finally {
      await isolated.close();
    }
  });

  it('answers liveness and readiness probes without sign-in', async () => {
    const live = await callEndpoint(api, contract.health.live, {});
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'ok' });
    const ready = await callEndpoint(api, contract.health.ready, {});
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', database: 'up', auth: 'up' });
  });
});

describe('request ids', () => {
  it('echoes a caller-supplied X-Request-Id, marked as the client’s so it passes for no id of ours', async () => {
    const response = await callEndpoint(api, contract.health.get, {
      headers: { 'x-request-id': 'ui-1234.abcd' },
    });
    expect(response.headers.get('x-request-id')).toBe('client:ui-1234.abcd');
    const copied = await callEndpoint(api, contract.health.get, {
      headers: { 'x-request-id': response.headers.get('x-request-id')! },
    });
    expect(copied.headers.get('x-request-id')).toBe('client:client:ui-1234.abcd');
  });

  it('generates one when none (or a malformed one) is given', async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    const none = await callEndpoint(api, contract.health.get, {});
    expect(none.headers.get('x-request-id')).toMatch(uuid);
    const injected = await callEndpoint(api, contract.health.get, {
      headers: { 'x-request-id': 'evil\tline {"level":60}' },
    });
    expect(injected.headers.get('x-request-id')).toMatch(uuid);
  });
});

describe('CORS and security headers', () => {
  const preflight = (origin: string) =>
    fetch(`${api.url}/users`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });

  it('allows the shell and the remotes', async () => {
    for (const origin of ['http://localhost:4200', 'http://127.0.0.1:4205']) {
      const response = await preflight(origin);
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
      expect(response.headers.get('access-control-allow-headers')).toMatch(/authorization/i);
    }
  });

  it('does not allow other origins', async () => {
    const response = await preflight('https://evil.test');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("answers the shell's cross-origin call with the headers its script may read", async () => {
    const response = await fetch(`${api.url}/api/health`, {
      headers: { origin: 'http://localhost:4200' },
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:4200');
    expect(response.headers.get('access-control-expose-headers')).toBe(
      'X-Request-Id, Content-Disposition',
    );
    expect(response.headers.get('vary')).toBe('Origin');
  });

  it('grants no origin without an Origin, yet says the answer depends on it', async () => {
    const response = await fetch(`${api.url}/packages`);
    expect(response.status).toBe(200);
    // @fastify/cors on every request: it may name the exposed headers, never an allowed origin.
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    // A cache must not hand this answer to a cross-origin call, which needs the CORS headers.
    expect(response.headers.get('vary')).toBe('Origin');
  });

  it('sends the security headers of a JSON answer: no sniffing, no script, no framing, HTTPS only', async () => {
    const response = await callEndpoint(api, contract.health.get, {});
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-site');
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=31536000/);
    // Headers for documents only (a JSON answer is never one) are left out.
    expect(response.headers.get('x-frame-options')).toBeNull();
    expect(response.headers.get('referrer-policy')).toBeNull();
  });

  it("sends helmet's full set on the docs' page, whose CSP lets its own scripts run", async () => {
    const response = await fetch(`${api.url}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});

describe('errors', () => {
  it('answers an unknown route with a plain 404', async () => {
    const response = await call<ErrorBody>(api, 'GET', '/no-such-route');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ statusCode: 404, message: 'Cannot GET /no-such-route' });
  });

  it('refuses a JSON body over 100 KB with 413', async () => {
    const response = await callEndpoint(api, contract.users.updateProfile, {
      token: user.token,
      params: { id: user.id },
      body: { aboutMe: 'x'.repeat(200 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.error?.statusCode).toBe(413);
  });

  it('answers malformed JSON with a 400 and no internals', async () => {
    const response = await call<ErrorBody>(api, 'PUT', `/update-user-profile/${user.id}`, {
      token: user.token,
      body: '{"userName": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body as object).sort()).toEqual(['message', 'statusCode']);
    expectNoInternals(response.text);
  });

  it('hides the cause of an unexpected failure behind a plain 500', async () => {
    // A record written by another tool without timestamps makes reading it throw a TypeError.
    const broken = await signUp(api, 'broken', { sync: false });
    await api.db.collection('users').insertOne({ userEmail: broken.email, userName: 'Broken' });
    const response = await callEndpoint(api, contract.users.list, {
      token: broken.token,
      query: { userEmail: broken.email },
    });
    expect(response.status).toBe(500);
    expect(response.error).toEqual({ statusCode: 500, message: 'Internal server error' });
    expectNoInternals(response.text);
  });
});

describe('OpenAPI document', () => {
  it('describes the routes, generated from the contracts', async () => {
    const response = await call<{ openapi: string; paths: Record<string, unknown> }>(
      api,
      'GET',
      '/api/docs-json',
    );
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining([
        '/api/create-user',
        '/users',
        '/update-user-profile/{id}',
        '/packages',
        '/new-order',
        '/api/paypal/orders',
        '/process-payment-complete/{id}',
        '/item-update-payment-status/{id}',
        '/api/paypal-settings',
      ]),
    );
    // Every operation is named after its contract entry and carries that entry's summary.
    const operations = Object.values(
      response.body.paths as Record<
        string,
        Record<string, { operationId: string; summary: string }>
      >,
    ).flatMap((methods) => Object.values(methods));
    const summaries = new Map(endpointsOf(contract).map((e) => [e.key, e.summary]));
    expect(operations.length).toBe(summaries.size);
    for (const { operationId, summary } of operations) {
      expect(summary).toBe(summaries.get(operationId));
      expect(summary).toMatch(/\S/);
    }
    expect(operations.find((o) => o.operationId === 'packages.list')?.summary).toBe(
      'Every credit package',
    );
    const page = await call(api, 'GET', '/api/docs');
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect((await call(api, 'GET', '/api/docs/swagger-ui-bundle.js')).status).toBe(200);
  });
});

describe('rate limits', () => {
  it('limits every route, and sensitive routes more strictly', async () => {
    const limited = await startTestApi({ THROTTLE_LIMIT: '5', THROTTLE_SENSITIVE_LIMIT: '2' });
    try {
      const packages = [];
      for (let i = 0; i < 6; i++)
        packages.push((await callEndpoint(limited, contract.packages.list, {})).status);
      expect(packages).toEqual([200, 200, 200, 200, 200, 429]);
      // A load balancer's probes are never limited, however often it calls.
      for (let i = 0; i < 8; i++) {
        expect((await callEndpoint(limited, contract.health.live, {})).status).toBe(200);
        expect((await callEndpoint(limited, contract.health.ready, {})).status).toBe(200);
      }

      const sync = [];
      for (let i = 0; i < 3; i++) {
        const response = await callEndpoint(limited, contract.users.createOrSync, {
          token: user.token,
          body: {},
        });
        sync.push(response.status);
        if (response.status === 429) {
          expect(response.error?.message).toMatch(
            /^Too many requests from your account: at most 2 in 60 seconds for this action\. Please try again in \d+ seconds?\.$/,
          );
          expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        }
      }
      expect(sync).toEqual([200, 200, 429]);

      // Creating a PayPal order calls PayPal: counted before the body is even read.
      const paypalOrders = [];
      for (let i = 0; i < 3; i++) {
        const response = await callEndpoint(limited, contract.payments.createPaypalOrder, {
          token: user.token,
          body: { orderId: 'not-an-id', kind: 'package' },
        });
        paypalOrders.push(response.status);
      }
      expect(paypalOrders).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});

// Issue 30, item 4: colleagues behind one office NAT (here, every test client is 127.0.0.1).
describe('rate limits count signed-in callers by account, anonymous callers by address', () => {
  let limited: TestApi;
  beforeAll(async () => {
    limited = await startTestApi({ THROTTLE_LIMIT: '4', THROTTLE_SENSITIVE_LIMIT: '2' });
  });
  afterAll(() => limited.close());

  const sync = (persona: Persona) =>
    callEndpoint(limited, contract.users.createOrSync, { token: persona.token, body: {} });

  it('a buyer who used up their limit does not use up a colleague’s on the same address', async () => {
    const first = await signUp(limited, 'office-a', { sync: false });
    const colleague = await signUp(limited, 'office-b', { sync: false });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await sync(first)).status);
    expect(statuses).toEqual([200, 200, 429]);
    // Same address, another account: its own budget, untouched.
    expect((await sync(colleague)).status).toBe(200);
    expect((await sync(colleague)).status).toBe(200);
    expect((await sync(colleague)).status).toBe(429);
  });

  it('anonymous callers share their address’s limit, and are told when to retry', async () => {
    const statuses = [];
    let refusal: { status: number; error?: ApiErrorBody; headers: Headers } | undefined;
    for (let i = 0; i < 5; i++) {
      const response = await callEndpoint(limited, contract.packages.list, {});
      statuses.push(response.status);
      if (response.status === 429) refusal = response;
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect(refusal?.error?.message).toMatch(
      /^Too many requests from your network address: at most 4 in 60 seconds\. Please try again in \d+ seconds?\.$/,
    );
    expect(Number(refusal?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
