import { randomBytes } from 'node:crypto';
import { contract, NO_KEYS_TO_GENERATE, type BodyOf, type GeminiKey } from '@coldmail/contracts';
import pino from 'pino';
import { GeminiKeysService, LOCAL_DOUBLE_KEY_NAME } from '../src/gemini-keys/gemini-keys.service';
import {
  GeminiRequestRefusedError,
  GeminiUnavailableError,
  NoGeminiKeyError,
} from '../src/gemini-keys/gemini-failures';
import { GeminiPoolService, type GeminiRequest } from '../src/gemini-keys/gemini-pool.service';
import { loadConfig } from '../src/config/app-config';
import { geminiDouble } from './support/gemini-double';
import {
  call,
  callEndpoint,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from './support/test-api';

type KeyResponse = { success: true; data: GeminiKey; message: string };
type ErrorBody = { statusCode: number; message: string; fieldErrors?: Record<string, string> };

const double = geminiDouble();
let api: TestApi;
let admin: Persona;
let buyer: Persona;
const adminEmail = `admin-${unique()}@coldmail.test`;

/** A key of at least 24 characters (so its mask shows 8 + 4 of them), unique to this run. */
const keyOf = (prefix = 'AIzaSy') => `${prefix}${unique()}${unique()}-${unique()}`;
const maskOf = (key: string) => `${key.slice(0, 8)}...${key.slice(-4)}`;

const emailRequest: GeminiRequest = {
  contents:
    'Write a cold email template. Start with "Subject:", then "Body:".\n' +
    'Recipient name: Ada Lovelace\nSender name: Charles Babbage\n' +
    'Purpose: Introduce the Analytical Engine to your research group',
  generationConfig: { temperature: 0.7, topK: 40, topP: 0.95, maxOutputTokens: 1024 },
};

beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: adminEmail, ...double.env });
  admin = await signUp(api, 'admin', { email: adminEmail });
  buyer = await signUp(api, 'buyer');
});

afterAll(async () => {
  await api?.close();
});

afterEach(async () => {
  await api.db.collection('geminiKeys').deleteMany({});
  // Edited behind the API's back, like another instance would: the pool reads the keys again.
  keyStore().forgetRoster();
});

const keysInDb = () => api.db.collection('geminiKeys');
const pool = () => api.app.get(GeminiPoolService);
const keyStore = () => api.app.get(GeminiKeysService);

async function addKey(name: string, key: string, isActive = true): Promise<GeminiKey> {
  const response = await callEndpoint(api, contract.geminiKeys.create, {
    token: admin.token,
    body: { name, key, isActive },
  });
  if (response.status !== 201) throw new Error(`add key failed: ${response.text}`);
  return response.body.data;
}

async function listKeys(): Promise<GeminiKey[]> {
  return (await callEndpoint(api, contract.geminiKeys.list, { token: admin.token })).body.data;
}

async function stateOf(id: string): Promise<GeminiKey> {
  const found = (await listKeys()).find((key) => key._id === id);
  if (!found) throw new Error(`no key ${id}`);
  return found;
}

async function errorOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('Expected a rejection');
}

describe('POST /api/gemini-keys (admin)', () => {
  it('stores the key encrypted and answers with its mask only', async () => {
    const key = keyOf();
    const response = await callEndpoint(api, contract.geminiKeys.create, {
      token: admin.token,
      body: { name: ' Main ', key: ` ${key} ` },
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      success: true,
      message: 'API key added successfully!',
      data: {
        name: 'Main',
        key: maskOf(key),
        isActive: true,
        status: 'active',
        coolingUntil: null,
        lastError: null,
        lastUsedAt: null,
        useCount: 0,
        failureCount: 0,
      },
    });
    expect(response.text).not.toContain(key);

    const [stored] = await keysInDb().find().toArray();
    expect(JSON.stringify(stored)).not.toContain(key);
    const sealed = stored?.sealedKey as Record<'iv' | 'tag' | 'data', { buffer: Uint8Array }> & {
      keyVersion: number;
    };
    for (const part of [sealed.iv, sealed.tag, sealed.data]) {
      expect(Buffer.from(part.buffer).includes(key)).toBe(false);
    }
    expect(sealed.keyVersion).toBe(1);
    expect(Buffer.from(sealed.data.buffer)).toHaveLength(key.length);
  });

  it('encrypts the same key differently each time (a random IV per key)', async () => {
    const key = keyOf();
    await addKey('One', key);
    await addKey('Two', key);
    const [first, second] = await keysInDb().find().toArray();
    expect(first?.keyMask).toBe(second?.keyMask);
    expect(Buffer.from(first?.sealedKey.iv.buffer)).not.toEqual(
      Buffer.from(second?.sealedKey.iv.buffer),
    );
    expect(Buffer.from(first?.sealedKey.data.buffer)).not.toEqual(
      Buffer.from(second?.sealedKey.data.buffer),
    );
  });

  it('masks a short key entirely', async () => {
    expect((await addKey('Short', 'AIza-short-key')).key).toBe('************');
  });

  it.each([
    ['a blank name', { name: '  ', key: keyOf() }, 'name'],
    ['a blank key', { name: 'Main', key: '   ' }, 'key'],
  ])("refuses %s with the spec's message and stores nothing", async (_case, body, field) => {
    const response = await callEndpoint(api, contract.geminiKeys.create, {
      token: admin.token,
      body,
    });
    expect(response.status).toBe(400);
    expect(response.error?.fieldErrors?.[field]).toBe('Name and key are required');
    expect(await keysInDb().countDocuments()).toBe(0);
  });

  it('records the change in the audit log with the mask, never the key', async () => {
    const key = keyOf();
    const created = await addKey('Audited', key);
    const entries = await api.db
      .collection('audit_log')
      .find({ 'target.id': created._id })
      .toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'gemini-key.create',
      actor: { email: adminEmail },
      target: { kind: 'gemini-key', label: 'Audited' },
      after: { name: 'Audited', keyMask: maskOf(key), isActive: true },
    });
    expect(JSON.stringify(entries)).not.toContain(key);
  });
});

// Issue 30, item 8: stored secrets carry the version of the data key that sealed them.
describe('rotating the data key', () => {
  it('seals every stored key again with the new data key at start-up, and the pool still uses it', async () => {
    const key = keyOf();
    await addKey('Rotated', key);
    const current = api.config.gemini.keysSecret;
    if (current.source !== 'env') throw new Error('the tests give the API its data key');
    const rotated = await startTestApi(
      {
        ...double.env,
        GEMINI_KEYS_SECRET: randomBytes(32).toString('base64'),
        GEMINI_KEYS_SECRET_VERSION: '2',
        GEMINI_KEYS_PREVIOUS_SECRETS: `1:${current.key.toString('base64')}`,
      },
      { sameDatabaseAs: api },
    );
    try {
      const stored = await keysInDb().findOne({ name: 'Rotated' });
      expect(stored?.sealedKey.keyVersion).toBe(2);
      const callsWith = async () => (await double.calls())[key] ?? 0;
      const before = await callsWith();
      expect((await rotated.app.get(GeminiPoolService).generate(emailRequest)).text).toMatch(
        /^Subject:/,
      );
      expect(await callsWith()).toBe(before + 1);
      // With the old key dropped, the resealed key is still readable.
      const onlyNew = await startTestApi(
        {
          ...double.env,
          GEMINI_KEYS_SECRET: (rotated.config.gemini.keysSecret as { key: Buffer }).key.toString(
            'base64',
          ),
          GEMINI_KEYS_SECRET_VERSION: '2',
        },
        { sameDatabaseAs: api },
      );
      try {
        await onlyNew.app.get(GeminiPoolService).generate(emailRequest);
        expect(await callsWith()).toBe(before + 2);
      } finally {
        await onlyNew.close();
      }
    } finally {
      await rotated.close();
    }
  });
});

describe('GET /api/gemini-keys (admin)', () => {
  it('lists the keys newest first, masked', async () => {
    const older = keyOf();
    const newer = keyOf();
    await addKey('Older', older);
    await addKey('Newer', newer, false);
    const response = await callEndpoint(api, contract.geminiKeys.list, { token: admin.token });
    expect(response.status).toBe(200);
    expect(response.body.data.map(({ name, key, status }) => ({ name, key, status }))).toEqual([
      { name: 'Newer', key: maskOf(newer), status: 'inactive' },
      { name: 'Older', key: maskOf(older), status: 'active' },
    ]);
    expect(response.text).not.toContain(older);
    expect(response.text).not.toContain(newer);
  });
});

describe('POST /api/gemini-keys/:id/test (admin)', () => {
  const test = (id: string) =>
    callEndpoint(api, contract.geminiKeys.test, { token: admin.token, params: { id } });

  it('makes one small call with the key and shows the answer, or Google’s reason, without the key', async () => {
    const good = await addKey('Good', keyOf());
    const answered = await test(good._id);
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ success: true, model: 'gemini-3.5-flash-lite' });
    expect(answered.body.answer?.length).toBeGreaterThan(0);

    const badKey = keyOf('bad-');
    const bad = await addKey('Bad', badKey);
    const refused = await test(bad._id);
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ success: false, error: expect.any(String) });
    expect(refused.text).not.toContain(badKey);
    // A test is no use and no failure of the pool: the key's record is as it was.
    expect(await stateOf(bad._id)).toMatchObject({ status: 'active', failureCount: 0 });

    expect((await test('0123456789abcdef01234567')).status).toBe(404);
  });
});

describe('the model every call names (GET and PUT /api/gemini-model, admin)', () => {
  const setModel = (model: BodyOf<typeof contract.geminiKeys.setModel>['model']) =>
    callEndpoint(api, contract.geminiKeys.setModel, {
      token: admin.token,
      body: { model },
    });

  it('is GEMINI_MODEL until an admin chooses another, on every instance at once; null goes back', async () => {
    const read = await callEndpoint(api, contract.geminiKeys.model, { token: admin.token });
    expect(read.body.data).toEqual({
      model: 'gemini-3.5-flash-lite',
      override: null,
      default: 'gemini-3.5-flash-lite',
    });
    const chosen = await setModel('gemini-3.8-flash');
    expect(chosen.status).toBe(200);
    expect(chosen.body.data).toMatchObject({
      model: 'gemini-3.8-flash',
      override: 'gemini-3.8-flash',
    });

    const key = keyOf();
    await addKey('Main', key);
    // Another instance on the same database calls the admin's model for its next generation.
    const other = await startTestApi(double.env, { sameDatabaseAs: api });
    try {
      await other.app.get(GeminiPoolService).generate(emailRequest);
    } finally {
      await other.close();
    }
    expect((await double.requests()).findLast((r) => r.key === key)?.model).toBe(
      'gemini-3.8-flash',
    );

    expect((await setModel('gpt-5')).status).toBe(400);
    expect((await setModel('gemini-3.8-flash; drop')).status).toBe(400);
    const back = await setModel(null);
    expect(back.body.data).toEqual({
      model: 'gemini-3.5-flash-lite',
      override: null,
      default: 'gemini-3.5-flash-lite',
    });
    const audit = await api.db
      .collection('audit_log')
      .find({ action: 'settings.gemini.model-change' })
      .toArray();
    expect(audit.map((entry) => entry.after)).toEqual([
      { model: 'gemini-3.8-flash', override: 'gemini-3.8-flash' },
      { model: 'gemini-3.5-flash-lite', override: null },
    ]);
  });
});

describe('PUT /api/gemini-keys/:id (admin)', () => {
  const put = (id: string, body: BodyOf<typeof contract.geminiKeys.update>) =>
    callEndpoint(api, contract.geminiKeys.update, { token: admin.token, params: { id }, body });
  /** A malformed id or a body the contract does not allow, as it is. */
  const putRaw = (id: string, json: unknown) =>
    call<KeyResponse & ErrorBody>(api, 'PUT', `/api/gemini-keys/${id}`, {
      token: admin.token,
      json,
    });

  it.each([
    ['the masked value', (key: string) => maskOf(key)],
    ['an empty key', () => ''],
  ])('keeps the stored key when sent %s', async (_case, keyField) => {
    const key = keyOf();
    const created = await addKey('Main', key);
    const [before] = await keysInDb().find().toArray();
    const response = await put(created._id, {
      name: 'Renamed',
      key: keyField(key),
      isActive: true,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      message: 'API key updated successfully!',
      data: { name: 'Renamed', key: maskOf(key) },
    });
    const [after] = await keysInDb().find().toArray();
    expect(after?.sealedKey).toEqual(before?.sealedKey);
    await pool().generate(emailRequest);
    // Counted per key: other test files share the double.
    expect((await double.calls())[key]).toBe(1);
  });

  // Issue 34: the spec's edit form sends the record back whole.
  it('takes the whole record the spec sends back, ignoring its _id and createdAt; another _id is a 400', async () => {
    const key = keyOf();
    const created = await addKey('Whole', key);
    const whole = {
      _id: created._id,
      name: 'Whole renamed',
      key: maskOf(key),
      isActive: false,
      createdAt: '2001-01-01T00:00:00.000Z',
    };
    const response = await put(created._id, whole);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ _id: created._id, name: 'Whole renamed' });
    const stored = await keysInDb().findOne({ name: 'Whole renamed' });
    expect(stored?.createdAt).not.toEqual(new Date('2001-01-01T00:00:00.000Z'));
    expect(stored?.isActive).toBe(false);

    const elsewhere = await put(created._id, { ...whole, _id: '0123456789abcdef01234567' });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.error?.fieldErrors?._id).toBe(
      'This is not the id of the record at this address',
    );
    expect((await keysInDb().findOne({ _id: stored?._id }))?.name).toBe('Whole renamed');
  });

  it('replaces the key, and a new key starts with a clean bill of health', async () => {
    const bad = keyOf('bad-');
    const created = await addKey('Main', bad);
    await expect(pool().generate(emailRequest)).rejects.toThrow(NO_KEYS_TO_GENERATE);
    expect((await stateOf(created._id)).status).toBe('failing');

    const replacement = keyOf();
    const response = await put(created._id, { name: 'Main', key: replacement, isActive: true });
    expect(response.body.data).toMatchObject({
      key: maskOf(replacement),
      status: 'active',
      lastError: null,
    });
    expect(response.text).not.toContain(replacement);
    await pool().generate(emailRequest);
    expect((await double.calls())[replacement]).toBe(1);
    const [audit] = await api.db
      .collection('audit_log')
      .find({ action: 'gemini-key.update', 'target.id': created._id })
      .toArray();
    expect(audit?.after).toMatchObject({ keyMask: maskOf(replacement), keyReplaced: true });
  });

  it('answers 404 for a key that does not exist and 400 for a malformed id or body', async () => {
    const body = { name: 'Main', key: '', isActive: true };
    expect((await put('650000000000000000000009', body)).status).toBe(404);
    expect((await putRaw('not-an-id', body)).status).toBe(400);
    const created = await addKey('Main', keyOf());
    const missingField = await putRaw(created._id, { name: 'Main', key: '' });
    expect(missingField.status).toBe(400);
    expect(missingField.body.fieldErrors?.isActive).toBeDefined();
  });
});

describe('DELETE /api/gemini-keys/:id (admin)', () => {
  it('deletes the key', async () => {
    const created = await addKey('Main', keyOf());
    const remove = () =>
      callEndpoint(api, contract.geminiKeys.delete, {
        token: admin.token,
        params: { id: created._id },
      });
    const response = await remove();
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      data: { _id: created._id },
      message: 'API key deleted successfully!',
    });
    expect(await keysInDb().countDocuments()).toBe(0);
    const again = await remove();
    expect(again.status).toBe(404);
  });
});

describe('PATCH /api/gemini-keys/:id/toggle (admin)', () => {
  const toggle = (id: string) =>
    callEndpoint(api, contract.geminiKeys.toggle, { token: admin.token, params: { id } });

  it('switches a key off and on, with the matching message', async () => {
    const created = await addKey('Main', keyOf());
    const off = await toggle(created._id);
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({
      message: 'API key deactivated successfully!',
      data: { isActive: false, status: 'inactive' },
    });
    await expect(pool().generate(emailRequest)).rejects.toBeInstanceOf(NoGeminiKeyError);
    const on = await toggle(created._id);
    expect(on.body).toMatchObject({
      message: 'API key activated successfully!',
      data: { isActive: true, status: 'active' },
    });
  });

  it('gives a failing key another chance when it is switched back on', async () => {
    const created = await addKey('Main', keyOf('bad-'));
    await expect(pool().generate(emailRequest)).rejects.toBeInstanceOf(NoGeminiKeyError);
    await toggle(created._id);
    const on = await toggle(created._id);
    expect(on.body.data).toMatchObject({ status: 'active', lastError: null });
    expect(on.body.data.failureCount).toBe(1);
  });
});

describe('who may manage keys', () => {
  it('is admins only: 403 for buyers, 401 anonymous, and no key in either answer', async () => {
    const key = keyOf();
    const created = await addKey('Main', key);
    const { geminiKeys } = contract;
    const params = { id: created._id };
    const added = { name: 'Mine', key: keyOf() };
    const requests: Array<(token?: string) => Promise<{ status: number; text: string }>> = [
      (token) => callEndpoint(api, geminiKeys.list, { token }),
      (token) => callEndpoint(api, geminiKeys.create, { token, body: added }),
      (token) =>
        callEndpoint(api, geminiKeys.update, {
          token,
          params,
          body: { name: 'Mine', key: '', isActive: true },
        }),
      (token) => callEndpoint(api, geminiKeys.delete, { token, params }),
      (token) => callEndpoint(api, geminiKeys.toggle, { token, params }),
    ];
    for (const request of requests) {
      const asBuyer = await request(buyer.token);
      expect(asBuyer.status).toBe(403);
      expect(asBuyer.text).not.toContain(key);
      expect(asBuyer.text).not.toContain(maskOf(key));
      const anonymous = await request();
      expect(anonymous.status).toBe(401);
      expect(anonymous.text).not.toContain(maskOf(key));
    }
    expect(await listKeys()).toMatchObject([{ name: 'Main', isActive: true }]);
  });
});

describe('the key pool (GeminiPoolService)', () => {
  it('moves past an invalid key to a good one and marks the bad one failing', async () => {
    const bad = keyOf('bad-');
    const good = keyOf();
    const badKey = await addKey('Bad', bad);
    const goodKey = await addKey('Good', good);

    const answer = await pool().generate(emailRequest);
    expect(answer.text).toMatch(/^Subject: .+\n\nBody:\nDear Ada Lovelace,/);
    expect(answer.finishReason).toBe('STOP');
    const calls = await double.calls();
    expect([calls[bad], calls[good]]).toEqual([1, 1]);
    expect(await stateOf(badKey._id)).toMatchObject({
      status: 'failing',
      lastError: 'API key not valid. Please pass a valid API key.',
      useCount: 1,
      failureCount: 1,
    });
    expect(await stateOf(goodKey._id)).toMatchObject({
      status: 'active',
      useCount: 1,
      failureCount: 0,
    });

    // A failing key is left alone from then on.
    await pool().generate(emailRequest);
    expect((await double.calls())[bad]).toBe(1);
  });

  it('cools a rate-limited key down for Retry-After and skips it meanwhile', async () => {
    const quota = keyOf('quota-');
    const good = keyOf();
    const quotaKey = await addKey('Quota', quota);
    await addKey('Good', good);

    const before = Date.now();
    await pool().generate(emailRequest);
    const after = Date.now();
    const state = await stateOf(quotaKey._id);
    expect(state).toMatchObject({ status: 'cooling', failureCount: 1 });
    expect(state.lastError).toMatch(/^You exceeded your current quota/);
    // The double sends Retry-After: 30.
    const until = Date.parse(state.coolingUntil ?? '');
    expect(until).toBeGreaterThanOrEqual(before + 30_000);
    expect(until).toBeLessThanOrEqual(after + 30_000);

    await pool().generate(emailRequest);
    await pool().generate(emailRequest);
    const calls = await double.calls();
    expect(calls[quota]).toBe(1);
    expect(calls[good]).toBe(3);

    // Once the cool-down is over, the key is used again.
    await keysInDb().updateOne({ name: 'Quota' }, { $set: { coolingUntil: new Date(before) } });
    keyStore().forgetRoster();
    expect((await stateOf(quotaKey._id)).status).toBe('active');
    await pool().generate(emailRequest);
    expect((await double.calls())[quota]).toBe(2);
  });

  it("leaves a key out from the admin's switching it off, and back in from switching it on", async () => {
    const [first, second] = [keyOf(), keyOf()];
    const firstKey = await addKey('First', first);
    await addKey('Second', second);
    await pool().generate(emailRequest);
    const toggle = () =>
      callEndpoint(api, contract.geminiKeys.toggle, {
        token: admin.token,
        params: { id: firstKey._id },
      });
    expect((await toggle()).status).toBe(200);
    const before = await double.calls();
    for (let round = 0; round < 3; round++) await pool().generate(emailRequest);
    const during = await double.calls();
    expect((during[first] ?? 0) - (before[first] ?? 0)).toBe(0);
    expect((during[second] ?? 0) - (before[second] ?? 0)).toBe(3);

    expect((await toggle()).status).toBe(200);
    for (let round = 0; round < 2; round++) await pool().generate(emailRequest);
    expect(((await double.calls())[first] ?? 0) - (during[first] ?? 0)).toBeGreaterThan(0);
  });

  it("writes each key's uses on its own, without the panel asking", async () => {
    const key = keyOf();
    await addKey('Main', key);
    const startedAt = Date.now();
    for (let round = 0; round < 3; round++) await pool().generate(emailRequest);
    // Written together a moment later (within a second): polled, straight from the database.
    let stored = await keysInDb().findOne({ name: 'Main' });
    for (let wait = 0; stored?.useCount !== 3 && wait < 50; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      stored = await keysInDb().findOne({ name: 'Main' });
    }
    expect(stored?.useCount).toBe(3);
    expect((stored?.lastUsedAt as Date).getTime()).toBeGreaterThanOrEqual(startedAt);
  });

  it('takes turns: the least recently used healthy key goes next', async () => {
    const keys = [keyOf(), keyOf(), keyOf()];
    for (const [index, key] of keys.entries()) await addKey(`Key ${index}`, key);
    for (let round = 0; round < 6; round++) await pool().generate(emailRequest);
    const calls = await double.calls();
    expect(keys.map((key) => calls[key])).toEqual([2, 2, 2]);
  });

  it("answers the spec's 503 when every key is bad, inactive, or there is none", async () => {
    const none = await errorOf(pool().generate(emailRequest));
    expect(none).toBeInstanceOf(NoGeminiKeyError);
    expect((none as NoGeminiKeyError).getStatus()).toBe(503);
    expect(none.message).toBe('No API keys available. Please contact administrator.');

    const bad = [keyOf('bad-'), keyOf('bad-')];
    for (const key of bad) await addKey('Bad', key);
    await addKey('Off', keyOf(), false);
    const allBad = await errorOf(pool().generate(emailRequest));
    expect(allBad).toBeInstanceOf(NoGeminiKeyError);
    const calls = await double.calls();
    expect(bad.map((key) => calls[key])).toEqual([1, 1]);
    expect((await listKeys()).map((key) => key.status).sort()).toEqual([
      'failing',
      'failing',
      'inactive',
    ]);
  });

  it('retries a server error once, on the next key', async () => {
    const failing = keyOf('fail-');
    const good = keyOf();
    const failingKey = await addKey('Flaky', failing);
    await addKey('Good', good);
    await pool().generate(emailRequest);
    // Not the key's fault: it stays in the pool, with the error shown.
    expect(await stateOf(failingKey._id)).toMatchObject({
      status: 'active',
      failureCount: 1,
      lastError: expect.stringMatching(/^An internal error has occurred/),
    });
  });

  it('gives up after a second server error rather than trying every key', async () => {
    const flaky = [keyOf('fail-'), keyOf('fail-')];
    const good = keyOf();
    for (const key of flaky) await addKey('Flaky', key);
    await addKey('Good', good);
    const error = await errorOf(pool().generate(emailRequest));
    expect(error).toBeInstanceOf(GeminiUnavailableError);
    expect((error as GeminiUnavailableError).getStatus()).toBe(503);
    expect((await double.calls())[good]).toBeUndefined();
  });

  it('does not blame the key when Google refuses the request itself', async () => {
    const key = keyOf();
    const created = await addKey('Main', key);
    // Google wants an integer topK: a programming error on our side, not the key's.
    const error = await errorOf(
      pool().generate({ ...emailRequest, generationConfig: { topK: 1.5 } }),
    );
    expect(error).toBeInstanceOf(GeminiRequestRefusedError);
    expect((error as GeminiRequestRefusedError).getStatus()).toBe(502);
    expect((await double.calls())[key]).toBe(1);
    expect(await stateOf(created._id)).toMatchObject({
      status: 'active',
      failureCount: 0,
      lastError: null,
    });
  });

  it('passes the prompt and the generation settings on to the configured model', async () => {
    const key = keyOf();
    await addKey('Main', key);
    await pool().generate({
      ...emailRequest,
      systemInstruction: 'You write cold emails.',
      generationConfig: { thinkingConfig: { thinkingBudget: 0 } },
    });
    // Other test files share the double: read this test's own call, by its key.
    const request = (await double.requests()).findLast((recorded) => recorded.key === key);
    // GEMINI_MODEL's default: a current model (2.5 Flash-Lite was shut down in 2026).
    expect(request).toMatchObject({ key, model: 'gemini-3.5-flash-lite' });
    expect(request?.body).toMatchObject({
      generationConfig: { thinkingConfig: { thinkingBudget: 0 } },
      systemInstruction: { parts: [{ text: 'You write cold emails.' }] },
    });
  });

  it('streams the answer in chunks, in order, after moving past a bad key', async () => {
    const bad = keyOf('bad-');
    const good = keyOf();
    await addKey('Bad', bad);
    await addKey('Good', good);
    const chunks: string[] = [];
    for await (const chunk of pool().generateStream(emailRequest)) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.join('')).toBe((await pool().generate(emailRequest)).text);
    const streamed = (await double.requests()).filter(
      (r) => r.method === 'streamGenerateContent' && [bad, good].includes(r.key),
    );
    expect(streamed.map((r) => r.key)).toEqual([bad, good]);
    expect(streamed[1]?.body).toMatchObject({ generationConfig: emailRequest.generationConfig });
  });

  it('calls the model GEMINI_MODEL names; a shut-down one is refused without blaming the key', async () => {
    const key = keyOf();
    const created = await addKey('Main', key);
    for (const [model, works] of [
      ['gemini-3.8-flash', true],
      ['gemini-2.5-flash-lite', false],
    ] as const) {
      const configured = await startTestApi(
        { ...double.env, GEMINI_MODEL: model },
        { sameDatabaseAs: api },
      );
      try {
        const generating = configured.app.get(GeminiPoolService).generate(emailRequest);
        if (works) await expect(generating).resolves.toMatchObject({ text: /^Subject: / });
        else await expect(generating).rejects.toBeInstanceOf(GeminiRequestRefusedError);
      } finally {
        await configured.close();
      }
      const request = (await double.requests()).findLast((recorded) => recorded.key === key);
      expect(request?.model).toBe(model);
    }
    // Google's 404 for the model is no fault of the key: it stays in use.
    expect(await stateOf(created._id)).toMatchObject({ status: 'active', failureCount: 0 });
    expect(() => loadConfig({ NODE_ENV: 'test', GEMINI_MODEL: 'gpt-5' })).toThrow(/GEMINI_MODEL/);
  });

  it("streams nothing and throws the spec's 503 when no key is usable", async () => {
    await addKey('Bad', keyOf('bad-'));
    const stream = pool().generateStream(emailRequest);
    await expect(stream.next()).rejects.toThrow(NO_KEYS_TO_GENERATE);
  });
});

describe('the development key for the local Gemini double', () => {
  it('is added once, to an empty pool, when Gemini is the local double', async () => {
    const keys = api.app.get(GeminiKeysService);
    expect(await keys.addLocalDoubleKey()).toBe(true);
    expect(await keys.addLocalDoubleKey()).toBe(false);
    expect(await listKeys()).toMatchObject([
      { name: LOCAL_DOUBLE_KEY_NAME, isActive: true, status: 'active' },
    ]);
    expect((await pool().generate(emailRequest)).text).toMatch(/^Subject: /);
  });

  it('is never added when Gemini is Google', async () => {
    const googleBases: Record<string, string>[] = [
      {},
      { GEMINI_API_BASE: 'https://generativelanguage.googleapis.com' },
    ];
    for (const env of googleBases) {
      const other = await startTestApi(env);
      try {
        expect(await other.app.get(GeminiKeysService).addLocalDoubleKey()).toBe(false);
        expect(await other.db.collection('geminiKeys').countDocuments()).toBe(0);
      } finally {
        await other.close();
      }
    }
  });
});

describe('logs', () => {
  it('never contain a key, whatever happens to it', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'trace' }, { write: (line: string) => lines.push(line) });
    const loggingAdmin = `admin-${unique()}@coldmail.test`;
    const logged = await startTestApi({ ADMIN_EMAILS: loggingAdmin, ...double.env }, { logger });
    try {
      const { token } = await signUp(logged, 'admin', { email: loggingAdmin });
      const keys = [keyOf('bad-'), keyOf('quota-'), keyOf('fail-'), keyOf('fail-')];
      for (const key of keys) {
        const added = await callEndpoint(logged, contract.geminiKeys.create, {
          token,
          body: { name: 'Logged', key },
        });
        expect(added.status).toBe(201);
      }
      await expect(logged.app.get(GeminiPoolService).generate(emailRequest)).rejects.toBeInstanceOf(
        GeminiUnavailableError,
      );
      await callEndpoint(logged, contract.geminiKeys.list, { token });

      const log = lines.join('');
      // The failures were logged, so the check below is about lines that exist.
      expect(log).toContain('marked failing');
      expect(log).toContain('rate-limited');
      expect(log).toContain('Gemini is unavailable');
      expect(log).toContain('"url":"/api/gemini-keys"');
      for (const key of keys) expect(log).not.toContain(key);
    } finally {
      await logged.close();
    }
  });
});
