import { afterEach, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './testApi';

let api: TestApi;
afterEach(() => api.close());

describe('startTestApi', () => {
  it('answers a route with its JSON body and records what was asked', async () => {
    api = await startTestApi({ 'POST /orders': { status: 201, body: { orderId: 'A1' } } });
    const response = await fetch(`${api.url}/orders?page=2`, {
      method: 'POST',
      headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
      body: JSON.stringify({ packageId: 'p1' }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ orderId: 'A1' });
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      path: '/orders',
      body: { packageId: 'p1' },
      authorization: 'Bearer t',
    });
    expect(api.requests[0]?.query.get('page')).toBe('2');
  });

  it('answers 404 for a route it does not know', async () => {
    api = await startTestApi({});
    const response = await fetch(`${api.url}/nowhere`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not Found' });
  });

  it('lets a route answer from the request, later, and as text', async () => {
    api = await startTestApi({
      'GET /sdk.js': async (request) => ({
        body: `/* for ${request.query.get('client-id')} */`,
        contentType: 'text/javascript',
      }),
    });
    const response = await fetch(`${api.url}/sdk.js?client-id=abc`);
    expect(response.headers.get('content-type')).toBe('text/javascript');
    expect(await response.text()).toBe('/* for abc */');
  });

  it('allows cross-origin calls as the API does (jsdom enforces CORS)', async () => {
    api = await startTestApi({});
    const response = await fetch(`${api.url}/orders`, { method: 'OPTIONS' });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('authorization');
    expect(api.requests).toEqual([]);
  });
});
