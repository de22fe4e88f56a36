import { createQueryClient } from '@coldmail/query';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, domainKey, publicReadQuery, connectQueryCache } from './api';
import { ApiError } from './api-error';
import { sessionActions } from './store';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The domains of the reads in `queryClient` that are stale. */
const staleDomainsIn = (queryClient: ReturnType<typeof createQueryClient>) =>
  queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.isStale())
    .map((query) => String(query.queryKey[0]));

let server: Server;
let baseUrl = '';
let seen: Seen[] = [];
/** What the server answers next: status and JSON body (or text, with its content type). */
let reply: { status: number; body: unknown; contentType?: string } = { status: 200, body: {} };

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.statusCode = reply.status;
      res.setHeader('Content-Type', reply.contentType ?? 'application/json');
      res.end(reply.contentType ? String(reply.body) : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;
  sessionActions.configure({
    apiBaseUrl: baseUrl,
    adapter: {
      getIdToken: async () => 'token-123',
      signOut: async () => {},
    },
  });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen = [];
  reply = { status: 200, body: {} };
  sessionActions.signedOut();
});

const ORDER_ID = '660000000000000000000001';

describe('api (the typed client)', () => {
  it('calls the contract’s method and path, with the path parameters encoded', async () => {
    reply = { status: 200, body: { _id: 'a b/c', packageName: 'Pro' } };
    const answer = await api.packages.get({ params: { id: 'a b/c' } });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/package/a%20b%2Fc' });
    expect(answer).toEqual({ _id: 'a b/c', packageName: 'Pro' });
  });

  it('sends the query string and a JSON body', async () => {
    await api.packageOrders.list({ query: { userEmail: 'bea+1@example.com' } });
    expect(seen[0]).toMatchObject({
      method: 'GET',
      url: '/orders?userEmail=bea%2B1%40example.com',
    });

    const body = {
      packageId: '650000000000000000000001',
      customerName: 'Bea',
      address: '1 Main St',
      country: 'Germany',
    };
    await api.packageOrders.create({ body });
    expect(seen[1]?.method).toBe('POST');
    expect(seen[1]?.url).toBe('/new-order');
    expect(seen[1]?.headers['content-type']).toContain('application/json');
    expect(JSON.parse(seen[1]?.body ?? '')).toEqual(body);
  });

  it('uploads a multipart body as it is given', async () => {
    const form = new FormData();
    form.append('image', new Blob(['png bytes'], { type: 'image/png' }), 'photo.png');
    await api.uploads.upload({ body: form });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/image-server/upload' });
    expect(seen[0]?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.body).toContain('name="image"; filename="photo.png"');
    expect(seen[0]?.body).toContain('png bytes');
  });

  it('adds the bearer token only while signed in', async () => {
    await api.packages.list();
    expect(seen[0]?.headers.authorization).toBeUndefined();

    sessionActions.signedIn({ uid: 'u1', email: 'a@b.c', displayName: null, photoURL: null });
    await api.packages.list();
    expect(seen[1]?.headers.authorization).toBe('Bearer token-123');
  });

  it('fails with an ApiError carrying the status, the message and the field messages', async () => {
    reply = {
      status: 400,
      body: { statusCode: 400, message: 'Validation failed', fieldErrors: { country: 'Required' } },
    };
    const error = await api.packageOrders
      .create({ body: { packageId: 'x', customerName: 'B', address: 'A', country: '' } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Validation failed',
      fieldErrors: { country: 'Required' },
    });
  });

  it('fails a public read (sent over fetch) with the same ApiError as other calls', async () => {
    reply = { status: 404, body: { statusCode: 404, message: 'Package not found' } };
    const missing = await api.packages
      .get({ params: { id: ORDER_ID } })
      .catch((caught: unknown) => caught);
    expect(missing).toBeInstanceOf(ApiError);
    expect(missing).toMatchObject({ status: 404, message: 'Package not found' });

    reply = { status: 503, body: {} };
    const down = await api.content.footer().catch((caught: unknown) => caught);
    expect(down).toMatchObject({ status: 503, message: 'HTTP error! Status: 503' });

    sessionActions.configure({ apiBaseUrl: 'http://127.0.0.1:9' });
    const unreachable = await api.packages.list().catch((caught: unknown) => caught);
    sessionActions.configure({ apiBaseUrl: baseUrl });
    expect(unreachable).toBeInstanceOf(ApiError);
    expect(unreachable).toMatchObject({ status: 0 });
  });

  it('fails with an ApiError, not a thrown TypeError, when a path parameter is missing', async () => {
    const error = await api.packages
      .get({ params: {} as { id: string } })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: expect.stringContaining('"id"') });
    expect(seen).toHaveLength(0);
  });

  it('does not call the endpoints that are not called from the apps (raw bytes, webhooks)', async () => {
    type Calls = Record<string, () => Promise<unknown>>;
    const { uploads, payments, packages } = api as unknown as Record<string, Calls>;
    for (const call of [uploads!.file!, payments!.webhook!, packages!.noSuchEntry!]) {
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({
        status: 0,
        message: expect.stringContaining('not an endpoint'),
      });
    }
    expect(seen).toHaveLength(0);
    expect(typeof api.uploads.upload).toBe('function');
  });
});

describe('query keys and options', () => {
  it('keys a read by domain, endpoint and input, under its domain’s key', () => {
    const key = api.packageOrders.get.key({ params: { id: ORDER_ID } });
    expect(key).toEqual(['packageOrders', 'get', { params: { id: ORDER_ID } }]);
    expect(key.slice(0, 1)).toEqual(domainKey('packageOrders'));
    expect(api.packages.list.key()).toEqual(['packages', 'list', {}]);
  });

  it('gives useQuery the key and a function that makes the call', async () => {
    reply = { status: 200, body: [{ _id: ORDER_ID }] };
    const options = api.packageOrders.list.query({ query: { userEmail: 'a@b.c' } });
    expect(options.queryKey).toEqual(['packageOrders', 'list', { query: { userEmail: 'a@b.c' } }]);
    await expect(options.queryFn()).resolves.toEqual([{ _id: ORDER_ID }]);
    expect(seen[0]?.url).toBe('/orders?userEmail=a%40b.c');
  });

  it('lets invalidating a domain refresh every read of that domain, and only those', async () => {
    const queryClient = createQueryClient();
    reply = { status: 200, body: [] };
    await queryClient.fetchQuery(api.packageOrders.list.query({ query: { userEmail: 'a@b.c' } }));
    await queryClient.fetchQuery(api.packages.list.query());

    await queryClient.invalidateQueries({ queryKey: domainKey('packageOrders') });
    expect(staleDomainsIn(queryClient)).toEqual(['packageOrders']);
  });
});

describe('what a write makes stale', () => {
  /** Which domains' reads are stale after `work`, with one fresh read in each domain. */
  async function staleAfter(work: () => Promise<unknown>): Promise<string[]> {
    const queryClient = createQueryClient();
    connectQueryCache(queryClient);
    reply = { status: 200, body: [] };
    const reads: { queryKey: readonly unknown[]; queryFn: () => Promise<unknown> }[] = [
      api.packages.list.query(),
      api.packageOrders.list.query({ query: { userEmail: 'a@b.c' } }),
      api.users.list.query({ query: { userEmail: 'a@b.c' } }),
      api.credits.history.query(),
      api.generator.history.query(),
    ];
    for (const read of reads) await queryClient.fetchQuery(read);
    await work().catch(() => undefined);
    return staleDomainsIn(queryClient);
  }

  it('refreshes the domains the contract entry names, once the write succeeded', async () => {
    reply = { status: 200, body: { success: true } };
    expect(
      await staleAfter(async () => {
        reply = { status: 200, body: { success: true } };
        await api.payments.completePackage({ params: { id: 'o1' }, body: {} as never });
      }),
    ).toEqual(['packageOrders', 'users', 'credits']);
    expect(
      await staleAfter(async () => {
        reply = { status: 200, body: { success: true } };
        await api.packages.delete({ params: { id: 'p1' } });
      }),
    ).toEqual(['packages']);
  });

  it('refreshes nothing after a read, a write that makes nothing stale, or a failed write', async () => {
    expect(
      await staleAfter(async () => {
        reply = { status: 200, body: { enhancedPrompt: 'x' } };
        await api.generator.enhancePrompt({ body: {} as never });
        await api.packages.list();
        reply = { status: 409, body: { message: 'Maximum 3 packages allowed' } };
        await api.packages.add({ body: {} as never });
      }),
    ).toEqual([]);
  });
});

describe('a stream entry (the generator’s server-sent events)', () => {
  const email = { subject: 'Hi', body: 'Hello.', generationId: 'g1', credits: 3 };
  const events = (...list: [string, unknown][]) => ({
    status: 200,
    contentType: 'text/event-stream',
    body: list
      .map(([event, data]) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
      .join(''),
  });
  const inputs = { body: {} as never };

  it('gives the text as it arrives, resolves to the done event and refreshes what it makes stale', async () => {
    sessionActions.signedIn({ uid: 'u1', email: 'a@b.c', displayName: null, photoURL: null });
    const queryClient = createQueryClient();
    connectQueryCache(queryClient);
    reply = { status: 200, body: [] };
    await queryClient.fetchQuery(api.users.list.query({ query: { userEmail: 'a@b.c' } }));
    await queryClient.fetchQuery(api.packages.list.query());
    seen = [];
    reply = events(
      ['chunk', { text: 'Subject: Hi' }],
      ['chunk', { text: '\n\nHello.' }],
      ['done', email],
    );
    const texts: string[] = [];
    await expect(
      api.generator.generateStream(inputs, (soFar) => texts.push(soFar)),
    ).resolves.toEqual(email);
    expect(texts).toEqual(['Subject: Hi', 'Subject: Hi\n\nHello.']);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/generate-email/stream' });
    expect(seen[0]?.headers.authorization).toBe('Bearer token-123');
    expect(seen[0]?.headers.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]$/);
    // Its entry makes users stale (the balance): that read is, packages are not.
    expect(staleDomainsIn(queryClient)).toEqual(['users']);
  });

  it('rejects with the one error shape on an error event and on a refusal before any event', async () => {
    reply = events(
      ['chunk', { text: 'Sub' }],
      ['error', { statusCode: 502, message: 'Generation failed' }],
    );
    await expect(api.generator.generateStream(inputs, () => undefined)).rejects.toMatchObject({
      name: 'ApiError',
      status: 502,
      message: 'Generation failed',
    });
    reply = { status: 402, body: { statusCode: 402, message: 'Insufficient credits' } };
    await expect(api.generator.generateStream(inputs, () => undefined)).rejects.toMatchObject({
      status: 402,
      message: 'Insufficient credits',
    });
  });
});

describe('publicReadQuery (a page’s first reads)', () => {
  it('gives the same key and call as the endpoint’s own query, by its path', async () => {
    const read = await publicReadQuery('/api/landing-content');
    expect(read?.queryKey).toEqual(api.content.landing.key());
    seen = [];
    reply = { status: 200, body: { banner: null } };
    await expect(read?.queryFn()).resolves.toEqual({ banner: null });
    expect(seen.map(({ method, url }) => `${method} ${url}`)).toEqual(['GET /api/landing-content']);
  });

  it('has one for each public read, none for a signed-in read, a write, a path with parameters or an unknown path', async () => {
    expect((await publicReadQuery('/packages'))?.queryKey).toEqual(api.packages.list.key());
    await expect(publicReadQuery('/users')).resolves.toBeUndefined();
    await expect(publicReadQuery('/add-package')).resolves.toBeUndefined();
    await expect(publicReadQuery('/package/:id')).resolves.toBeUndefined();
    await expect(publicReadQuery('/no-such-path')).resolves.toBeUndefined();
  });
});
