import { api, sessionActions } from '@coldmail/session';
import { afterEach, describe, expect, it } from 'vitest';
import { creditPackage } from './builders';
import { startTestApi, type TestApi } from './testApi';

let testApi: TestApi | null = null;
afterEach(async () => {
  await testApi?.close().catch(() => undefined);
  testApi = null;
});

describe('startTestApi', () => {
  it('answers a contract entry at its path and records what was asked', async () => {
    testApi = await startTestApi({
      'packages.get': { body: creditPackage({ packageName: 'Pro' }) },
    });
    sessionActions.configure({ apiBaseUrl: testApi.url });
    const pkg = await api.packages.get({ params: { id: '650000000000000000000001' } });
    expect(pkg.packageName).toBe('Pro');
    expect(testApi.requests).toHaveLength(1);
    expect(testApi.requests[0]).toMatchObject({
      method: 'GET',
      path: '/package/650000000000000000000001',
      params: { id: '650000000000000000000001' },
    });
  });

  it('refuses at once a reply the API could never send', async () => {
    await expect(
      startTestApi({ 'packages.list': { body: [{ packageName: 'no id, no price' }] as never } }),
    ).rejects.toThrow(/outside the contract/);
  });

  it('fails the test when a reply computed from the request breaks the contract', async () => {
    testApi = await startTestApi({
      'packages.list': () => ({ body: { not: 'a list' } as never }),
    });
    const response = await fetch(`${testApi.url}/packages`);
    expect(response.status).toBe(500);
    const closing = testApi.close();
    testApi = null;
    await expect(closing).rejects.toThrow(/packages.list/);
  });

  it('refuses a failure whose body is not the API’s error shape', async () => {
    await expect(
      startTestApi({
        'packages.list': { status: 500, body: { message: 'no statusCode' } as never },
      }),
    ).rejects.toThrow(/outside the contract/);
  });

  it('gives a failure without a body the API’s error shape', async () => {
    testApi = await startTestApi({ 'packages.list': { status: 503 } });
    const response = await fetch(`${testApi.url}/packages`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ statusCode: 503, message: 'Service Unavailable' });
  });

  it('answers 404 for a path no entry has, and serves a non-API route as text', async () => {
    testApi = await startTestApi({
      'GET /sdk.js': async (request) => ({
        body: `/* for ${request.query.get('client-id')} */`,
        contentType: 'text/javascript',
      }),
    });
    expect((await fetch(`${testApi.url}/packages`)).status).toBe(404);
    const script = await fetch(`${testApi.url}/sdk.js?client-id=abc`);
    expect(script.headers.get('content-type')).toBe('text/javascript');
    expect(await script.text()).toBe('/* for abc */');
  });

  it('allows cross-origin calls as the API does (jsdom enforces CORS)', async () => {
    testApi = await startTestApi({});
    const response = await fetch(`${testApi.url}/orders`, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = response.headers.get('access-control-allow-headers')?.toLowerCase();
    expect(allowed).toContain('authorization');
    expect(allowed).toContain('traceparent');
    expect(testApi.requests).toEqual([]);
  });
});
