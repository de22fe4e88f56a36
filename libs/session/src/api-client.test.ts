import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiClient } from './api-client';
import { ApiError } from './api-error';
import { sessionActions } from './store';

let server: Server;
let seen: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.headers);
    res.setHeader('Content-Type', 'application/json');
    if (req.url === '/invalid') {
      res.statusCode = 400;
      res.end(JSON.stringify({ message: 'Validation failed', fieldErrors: { price: 'Required' } }));
    } else if (req.url === '/legacy-error') {
      res.statusCode = 500;
      res.end(JSON.stringify({ error: 'Failed to create user' }));
    } else if (req.url === '/bare') {
      res.statusCode = 503;
      res.end('{}');
    } else {
      res.end(JSON.stringify({ ok: true }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  sessionActions.configure({
    apiBaseUrl: `http://127.0.0.1:${port}/`,
    adapter: {
      getIdToken: async () => 'token-123',
      signOut: async () => {},
    },
  });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen = [];
  sessionActions.signedOut();
});

describe('apiClient', () => {
  it('sends no bearer token while signed out', async () => {
    await apiClient.get('/packages');
    expect(seen[0]?.authorization).toBeUndefined();
  });

  it('adds the signed-in user’s ID token as a bearer token', async () => {
    sessionActions.signedIn({ uid: 'u1', email: 'a@b.c', displayName: null, photoURL: null });
    await apiClient.get('/users');
    expect(seen[0]?.authorization).toBe('Bearer token-123');
  });

  it('sends a new W3C traceparent with each signed-in call and each write, so the API joins its trace', async () => {
    sessionActions.signedIn({ uid: 'u1', email: 'a@b.c', displayName: null, photoURL: null });
    await apiClient.get('/users');
    await apiClient.get('/users');
    const format = /^00-([0-9a-f]{32})-([0-9a-f]{16})-00$/;
    const [first, second] = seen.map((headers) => String(headers.traceparent));
    expect(first).toMatch(format);
    expect(second).toMatch(format);
    expect(first!.slice(3, 35)).not.toBe(second!.slice(3, 35));
    sessionActions.signedOut();
    await apiClient.post('/send-message', { name: 'A' });
    expect(seen[2]?.traceparent).toMatch(format);
  });

  it('sends no traceparent on an anonymous read (it would cost a CORS preflight)', async () => {
    await apiClient.get('/packages');
    expect(seen[0]?.traceparent).toBeUndefined();
  });

  it('turns a validation answer into one error shape with field messages', async () => {
    const error = await apiClient.get('/invalid').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Validation failed',
      fieldErrors: { price: 'Required' },
    });
  });

  it('reads the older `error` field and falls back to the HTTP status text', async () => {
    await expect(apiClient.post('/legacy-error')).rejects.toMatchObject({
      status: 500,
      message: 'Failed to create user',
    });
    await expect(apiClient.get('/bare')).rejects.toMatchObject({
      status: 503,
      message: 'HTTP error! Status: 503',
    });
  });

  it('reports an unreachable server with status 0', async () => {
    const error = await apiClient
      .get('http://127.0.0.1:1/nothing')
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 0 });
  });
});
