import pino from 'pino';
import { call, signUp, startTestApi, type TestApi } from './support/test-api';

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

  it('refuses "true", which would believe any X-Forwarded-For', async () => {
    await expect(startTestApi({ TRUST_PROXY: 'true' })).rejects.toThrow(/TRUST_PROXY/);
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
