import {
  buildPath,
  contract,
  editedBlockSchemas,
  type EditedBlockName,
  type Endpoint,
} from '@coldmail/contracts';
import { mongo } from 'mongoose';
import {
  call,
  callEndpoint,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from './support/test-api';

// Issue 55 item 5: every record an admin edits may be sent back whole, as GET answered it. Its
// PUT ignores what the record has and the edit does not set (its id, dates, counters, state),
// while a field the record does not have, an operator, or another record's id is still a 400
// that changes nothing.

type ErrorBody = { message: string; fieldErrors?: Record<string, string> };
type StoredRecord = Record<string, unknown>;

interface RecordKind {
  name: string;
  /** Makes two records as an admin would (one for a record that is the store's only one). */
  setUp(): Promise<string[]>;
  /** The record as the admin's screen reads it. */
  read(id: string | undefined): Promise<StoredRecord>;
  update: Endpoint;
  /** Fields of the record an edit does not set, with other values than the stored ones. */
  readOnly: StoredRecord;
  /** A writable change: what a refused request must not have saved. */
  change: StoredRecord;
}

let api: TestApi;
let admin: Persona;
let buyer: Persona;
const adminEmail = `round-trip-admin-${unique()}@coldmail.test`;

beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: adminEmail });
  admin = await signUp(api, 'admin', { email: adminEmail });
  buyer = await signUp(api, 'buyer');
});
afterAll(() => api?.close());

/** An admin's call that must succeed; its answer's body. */
async function succeeds<Body>(
  answer: Promise<{ status: number; text: string; body: Body }>,
): Promise<Body> {
  const { status, text, body } = await answer;
  if (status >= 300) throw new Error(`expected a success, got ${status}: ${text}`);
  return body;
}

const put = (kind: RecordKind, id: string | undefined, json: unknown) =>
  call<ErrorBody>(api, kind.update.method, buildPath(kind.update.path, id ? { id } : {}), {
    token: admin.token,
    json,
  });

/** A PUT's outcome: 200, or its status and answer (so a failure says why). */
const outcome = ({ status, text }: { status: number; text: string }) =>
  status === 200 ? 200 : `${status} ${text}`;

const withoutUpdatedAt = ({ updatedAt: _updatedAt, ...fields }: StoredRecord) => fields;

const geminiKeys: RecordKind = {
  name: 'a Gemini key',
  async setUp() {
    const ids = [];
    for (const name of ['Main', 'Spare']) {
      const created = await succeeds(
        callEndpoint(api, contract.geminiKeys.create, {
          token: admin.token,
          body: { name, key: `AIzaSy${unique()}${unique()}-${unique()}` },
        }),
      );
      ids.push(created.data._id);
    }
    return ids;
  },
  async read(id) {
    const list = await succeeds(
      callEndpoint(api, contract.geminiKeys.list, { token: admin.token }),
    );
    return list.data.find((key) => key._id === id) as StoredRecord;
  },
  update: contract.geminiKeys.update,
  readOnly: {
    status: 'failing',
    useCount: 999,
    tokenCount: 999,
    failureCount: 9,
    lastError: 'API key not valid',
    coolingUntil: '2999-01-01T00:00:00.000Z',
  },
  change: { name: 'Renamed' },
};

const packages: RecordKind = {
  name: 'a package',
  async setUp() {
    const ids = [];
    for (const packageName of ['Starter', 'Pro']) {
      const created = await succeeds(
        callEndpoint(api, contract.packages.add, {
          token: admin.token,
          body: { packageName, price: 9.5, credit: 50, validity: 30, pointOne: 'Fifty emails' },
        }),
      );
      ids.push(created._id);
    }
    return ids;
  },
  read: (id) =>
    succeeds(callEndpoint(api, contract.packages.get, { params: { id: id as string } })),
  update: contract.packages.edit,
  readOnly: { currency: 'EUR', createdAt: '2000-01-01T00:00:00.000Z' },
  change: { packageName: 'Renamed' },
};

const items: RecordKind = {
  name: 'an item',
  async setUp() {
    const ids = [];
    for (const slug of ['playbook', 'templates']) {
      const created = await succeeds(
        callEndpoint(api, contract.items.create, {
          token: admin.token,
          body: { name: slug, slug, price: 19, accessUrl: `https://files.test/${slug}.pdf` },
        }),
      );
      ids.push(created._id);
    }
    return ids;
  },
  async read(id) {
    const list = await succeeds(callEndpoint(api, contract.items.list, { token: admin.token }));
    return list.find((item) => item._id === id) as StoredRecord;
  },
  update: contract.items.update,
  readOnly: { currency: 'EUR', createdAt: '2000-01-01T00:00:00.000Z' },
  change: { name: 'Renamed' },
};

const promoCodes: RecordKind = {
  name: 'a promo code',
  async setUp() {
    const ids = [];
    for (const code of ['SPRING', 'AUTUMN']) {
      const created = await succeeds(
        callEndpoint(api, contract.promoCodes.create, {
          token: admin.token,
          body: { code, kind: 'percent', percent: 15, appliesTo: 'all', maxUses: 10 },
        }),
      );
      ids.push(created._id);
    }
    return ids;
  },
  read: (id) =>
    succeeds(
      callEndpoint(api, contract.promoCodes.get, {
        token: admin.token,
        params: { id: id as string },
      }),
    ),
  update: contract.promoCodes.update,
  readOnly: { uses: 99, paused: true },
  change: { code: 'RENAMED' },
};

const users: RecordKind = {
  name: 'a user',
  async setUp() {
    // A balance to send back unchanged.
    await succeeds(
      callEndpoint(api, contract.users.adminUpdate, {
        token: admin.token,
        params: { id: buyer.id },
        body: { currentBalance: 7, userMembership: 'premium' },
      }),
    );
    return [buyer.id, admin.id];
  },
  async read(id) {
    const page = await succeeds(
      callEndpoint(api, contract.users.adminList, { token: admin.token, query: { pageSize: 100 } }),
    );
    return page.items.find((user) => user._id === id) as StoredRecord;
  },
  update: contract.users.adminUpdate,
  readOnly: {
    aboutMe: 'Written by an admin',
    city: 'Oslo',
    messageLogs: [{ subject: 'Hi', messageBody: 'Hello', sentAt: '2000-01-01', sentBy: 'x' }],
  },
  change: { userName: 'Renamed' },
};

const tickets: RecordKind = {
  name: 'a ticket',
  async setUp() {
    const ids = [];
    for (const subject of ['Refund', 'Invoice']) {
      const opened = await succeeds(
        callEndpoint(api, contract.support.create, {
          token: buyer.token,
          body: { subject, message: 'Where is my refund?' },
        }),
      );
      // A conversation to send back: the buyer's first message and the admin's answer.
      await succeeds(
        callEndpoint(api, contract.support.update, {
          token: admin.token,
          params: { id: opened._id },
          body: { adminMessage: [{ message: 'On its way' }] },
        }),
      );
      ids.push(opened._id);
    }
    return ids;
  },
  read: (id) =>
    succeeds(
      callEndpoint(api, contract.support.get, { token: admin.token, params: { id: id as string } }),
    ),
  update: contract.support.update,
  readOnly: {
    subject: 'Rewritten',
    ticketUserEmail: 'someone@else.test',
    priority: 'high',
    unread: true,
    adminMessage: [
      { message: 'On its way', timestamp: '2000-01-01T00:00:00.000Z', sender: 'user' },
    ],
  },
  change: { ticketStatus: 'resolved' },
};

const invoiceSettings: RecordKind = {
  name: 'the invoice settings',
  async setUp() {
    await succeeds(
      callEndpoint(api, contract.invoices.saveSettings, {
        token: admin.token,
        body: {
          sellerName: 'ColdMail AI Ltd',
          sellerAddress: '1 Loop Road',
          sellerTaxId: 'FR123',
          pricesIncludeTax: false,
          taxRates: [{ country: 'FR', rate: 20, label: 'TVA' }],
        },
      }),
    );
    return [];
  },
  read: () => succeeds(callEndpoint(api, contract.invoices.settings, { token: admin.token })),
  update: contract.invoices.saveSettings,
  readOnly: { updatedAt: '2000-01-01T00:00:00.000Z' },
  change: { sellerName: 'Renamed' },
};

const endpointOf = (key: string) =>
  (contract.content as unknown as Record<string, Endpoint>)[key] as Endpoint;

/** What a block needs before it can be saved (an image the spec requires). */
const blockSetUp: Partial<Record<EditedBlockName, StoredRecord>> = {
  footer: { logo: 'https://cdn.test/logo.png' },
};
/** A text of each block (the others' is `title`). */
const blockText: Partial<Record<EditedBlockName, string>> = {
  banner: 'mainTitle',
  footer: 'description',
};

const landingBlock = (name: EditedBlockName): RecordKind => {
  const read = async () =>
    (await succeeds(call<{ data: StoredRecord }>(api, 'GET', endpointOf(name).path))).data;
  const update = endpointOf(`${name}Update`);
  return {
    name: `the content block ${name}`,
    async setUp() {
      const saved = { ...(await read()), ...blockSetUp[name] };
      await succeeds(call(api, 'PUT', update.path, { token: admin.token, json: saved }));
      return [];
    },
    read,
    update,
    readOnly: {},
    change: { [blockText[name] ?? 'title']: 'Renamed' },
  };
};

const navLogo: RecordKind = {
  name: 'the content block navLogo',
  async setUp() {
    await succeeds(
      callEndpoint(api, contract.content.navLogoUpdate, {
        token: admin.token,
        body: { imageUrl: 'https://cdn.test/logo.png', altText: 'Acme', isActive: true },
      }),
    );
    return [];
  },
  read: async () => (await succeeds(callEndpoint(api, contract.content.navLogo, {}))).data.data,
  update: contract.content.navLogoUpdate,
  readOnly: {},
  change: { altText: 'Renamed' },
};

const kinds: RecordKind[] = [
  geminiKeys,
  packages,
  items,
  promoCodes,
  users,
  tickets,
  invoiceSettings,
  navLogo,
  ...(Object.keys(editedBlockSchemas) as EditedBlockName[]).map(landingBlock),
];

describe.each(kinds.map((kind) => [kind.name, kind] as const))('%s', (_name, kind) => {
  let id: string | undefined;
  let other: string | undefined;

  beforeAll(async () => {
    [id, other] = await kind.setUp();
  });

  it('sent back whole as GET answered it is saved, and GET answers the same record', async () => {
    const record = await kind.read(id);
    expect(record).toBeDefined();
    expect(outcome(await put(kind, id, record))).toBe(200);
    expect(withoutUpdatedAt(await kind.read(id))).toEqual(withoutUpdatedAt(record));
  });

  // A content block's fields are all an admin's.
  if (Object.keys(kind.readOnly).length > 0) {
    it('ignores the record’s read-only fields sent with other values', async () => {
      const record = await kind.read(id);
      expect(outcome(await put(kind, id, { ...record, ...kind.readOnly }))).toBe(200);
      expect(withoutUpdatedAt(await kind.read(id))).toEqual(withoutUpdatedAt(record));
    });
  }

  it('refuses an unknown field, an operator and another record’s id (400), changing nothing', async () => {
    const record = await kind.read(id);
    const writable = Object.keys(kind.change)[0] as string;
    const refused: [string, StoredRecord][] = [
      ['evil', { ...record, ...kind.change, evil: 1 }],
      [writable, { ...record, [writable]: { $ne: '' } }],
    ];
    if (other) refused.push(['_id', { ...record, ...kind.change, _id: other }]);
    for (const [field, body] of refused) {
      const answer = await put(kind, id, body);
      expect([answer.status, Object.keys(answer.body.fieldErrors ?? {})]).toEqual([400, [field]]);
    }
    expect(await kind.read(id)).toEqual(record);
    // The change itself was valid: sent alone, it is saved.
    expect(outcome(await put(kind, id, { ...record, ...kind.change }))).toBe(200);
    expect(await kind.read(id)).toMatchObject(kind.change);
  });
});

describe('a user sent back whole', () => {
  it('with another user’s address in userEmail is refused (400) and changes nothing', async () => {
    const record = await users.read(buyer.id);
    const answer = await put(users, buyer.id, {
      ...record,
      userName: 'Renamed again',
      userEmail: admin.email,
    });
    expect([answer.status, answer.body.fieldErrors]).toEqual([
      400,
      { userEmail: expect.any(String) },
    ]);
    expect(await users.read(buyer.id)).toEqual(record);
  });

  it('with the balance GET answered changes no credits (no ledger entry)', async () => {
    const entries = () =>
      api.db.collection('creditEntries').countDocuments({ userId: new mongo.ObjectId(buyer.id) });
    const before = await entries();
    const record = await users.read(buyer.id);
    expect(record.currentBalance).toBe(7);
    expect(outcome(await put(users, buyer.id, record))).toBe(200);
    expect(await entries()).toBe(before);
    expect((await users.read(buyer.id)).currentBalance).toBe(7);
  });
});
