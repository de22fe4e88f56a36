import { request as httpRequest } from 'node:http';
import { contract, type BodyOf } from '@coldmail/contracts';
import { mongo } from 'mongoose';
import { GeminiKeysService } from '../src/gemini-keys/gemini-keys.service';
import { generationFields } from './fixtures/generation';
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

type ErrorBody = { message: string; fieldErrors?: Record<string, string> };

const double = geminiDouble();
let api: TestApi;
let admin: Persona;
const adminEmail = `gen-admin-${unique()}@coldmail.test`;
const keyOf = (prefix = 'AIzaSy') => `${prefix}${unique()}${unique()}-${unique()}`;
const fields = generationFields;

const users = () => api.db.collection('users');
const entries = () => api.db.collection('creditEntries');

async function buyerWith(credits: number): Promise<Persona> {
  const buyer = await signUp(api, 'writer');
  if (credits > 0) {
    const set = await callEndpoint(api, contract.users.adminUpdate, {
      token: admin.token,
      params: { id: buyer.id },
      body: { currentBalance: credits },
    });
    expect(set.status).toBe(200);
  }
  return buyer;
}
const balanceOf = async (persona: Persona) =>
  (await users().findOne({ userEmail: persona.email }))?.currentBalance as number;
const generate = (persona: Persona, body: BodyOf<typeof contract.generator.generate> = fields) =>
  callEndpoint(api, contract.generator.generate, { token: persona.token, body });

async function setKeys(...keys: string[]) {
  await api.db.collection('geminiKeys').deleteMany({});
  // Edited behind the API's back, like another instance would: the pool reads the keys again.
  api.app.get(GeminiKeysService).forgetRoster();
  for (const key of keys) {
    const added = await callEndpoint(api, contract.geminiKeys.create, {
      token: admin.token,
      body: { name: key.slice(0, 5), key },
    });
    expect(added.status).toBe(201);
  }
}

beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: adminEmail, ...double.env });
  admin = await signUp(api, 'admin', { email: adminEmail });
  await setKeys(keyOf());
});
afterAll(() => api.close());

describe('POST /api/generate-email', () => {
  it("answers the caller's new balance on their next profile read, each time they generate", async () => {
    const buyer = await buyerWith(3);
    const profile = () =>
      callEndpoint(api, contract.users.list, {
        token: buyer.token,
        query: { userEmail: buyer.email },
      });
    expect((await profile()).body[0]?.currentBalance).toBe(3);
    for (const left of [2, 1]) {
      expect((await generate(buyer)).body.credits).toBe(left);
      expect((await profile()).body[0]?.currentBalance).toBe(left);
    }
  });

  it('writes the email for one credit, parses subject and body, and keeps it in the history', async () => {
    const buyer = await buyerWith(3);
    const response = await generate(buyer);
    expect(response.status).toBe(200);
    expect(response.body.subject.length).toBeGreaterThan(0);
    expect(response.body.body).toMatch(/^Dear Ada Lovelace,/);
    expect(response.body.body).toMatch(/Charles Babbage$/);
    expect(response.body.credits).toBe(2);
    expect(await balanceOf(buyer)).toBe(2);
    const history = await callEndpoint(api, contract.generator.history, { token: buyer.token });
    expect(history.body).toEqual([
      expect.objectContaining({
        _id: response.body.generationId,
        subject: response.body.subject,
        tone: 'friendly',
      }),
    ]);
  });

  it('refuses without credits (402) and with missing fields (400), charging nothing', async () => {
    const broke = await buyerWith(0);
    const keysBefore = await api.db.collection('geminiKeys').find().toArray();
    const refused = await generate(broke);
    expect(refused.status).toBe(402);
    expect(refused.error?.message).toBe(
      'Insufficient credits. You need at least 1 credit to generate an email template.',
    );
    // A key is chosen while the credit is taken; refused, Gemini is not called and the key's
    // use count is what it was.
    const keysAfter = await api.db.collection('geminiKeys').find().toArray();
    expect(keysAfter.map((key) => key.useCount)).toEqual(keysBefore.map((key) => key.useCount));
    expect(
      await api.db
        .collection('generations')
        .countDocuments({ userId: new mongo.ObjectId(broke.id) }),
    ).toBe(0);
    const rich = await buyerWith(2);
    const missing = await generate(rich, { ...fields, purpose: ' ' });
    expect(missing.status).toBe(400);
    expect(missing.error?.fieldErrors?.purpose).toBe(
      'Recipient name, sender name, and purpose are required',
    );
    expect(await balanceOf(rich)).toBe(2);
    const angry = await call(api, 'POST', '/api/generate-email', {
      token: rich.token,
      json: { ...fields, tone: 'angry' },
    });
    expect(angry.status).toBe(400);
  });

  it('100 generations at once with 5 credits: 5 succeed, the balance is 0, 5 debits', async () => {
    const buyer = await buyerWith(5);
    // All at once: the per-user limit lets ten start, and the ledger pays for exactly five.
    const results = await Promise.all(
      Array.from({ length: 100 }, () => generate(buyer).catch(() => ({ status: 0 }))),
    );
    const ok = results.filter((result) => result.status === 200).length;
    expect(ok).toBe(5);
    expect(await balanceOf(buyer)).toBe(0);
    const user = await users().findOne({ userEmail: buyer.email });
    const debits = await entries().countDocuments({ userId: user?._id, reason: 'generation' });
    const refunds = await entries().countDocuments({
      userId: user?._id,
      reason: 'generation-refund',
    });
    expect(debits - refunds).toBe(5);
  });

  it('a failing model gives the credit back exactly once; a bad key then a good one succeeds', async () => {
    const buyer = await buyerWith(2);
    await setKeys(keyOf('bad-'));
    const failed = await generate(buyer);
    expect(failed.status).toBeGreaterThanOrEqual(500);
    expect(await balanceOf(buyer)).toBe(2);
    const user = await users().findOne({ userEmail: buyer.email });
    expect(await entries().countDocuments({ userId: user?._id, reason: 'generation-refund' })).toBe(
      1,
    );
    // The attempt is kept, failed and refunded, with what was asked.
    const [attempt] = await api.db.collection('generations').find({ userId: user?._id }).toArray();
    expect(attempt).toMatchObject({
      status: 'failed',
      refunded: true,
      recipientName: fields.recipientName,
      tone: fields.tone,
    });
    const again = await callEndpoint(api, contract.generator.refundCredit, {
      token: buyer.token,
      body: { generationId: attempt!._id.toHexString() },
    });
    expect(again.status).toBe(403);
    expect(await balanceOf(buyer)).toBe(2);

    await setKeys(keyOf('bad-'), keyOf());
    expect((await generate(buyer)).status).toBe(200);
    expect(await balanceOf(buyer)).toBe(1);
  });

  it('with no usable key says so and keeps the credit', async () => {
    const buyer = await buyerWith(1);
    await api.db.collection('geminiKeys').deleteMany({});
    api.app.get(GeminiKeysService).forgetRoster();
    const response = await generate(buyer);
    expect(response.status).toBe(503);
    expect(response.error?.message).toBe('No API keys available. Please contact administrator.');
    expect(await balanceOf(buyer)).toBe(1);
    const enhanced = await callEndpoint(api, contract.generator.enhancePrompt, {
      token: buyer.token,
      body: { prompt: 'Ask for a meeting' },
    });
    expect(enhanced.status).toBe(503);
    expect(enhanced.error?.message).toBe('No API keys available. Please try again later.');
    await setKeys(keyOf());
  });

  it('tells a signed-in user whether a key can be used now, without showing one', async () => {
    const buyer = await buyerWith(0);
    const availability = () =>
      callEndpoint(api, contract.generator.availability, { token: buyer.token });
    const key = keyOf();
    await setKeys(key);
    const usable = await availability();
    expect(usable.status).toBe(200);
    expect(usable.body).toEqual({ keysAvailable: true });
    expect(usable.text).not.toContain(key.slice(0, 8));

    // Switched off by the admin: no key can be used.
    const [listed] = (await callEndpoint(api, contract.geminiKeys.list, { token: admin.token }))
      .body.data;
    const toggled = await callEndpoint(api, contract.geminiKeys.toggle, {
      token: admin.token,
      params: { id: listed!._id },
    });
    expect(toggled.status).toBe(200);
    expect((await availability()).body).toEqual({ keysAvailable: false });

    // A key Google refused is failing: not usable either.
    await setKeys(keyOf('bad-'));
    expect((await generate(await buyerWith(1))).status).toBe(503);
    expect((await availability()).body).toEqual({ keysAvailable: false });

    expect((await callEndpoint(api, contract.generator.availability, {})).status).toBe(401);
    await setKeys(keyOf());
    expect((await availability()).body).toEqual({ keysAvailable: true });
  });

  it('never sends a key to a non-admin', async () => {
    const buyer = await buyerWith(1);
    const key = keyOf();
    await setKeys(key);
    const response = await generate(buyer);
    expect(response.text).not.toContain(key);
    expect((await callEndpoint(api, contract.geminiKeys.list, { token: buyer.token })).status).toBe(
      403,
    );
  });

  it('limits each user to GENERATOR_RATE_LIMIT generations a minute; a refused one costs nothing', async () => {
    // A second instance on the same database, with a limit of 2 a minute.
    const limited = await startTestApi(
      { ADMIN_EMAILS: adminEmail, ...double.env, GENERATOR_RATE_LIMIT: '2' },
      { sameDatabaseAs: api },
    );
    try {
      const buyer = await buyerWith(5);
      const other = await buyerWith(1);
      const generateOn = (persona: Persona) =>
        callEndpoint(limited, contract.generator.generate, {
          token: persona.token,
          body: fields,
        });
      const deductOn = (persona: Persona) =>
        callEndpoint(limited, contract.generator.deductCredit, { token: persona.token });
      expect((await generateOn(buyer)).status).toBe(200);
      // Taking a credit for the browser's own generation counts too.
      expect((await deductOn(buyer)).status).toBe(200);
      const refused = await generateOn(buyer);
      expect(refused.status).toBe(429);
      expect(refused.error?.message).toBe(
        'Too many emails generated in a minute. Please wait a moment.',
      );
      expect((await deductOn(buyer)).status).toBe(429);
      expect(await balanceOf(buyer)).toBe(3);
      expect(
        await api.db
          .collection('generations')
          .countDocuments({ userId: new mongo.ObjectId(buyer.id), status: 'done' }),
      ).toBe(1);
      // The limit is each user's own.
      expect((await generateOn(other)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
  it('does not count a generation that never reached the model (no usable key) against the limit', async () => {
    const buyer = await buyerWith(2);
    await setKeys();
    // More tries than the limit (10 a minute): each is refused for the missing key, not the limit.
    for (let attempt = 0; attempt < 12; attempt += 1) {
      const refused = await generate(buyer);
      expect(refused.status).toBe(503);
    }
    const stream = await callEndpoint(api, contract.generator.generateStream, {
      token: buyer.token,
      body: fields,
    });
    expect(stream.status).toBe(503);
    expect(await balanceOf(buyer)).toBe(2);
    await setKeys(keyOf());
    expect((await generate(buyer)).status).toBe(200);
    expect(await balanceOf(buyer)).toBe(1);
  });

  it('counts the limit over every API instance: one use on each, then both refuse', async () => {
    const limits = { ADMIN_EMAILS: adminEmail, ...double.env, GENERATOR_RATE_LIMIT: '2' };
    const [first, second] = [
      await startTestApi(limits, { sameDatabaseAs: api }),
      await startTestApi(limits, { sameDatabaseAs: api }),
    ];
    try {
      const buyer = await buyerWith(5);
      const generateOn = (instance: TestApi) =>
        callEndpoint(instance, contract.generator.generate, {
          token: buyer.token,
          body: fields,
        }).then((response) => response.status);
      expect([await generateOn(first), await generateOn(second)]).toEqual([200, 200]);
      expect([await generateOn(first), await generateOn(second)]).toEqual([429, 429]);
      expect(await balanceOf(buyer)).toBe(3);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});

// Issue 30, item 3: Enhance Prompt calls Gemini for free, so it is limited and kept short.
describe('Enhance Prompt is not free Gemini', () => {
  const enhanceOn = (instance: TestApi, persona: Persona, prompt = 'Sell our CRM to dentists') =>
    callEndpoint(instance, contract.generator.enhancePrompt, {
      token: persona.token,
      body: { prompt },
    });

  it('limits each user per minute and per UTC day, saying when to try again', async () => {
    const limited = await startTestApi(
      { ...double.env, ENHANCE_RATE_LIMIT: '2', ENHANCE_DAILY_LIMIT: '3' },
      { sameDatabaseAs: api },
    );
    try {
      const buyer = await buyerWith(0);
      const colleague = await buyerWith(0);
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await enhanceOn(limited, buyer)).status);
      expect(statuses).toEqual([200, 200, 429]);
      const refused = await enhanceOn(limited, buyer);
      expect(refused.error?.message).toBe(
        'Too many prompts enhanced in a minute. Please wait a moment.',
      );
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
      // Each user's own.
      expect((await enhanceOn(limited, colleague)).status).toBe(200);

      // The day's quota, once the minute's window has passed (its counter, moved back).
      const minutePassed = () =>
        api.db
          .collection('usage_counters')
          .updateOne(
            { _id: `enhance:minute:${buyer.id}` as never },
            { $set: { windowEndsAt: new Date(0) } },
          );
      await minutePassed();
      expect((await enhanceOn(limited, buyer)).status).toBe(200);
      await minutePassed();
      const daily = await enhanceOn(limited, buyer);
      expect(daily.status).toBe(429);
      expect(daily.error?.message).toBe(
        'You have enhanced 3 prompts today, the most a day. Enhance Prompt is available again from midnight UTC.',
      );
      const untilMidnight = Math.ceil(
        (Math.ceil(Date.now() / 86_400_000) * 86_400_000 - Date.now()) / 1000,
      );
      expect(Number(daily.headers.get('retry-after'))).toBeGreaterThan(untilMidnight - 60);
      expect(Number(daily.headers.get('retry-after'))).toBeLessThanOrEqual(untilMidnight + 1);
    } finally {
      await limited.close();
    }
  });

  it('needs a verified e-mail address, and calls no model for an unverified one', async () => {
    const unverified = await signUp(api, 'unverified-writer', { verified: false });
    const prompt = `Unverified prompt ${unique()}`;
    const refused = await enhanceOn(api, unverified, prompt);
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe(
      'Verify your e-mail address to use Enhance Prompt: open the link we sent you, then sign in again.',
    );
    expect(
      (await double.requests()).filter((request) => JSON.stringify(request.body).includes(prompt)),
    ).toEqual([]);
  });

  it('has a site-wide daily cap, and a buyer refused by it keeps their own uses', async () => {
    const capped = await startTestApi(
      { ...double.env, ENHANCE_SITE_DAILY_LIMIT: '2', ENHANCE_DAILY_LIMIT: '5' },
      { sameDatabaseAs: api },
    );
    try {
      await api.db.collection('usage_counters').deleteMany({ _id: /^enhance:site-day:/ as never });
      const [first, second, third] = [await buyerWith(0), await buyerWith(0), await buyerWith(0)];
      expect((await enhanceOn(capped, first)).status).toBe(200);
      expect((await enhanceOn(capped, second)).status).toBe(200);
      const refused = await enhanceOn(capped, third);
      expect(refused.status).toBe(429);
      expect(refused.error?.message).toBe(
        'Enhance Prompt has been used as much as it can be today. It is available again from midnight UTC; you can still write your prompt yourself.',
      );
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      const own = await api.db
        .collection('usage_counters')
        .findOne({ _id: `enhance:day:${third.id}` as never });
      expect(own?.count ?? 0).toBe(0);
    } finally {
      await api.db.collection('usage_counters').deleteMany({ _id: /^enhance:site-day:/ as never });
      await capped.close();
    }
  });

  it('asks the model for a prompt-sized answer and refuses an email instead of a prompt', async () => {
    const buyer = await buyerWith(0);
    const prompt = `Pitch our bakery to cafés ${unique()}`;
    expect((await enhanceOn(api, buyer, prompt)).status).toBe(200);
    const asked = (await double.requests()).filter((request) =>
      JSON.stringify(request.body).includes(prompt),
    );
    expect(asked).toHaveLength(1);
    const config = (asked[0]?.body as { generationConfig?: { maxOutputTokens?: number } })
      .generationConfig;
    expect(config?.maxOutputTokens).toBeLessThanOrEqual(400);

    await setKeys(keyOf('email-'));
    try {
      const emailed = await enhanceOn(api, buyer);
      expect(emailed.status).toBe(502);
      expect(emailed.error?.message).toBe(
        'The model wrote an email instead of a prompt. Please try Enhance Prompt again.',
      );
    } finally {
      await setKeys(keyOf());
    }
  });
});

describe('prompt enhancement, the credit calls and the history', () => {
  it('enhances a prompt for free and needs one', async () => {
    const buyer = await buyerWith(1);
    const enhanced = await callEndpoint(api, contract.generator.enhancePrompt, {
      token: buyer.token,
      body: { prompt: 'Ask for a meeting' },
    });
    expect(enhanced.status).toBe(200);
    expect(enhanced.body.enhancedPrompt.length).toBeGreaterThan(20);
    expect(await balanceOf(buyer)).toBe(1);
    const empty = await callEndpoint(api, contract.generator.enhancePrompt, {
      token: buyer.token,
      body: { prompt: '  ' },
    });
    expect(empty.error?.fieldErrors?.prompt).toBe('Please enter a custom prompt to enhance');
  });

  it('deduct-credit takes the caller’s own credit; refund-credit returns it once, to its owner only', async () => {
    const buyer = await buyerWith(2);
    const other = await buyerWith(0);
    const deducted = await callEndpoint(api, contract.generator.deductCredit, {
      token: buyer.token,
    });
    expect(deducted.body.credits).toBe(1);
    const refund = (persona: Persona) =>
      callEndpoint(api, contract.generator.refundCredit, {
        token: persona.token,
        body: { generationId: deducted.body.generationId },
      });
    const stolen = await refund(other);
    expect(stolen.status).toBe(403);
    const refunded = await refund(buyer);
    expect(refunded.body.credits).toBe(2);
    const twice = await refund(buyer);
    expect(twice.status).toBe(403);
    expect(await balanceOf(buyer)).toBe(2);
    expect(await balanceOf(other)).toBe(0);
  });

  // Issue 34: the spec's client sends { userEmail, amount } to both.
  it('takes and gives back credits from the spec’s bodies: the caller’s own, once, never from nothing', async () => {
    const buyer = await buyerWith(3);
    const other = await buyerWith(5);
    const spec = (persona: typeof buyer, amount = 1) => ({
      token: persona.token,
      body: { userEmail: persona.email, amount },
    });
    const deducted = await callEndpoint(api, contract.generator.deductCredit, spec(buyer));
    expect(deducted.status).toBe(200);
    expect(deducted.body).toMatchObject({ success: true, credits: 2 });
    // The amount is the server's price of one generation, whatever is sent.
    const greedy = await callEndpoint(api, contract.generator.deductCredit, spec(buyer, -50));
    expect(greedy.status).toBe(200);
    expect(await balanceOf(buyer)).toBe(1);
    // Another's e-mail: refused, nothing taken from either.
    const forOther = await callEndpoint(api, contract.generator.deductCredit, {
      token: buyer.token,
      body: { userEmail: other.email, amount: 1 },
    });
    expect(forOther.status).toBe(403);
    expect(await balanceOf(other)).toBe(5);

    const refundFor = (
      persona: typeof buyer,
      body: BodyOf<typeof contract.generator.refundCredit>,
    ) => callEndpoint(api, contract.generator.refundCredit, { token: persona.token, body });
    const stolen = await refundFor(other, { userEmail: buyer.email, amount: 1 });
    expect(stolen.status).toBe(403);
    // Two debits without an email: each is given back once, newest first, then nothing is left.
    const first = await refundFor(buyer, { userEmail: buyer.email, amount: 1 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, credits: 2 });
    const second = await refundFor(buyer, { userEmail: buyer.email, amount: 100 });
    expect(second.body).toMatchObject({ success: true, credits: 3 });
    const none = await refundFor(buyer, { userEmail: buyer.email, amount: 1 });
    expect(none.status).toBe(404);
    expect(none.error?.message).toBe('No credit to refund');
    expect(await balanceOf(buyer)).toBe(3);
    // A generation that gave its email is no debit to give back.
    expect((await generate(buyer)).status).toBe(200);
    expect((await refundFor(buyer, { userEmail: buyer.email, amount: 1 })).status).toBe(404);
    expect(await balanceOf(buyer)).toBe(2);
    expect(await balanceOf(other)).toBe(5);
  });

  it('never gives back the credit of an email whose words already reached its reader', async () => {
    const buyer = await buyerWith(1);
    const deducted = await callEndpoint(api, contract.generator.deductCredit, {
      token: buyer.token,
    });
    // What a stream leaves while the model still writes: its first words were sent.
    await api.db
      .collection('generations')
      .updateOne(
        { _id: new mongo.ObjectId(deducted.body.generationId) },
        { $set: { textSentAt: new Date() } },
      );
    const spec = await callEndpoint(api, contract.generator.refundCredit, {
      token: buyer.token,
      body: { userEmail: buyer.email, amount: 1 },
    });
    expect(spec.status).toBe(404);
    const byId = await callEndpoint(api, contract.generator.refundCredit, {
      token: buyer.token,
      body: { generationId: deducted.body.generationId },
    });
    expect(byId.status).toBe(403);
    expect(await balanceOf(buyer)).toBe(0);
  });

  it('deduct-credit with no credit left is a 402 that takes nothing and keeps no generation', async () => {
    const buyer = await buyerWith(0);
    const before = await users().findOne({ userEmail: buyer.email });
    const refused = await callEndpoint(api, contract.generator.deductCredit, {
      token: buyer.token,
    });
    expect(refused.status).toBe(402);
    expect(refused.error?.message).toBe(
      'Insufficient credits. You need at least 1 credit to generate an email template.',
    );
    expect(await users().findOne({ userEmail: buyer.email })).toEqual(before);
    expect(await entries().countDocuments({ userEmail: buyer.email })).toBe(0);
    const generations = await callEndpoint(api, contract.generator.history, {
      token: buyer.token,
    });
    expect(generations.status).toBe(200);
    expect(generations.body).toEqual([]);
    expect(
      await api.db
        .collection('generations')
        .countDocuments({ userId: new mongo.ObjectId(buyer.id) }),
    ).toBe(0);
  });

  it("an admin may give a user's pending credit back, once, and it is in the audit log", async () => {
    const buyer = await buyerWith(1);
    const deducted = await callEndpoint(api, contract.generator.deductCredit, {
      token: buyer.token,
    });
    const refund = () =>
      callEndpoint(api, contract.generator.refundCredit, {
        token: admin.token,
        body: { generationId: deducted.body.generationId },
      });
    const refunded = await refund();
    expect(refunded.status).toBe(200);
    expect(refunded.body.credits).toBe(1);
    expect((await refund()).status).toBe(403);
    expect(await balanceOf(buyer)).toBe(1);
    const entries = await api.db
      .collection('audit_log')
      .find({ action: 'generation.refund', 'target.id': deducted.body.generationId })
      .toArray();
    expect(entries).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ email: adminEmail }),
        after: expect.objectContaining({ refunded: true, delta: 1, balanceAfter: 1 }),
      }),
    ]);
  });

  it('each user sees and deletes only their own generated emails', async () => {
    const writer = await buyerWith(1);
    const reader = await buyerWith(0);
    const made = await generate(writer);
    expect(made.status).toBe(200);
    const historyOf = (token?: string) => callEndpoint(api, contract.generator.history, { token });
    expect((await historyOf(reader.token)).body).toEqual([]);
    const params = { id: made.body.generationId };
    const remove = (persona: Persona) =>
      callEndpoint(api, contract.generator.deleteGeneration, { token: persona.token, params });
    expect((await remove(reader)).status).toBe(404);
    expect((await remove(writer)).status).toBe(200);
    expect((await historyOf(writer.token)).body).toEqual([]);
    expect((await historyOf()).status).toBe(401);
  });
});

describe('POST /api/generate-email/stream', () => {
  /** Reads server-sent events until the stream ends. */
  async function stream(persona: Persona) {
    const response = await fetch(`${api.url}/api/generate-email/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${persona.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    });
    const events: { event: string; data: Record<string, unknown> }[] = [];
    if (!response.headers.get('content-type')?.includes('text/event-stream')) {
      return { status: response.status, events, json: (await response.json()) as ErrorBody };
    }
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const bytes of response.body as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(bytes, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1] ?? 'message';
        const data = JSON.parse(/^data: (.+)$/m.exec(block)?.[1] ?? '{}') as Record<
          string,
          unknown
        >;
        events.push({ event, data });
      }
    }
    return { status: response.status, events, json: null };
  }

  it('records the tokens each generation used, and admins see each key’s total', async () => {
    const buyer = await buyerWith(2);
    const key = keyOf();
    await setKeys(key);
    const plain = await generate(buyer);
    expect(plain.status).toBe(200);
    const streamed = await stream(buyer);
    const done = streamed.events.at(-1)?.data as { generationId: string };
    const stored = await api.db
      .collection('generations')
      .find({
        _id: {
          $in: [plain.body.generationId, done.generationId].map((id) => new mongo.ObjectId(id)),
        },
      })
      .toArray();
    expect(stored).toHaveLength(2);
    for (const generation of stored) expect(generation.tokens).toBeGreaterThan(0);
    const total = stored.reduce((sum, generation) => sum + (generation.tokens as number), 0);

    const listed = await callEndpoint(api, contract.geminiKeys.list, { token: admin.token });
    expect(listed.body.data.find((entry) => entry.name === key.slice(0, 5))?.tokenCount).toBe(
      total,
    );
  });

  it('streams the email as the model writes it, then the parsed email, for one credit', async () => {
    const buyer = await buyerWith(2);
    const { status, events } = await stream(buyer);
    expect(status).toBe(200);
    const chunks = events.filter((event) => event.event === 'chunk');
    expect(chunks.length).toBeGreaterThan(1);
    const done = events.at(-1);
    expect(done?.event).toBe('done');
    expect(done?.data).toMatchObject({ credits: 1, subject: expect.any(String) });
    expect(chunks.map((chunk) => chunk.data.text).join('')).toContain(
      String(done?.data.body).slice(0, 40),
    );
    expect(await balanceOf(buyer)).toBe(1);
  });

  it('answers errors before the first words as JSON, charging nothing', async () => {
    const broke = await buyerWith(0);
    const refused = await stream(broke);
    expect(refused.status).toBe(402);
    expect(refused.json?.message).toMatch(/Insufficient credits/);
  });

  /** The generation a buyer's stream ended with, once stored (done, or failed and refunded). */
  async function storedGeneration(buyer: Persona) {
    const ended = () =>
      api.db.collection('generations').findOne({
        userId: new mongo.ObjectId(buyer.id),
        status: { $in: ['done', 'failed'] },
      });
    for (let waited = 0; waited < 20_000; waited += 100) {
      const generation = await ended();
      if (generation) return generation;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('The generation was not stored');
  }
  const ledgerOf = async (generationId: string) => ({
    debits: await entries().countDocuments({ reference: generationId, reason: 'generation' }),
    refunds: await entries().countDocuments({
      reference: generationId,
      reason: 'generation-refund',
    }),
  });

  it('a reader who hangs up after the first words has paid: the whole email is in their history', async () => {
    const buyer = await buyerWith(2);
    // Over a socket of its own, so hanging up is closing the connection mid-stream.
    const firstEvent = await new Promise<string>((resolve, reject) => {
      const request = httpRequest(`${api.url}/api/generate-email/stream`, {
        method: 'POST',
        agent: false,
        headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
      });
      request.on('error', reject);
      request.on('response', (response) => {
        let received = '';
        response.setEncoding('utf8');
        response.on('data', (text: string) => {
          received += text;
          const end = received.indexOf('\n\n');
          if (end < 0) return;
          response.socket.destroy();
          resolve(received.slice(0, end));
        });
      });
      request.end(JSON.stringify(fields));
    });
    expect(firstEvent).toMatch(/^event: chunk\n/);

    const generation = await storedGeneration(buyer);
    expect(generation).toMatchObject({ status: 'done', refunded: false });
    expect(await balanceOf(buyer)).toBe(1);
    expect(await ledgerOf(generation._id.toHexString())).toEqual({ debits: 1, refunds: 0 });
    // The model writes the same email for the same fields: what a reader who stayed gets.
    const whole = await generate(await buyerWith(1));
    const history = await callEndpoint(api, contract.generator.history, { token: buyer.token });
    expect(history.body).toEqual([
      expect.objectContaining({
        _id: generation._id.toHexString(),
        subject: whole.body.subject,
        body: whole.body.body,
      }),
    ]);
  });

  it('a reader who leaves before the first words gets the credit back, once', async () => {
    // A slow model: the reader leaves while it has written nothing yet.
    await setKeys(keyOf('slow-'));
    try {
      const buyer = await buyerWith(1);
      const controller = new AbortController();
      const opened = fetch(`${api.url}/api/generate-email/stream`, {
        method: 'POST',
        headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(fields),
        signal: controller.signal,
      });
      for (let waited = 0; (await balanceOf(buyer)) !== 0 && waited < 10_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(await balanceOf(buyer)).toBe(0);
      controller.abort();
      await expect(opened).rejects.toThrow();

      const generation = await storedGeneration(buyer);
      expect(generation).toMatchObject({ status: 'failed', refunded: true });
      expect(await balanceOf(buyer)).toBe(1);
      expect(await ledgerOf(generation._id.toHexString())).toEqual({ debits: 1, refunds: 1 });
      const history = await callEndpoint(api, contract.generator.history, { token: buyer.token });
      expect(history.body).toEqual([]);
    } finally {
      await setKeys(keyOf());
    }
  });
});
