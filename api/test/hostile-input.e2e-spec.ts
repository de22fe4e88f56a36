import { contract, endpointsOf, type Endpoint } from '@coldmail/contracts';
import { z } from 'zod';
import { databaseSnapshot } from './support/db-snapshot';
import { geminiDouble } from './support/gemini-double';
import { paypalDouble } from './support/paypal-double';
import { call, type Persona, signUp, startTestApi, type TestApi, unique } from './support/test-api';

// Every endpoint of the contract, called by an admin (so sign-in and roles let the input through
// to validation), a buyer and a visitor, with input an attacker or a broken client would send: ids that are not ids,
// operators in the query string and the body, bodies of the wrong type, malformed JSON, an
// oversized body. Each answer must be a clear 4xx (never a 5xx) and the database must be exactly
// as it was. A new endpoint is covered without editing this test.

const paypal = paypalDouble();
const gemini = geminiDouble();
let api: TestApi;
let admin: Persona;
let buyer: Persona;
/** Ids of records that exist (a package, a ticket): a hostile body must not half-change them. */
const realIds: string[] = [];
const adminEmail = `hostile-admin-${unique()}@coldmail.test`;

beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: adminEmail, ...paypal.env, ...gemini.env });
  admin = await signUp(api, 'admin', { email: adminEmail });
  buyer = await signUp(api, 'buyer');
  // Something to find and to change: a package, an order of it, a ticket, some content.
  const created = await call<{ _id: string }>(api, 'POST', '/add-package', {
    token: admin.token,
    json: { packageName: 'Hostile', price: 9, credit: 10 },
  });
  expect(created.status).toBe(201);
  realIds.push(created.body._id);
  const ticket = await call<{ _id: string }>(api, 'POST', '/new-support-message', {
    json: {
      ticketUserName: 'Eve',
      ticketUserEmail: 'eve@example.com',
      phone: '+33 1 23 45 67 89',
      subject: 'Hi',
      message: 'Hello there',
    },
  });
  expect(ticket.status).toBe(201);
  expect(ticket.body._id).toMatch(/^[0-9a-f]{24}$/);
  realIds.push(ticket.body._id);
});
afterAll(() => api?.close());

const BAD_IDS = ['not-an-id', '%24ne', '0123456789abcdef01234567', 'x'.repeat(300), '%00'];
const BAD_QUERIES = [
  'userEmail[$ne]=x',
  'userEmail[$regex]=.*',
  'page=-1&pageSize=abc',
  'page=1e9&pageSize=1e9',
  'q[$where]=1',
  'status[$gt]=',
  '__proto__[admin]=1',
  'sort=__proto__&order=sideways',
];

/** The top-level fields of a JSON body schema, when it is an object. */
function fieldsOf(schema: z.ZodType | undefined): string[] {
  let inner: unknown = schema;
  // Unwrap defaults, optionals, pipes and effects down to the object, if there is one.
  for (let depth = 0; depth < 5 && inner; depth += 1) {
    if (inner instanceof z.ZodObject) return Object.keys(inner.shape);
    const def = (inner as { def?: { innerType?: unknown; in?: unknown; schema?: unknown } }).def;
    inner = def?.innerType ?? def?.in ?? def?.schema;
  }
  return [];
}

/**
 * Bodies no endpoint takes. An endpoint without a body in its contract ignores an object (the
 * spec's browser client sends some of them one), so it gets only the bodies that are not objects.
 */
function badBodies(endpoint: Endpoint): { label: string; body: string }[] {
  const notObjects = [
    { label: 'malformed JSON', body: '{"name": ' },
    { label: 'an array', body: '[]' },
    { label: 'a string', body: '"x"' },
    { label: 'a number', body: '123' },
    { label: 'null', body: 'null' },
  ];
  if (!endpoint.body) return notObjects;
  const operatorFields = Object.fromEntries(
    fieldsOf(endpoint.body).map((field) => [field, { $ne: null }]),
  );
  return [
    ...notObjects,
    { label: '$where', body: JSON.stringify({ $where: 'sleep(1000)' }) },
    { label: '__proto__', body: '{"__proto__": {"userRole": "Admin"}, "constructor": {}}' },
    { label: 'operators in every field', body: JSON.stringify(operatorFields) },
    { label: 'oversized', body: JSON.stringify({ name: 'x'.repeat(300 * 1024) }) },
  ];
}

interface Attempt {
  /** Whether the endpoint's contract describes its query string (then it refuses any other). */
  hasQuery: boolean;
  endpoint: string;
  input: string;
  status: number;
  body: string;
}

async function attempt(
  token: string | undefined,
  endpoint: Endpoint,
  path: string,
  input: string,
  init: { body?: string } = {},
): Promise<Attempt> {
  const response = await call(api, endpoint.method, path, {
    token,
    ...(init.body !== undefined
      ? { body: init.body, headers: { 'content-type': 'application/json' } }
      : {}),
  });
  return {
    hasQuery: Boolean(endpoint.query),
    endpoint: `${endpoint.method} ${endpoint.path}`,
    input,
    status: response.status,
    body: response.text.slice(0, 200),
  };
}

it.each([
  ['an admin', () => admin.token],
  ['a buyer', () => buyer.token],
  ['a visitor', () => undefined],
])(
  'answers every endpoint’s hostile input from %s with a 4xx and changes nothing',
  async (_, tokenOf) => {
    const token = tokenOf();
    const endpoints = endpointsOf(contract);
    expect(endpoints.length).toBeGreaterThan(80);
    const before = await databaseSnapshot(api.db);
    const attempts: Attempt[] = [];
    for (const endpoint of endpoints) {
      const hasParams = /:\w+/.test(endpoint.path);
      const paths = hasParams
        ? // Reading or deleting a record that exists is a valid request whatever its query string
          // says (and an admin reading a ticket marks it read): real ids go with bad bodies only.
          [...BAD_IDS, ...(['GET', 'DELETE'].includes(endpoint.method) ? [] : realIds)].map((id) =>
            endpoint.path.replace(/:\w+/g, id),
          )
        : [endpoint.path];
      for (const path of paths) {
        if (endpoint.method === 'GET' || endpoint.method === 'DELETE') {
          for (const query of BAD_QUERIES) {
            attempts.push(await attempt(token, endpoint, `${path}?${query}`, query));
          }
          if (hasParams) attempts.push(await attempt(token, endpoint, path, 'bad id'));
          continue;
        }
        if (endpoint.multipart || endpoint.raw) {
          // They read their own bodies: JSON of any kind is not what they take.
          for (const bad of badBodies({ ...endpoint, body: undefined })) {
            attempts.push(await attempt(token, endpoint, path, bad.label, bad));
          }
          continue;
        }
        for (const bad of badBodies(endpoint)) {
          attempts.push(await attempt(token, endpoint, path, bad.label, bad));
        }
      }
    }
    const serverErrors = attempts.filter((result) => result.status >= 500);
    expect(serverErrors).toEqual([]);
    // Every write refuses; so does every read whose contract describes its query string (a read
    // without one, such as GET /packages, ignores the query string).
    const accepted = attempts.filter(
      (result) => result.status < 400 && (!result.endpoint.startsWith('GET') || result.hasQuery),
    );
    expect(accepted).toEqual([]);
    expect(attempts.length).toBeGreaterThan(1000);
    expect(await databaseSnapshot(api.db)).toEqual(before);
  },
  300_000,
);
