import { parse } from 'csv-parse/sync';
import { contract, type BodyOf, type PromoCode } from '@coldmail/contracts';
import { mongo } from 'mongoose';
import { RecoverySweepService } from '../src/jobs/recovery-sweep.service';
import { paypalDouble } from './support/paypal-double';
import {
  call,
  callEndpoint,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from './support/test-api';

// Issue 52 item 3: promo codes. Admins manage them (audited); a buyer's quote and order are
// priced with one, and the PayPal order is for what is left; the CSV export and the revenue
// statistics show the discount; uses are counted so that racing buyers never pass a code's limit.

type ErrorBody = { statusCode: number; message: string; fieldErrors?: Record<string, string> };
type CodeBody = BodyOf<typeof contract.promoCodes.create>;

const paypal = paypalDouble();
let api: TestApi;
let admin: Persona;
let buyer: Persona;
let other: Persona;
/** Pro costs 24.50 (15 % of it is 3.675: a half cent to round); Cheap costs 1.00. */
const packages = { pro: '', cheap: '' };
let itemId: string;
const adminEmail = `promo-admin-${unique()}@coldmail.test`;
const billing = { customerName: 'Ada Buyer', address: '1 Loop Road', country: 'France' };

const codesInDb = () => api.db.collection('promoCodes');
const ordersInDb = () => api.db.collection('orders');
const storedCode = (id: string) => codesInDb().findOne({ _id: new mongo.ObjectId(id) });
/** A code text no other test uses. */
const fresh = (prefix: string) => `${prefix}-${unique()}`.toUpperCase();

beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: adminEmail, ...paypal.env });
  admin = await signUp(api, 'admin', { email: adminEmail });
  [buyer, other] = await Promise.all([signUp(api, 'buyer'), signUp(api, 'other')]);
  for (const [key, body] of [
    ['pro', { packageName: 'Pro', price: 24.5, credit: 200, validity: 90 }],
    ['cheap', { packageName: 'Cheap', price: 1, credit: 1, validity: 1 }],
  ] as const) {
    const created = await callEndpoint(api, contract.packages.add, { token: admin.token, body });
    packages[key] = created.body._id;
  }
  const item = await callEndpoint(api, contract.items.create, {
    token: admin.token,
    body: {
      name: 'Playbook',
      slug: 'playbook',
      price: 19,
      accessUrl: 'https://files.test/playbook.pdf',
    },
  });
  itemId = item.body._id;
});
afterAll(() => api?.close());

/** A code: 15 % off everything unless `body` says otherwise. */
async function createCode(body: Partial<CodeBody> & { code: string }): Promise<PromoCode> {
  const defaults = body.kind === 'fixed' ? {} : { kind: 'percent', percent: 15 };
  const created = await callEndpoint(api, contract.promoCodes.create, {
    token: admin.token,
    body: { ...defaults, appliesTo: 'all', ...body } as CodeBody,
  });
  expect([created.status, created.error]).toEqual([201, undefined]);
  return created.body;
}

const quote = (persona: Persona, body: BodyOf<typeof contract.promoCodes.quote>) =>
  callEndpoint(api, contract.promoCodes.quote, { token: persona.token, body });

const packageOrder = (persona: Persona, promoCode?: string, which: 'pro' | 'cheap' = 'pro') =>
  callEndpoint(api, contract.packageOrders.create, {
    token: persona.token,
    body: { packageId: packages[which], ...billing, ...(promoCode ? { promoCode } : {}) },
  });

const itemOrder = (persona: Persona, promoCode?: string) =>
  callEndpoint(api, contract.itemOrders.create, {
    token: persona.token,
    body: { itemId, ...billing, ...(promoCode ? { promoCode } : {}) },
  });

async function auditOf(codeId: string) {
  const page = await callEndpoint(api, contract.audit.list, {
    token: admin.token,
    query: { targetKind: 'promo-code', pageSize: 100 },
  });
  return page.body.items.filter((entry) => entry.target.id === codeId).reverse();
}

describe('the admin API at /api/promo-codes', () => {
  it('creates, reads, edits, pauses, resumes and deletes a code, each change audited', async () => {
    const text = fresh('summer');
    const created = await createCode({
      code: ` ${text.toLowerCase()} `,
      maxUses: 10,
      oncePerBuyer: true,
      appliesTo: { packageIds: [packages.pro], itemIds: [itemId] },
    });
    expect(created).toEqual({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      code: text,
      kind: 'percent',
      percent: 15,
      expiresAt: null,
      maxUses: 10,
      oncePerBuyer: true,
      appliesTo: { packageIds: [packages.pro], itemIds: [itemId] },
      paused: false,
      uses: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const id = { params: { id: created._id } };
    const read = await callEndpoint(api, contract.promoCodes.get, { token: admin.token, ...id });
    expect(read.body).toEqual(created);
    const listed = await callEndpoint(api, contract.promoCodes.list, { token: admin.token });
    expect(listed.body).toContainEqual(created);

    // The record as GET answered it, sent back whole with one change: a fixed amount instead.
    const { percent: _percent, ...record } = read.body as Extract<PromoCode, { kind: 'percent' }>;
    const edited = await callEndpoint(api, contract.promoCodes.update, {
      token: admin.token,
      ...id,
      body: {
        ...record,
        kind: 'fixed',
        amount: 5,
        currency: 'USD',
        expiresAt: '2099-01-01T00:00:00Z',
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      kind: 'fixed',
      amount: 5,
      currency: 'USD',
      expiresAt: '2099-01-01T00:00:00.000Z',
      paused: false,
      uses: 0,
    });
    expect(edited.body).not.toHaveProperty('percent');
    // Sent back as it is now, whole, it is accepted and changes nothing it shows.
    const again = await callEndpoint(api, contract.promoCodes.update, {
      token: admin.token,
      ...id,
      body: edited.body,
    });
    expect({ ...again.body, updatedAt: '' }).toEqual({ ...edited.body, updatedAt: '' });

    const paused = await callEndpoint(api, contract.promoCodes.pause, {
      token: admin.token,
      ...id,
    });
    expect(paused.body).toMatchObject({ paused: true });
    // Pausing a paused code changes nothing, so nothing more is recorded.
    await callEndpoint(api, contract.promoCodes.pause, { token: admin.token, ...id });
    // An edit form loaded before the pause does not resume the code.
    await callEndpoint(api, contract.promoCodes.update, {
      token: admin.token,
      ...id,
      body: edited.body,
    });
    expect((await storedCode(created._id))?.paused).toBe(true);
    const resumed = await callEndpoint(api, contract.promoCodes.resume, {
      token: admin.token,
      ...id,
    });
    expect(resumed.body).toMatchObject({ paused: false });

    const deleted = await callEndpoint(api, contract.promoCodes.delete, {
      token: admin.token,
      ...id,
    });
    expect(deleted.body).toEqual({ success: true, message: 'Promo code deleted successfully' });
    const gone = await callEndpoint(api, contract.promoCodes.get, { token: admin.token, ...id });
    expect([gone.status, gone.error?.message]).toEqual([404, 'Promo code not found']);

    const entries = await auditOf(created._id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'promo-code.create',
      'promo-code.update',
      'promo-code.update',
      'promo-code.pause',
      'promo-code.update',
      'promo-code.resume',
      'promo-code.delete',
    ]);
    expect(entries[0]).toMatchObject({
      actor: { email: adminEmail },
      target: { kind: 'promo-code', id: created._id, label: text },
      after: { code: text, percent: 15 },
    });
    expect(entries[1]).toMatchObject({
      before: { kind: 'percent', percent: 15 },
      after: { kind: 'fixed', amount: 5 },
    });
    expect(entries[3]).toMatchObject({ before: { paused: false }, after: { paused: true } });
    expect(entries[6]).toMatchObject({ before: { code: text, kind: 'fixed' } });
  });

  it('refuses a text another code has (409), a foreign currency and unknown products (400)', async () => {
    const text = fresh('taken');
    await createCode({ code: text });
    const before = await codesInDb().countDocuments();
    const attempts: CodeBody[] = [
      { code: text.toLowerCase(), kind: 'percent', percent: 10, appliesTo: 'all' },
      { code: fresh('euro'), kind: 'fixed', amount: 2, currency: 'EUR', appliesTo: 'all' },
      {
        code: fresh('nowhere'),
        kind: 'percent',
        percent: 10,
        appliesTo: { packageIds: [itemId], itemIds: [new mongo.ObjectId().toHexString()] },
      },
    ];
    const answers = [];
    for (const body of attempts) {
      const answer = await callEndpoint(api, contract.promoCodes.create, {
        token: admin.token,
        body,
      });
      answers.push([answer.status, answer.error?.message, answer.error?.fieldErrors]);
    }
    expect(answers).toEqual([
      [409, 'Another promo code already uses this text', undefined],
      [400, 'Validation failed', { currency: 'Must be the store’s currency (USD)' }],
      [
        400,
        'Validation failed',
        {
          'appliesTo.packageIds': `No package ${itemId}`,
          'appliesTo.itemIds': expect.stringMatching(/^No item [0-9a-f]{24}$/),
        },
      ],
    ]);
    expect(await codesInDb().countDocuments()).toBe(before);
  });

  it('refuses bad input with a 4xx and stores nothing', async () => {
    const existing = await createCode({ code: fresh('intact') });
    const before = await codesInDb().find().toArray();
    const valid = { code: fresh('valid'), kind: 'percent', percent: 10, appliesTo: 'all' };
    const byAdmin = { token: admin.token };
    const answers = await Promise.all([
      call<ErrorBody>(api, 'POST', '/api/promo-codes', {
        ...byAdmin,
        json: { ...valid, code: { $ne: null } },
      }),
      call<ErrorBody>(api, 'POST', '/api/promo-codes', {
        ...byAdmin,
        json: { ...valid, maxUses: { $gt: 0 } },
      }),
      call<ErrorBody>(api, 'POST', '/api/promo-codes', {
        ...byAdmin,
        json: { ...valid, percent: 'lots', oncePerBuyer: 'yes' },
      }),
      call<ErrorBody>(api, 'POST', '/api/promo-codes', {
        ...byAdmin,
        json: { ...valid, percent: 101, maxUses: 0, code: 'a b' },
      }),
      call<ErrorBody>(api, 'POST', '/api/promo-codes', {
        ...byAdmin,
        json: { ...valid, kind: 'free' },
      }),
      call<ErrorBody>(api, 'POST', '/api/promo-codes', {
        ...byAdmin,
        json: { ...valid, uses: 0, appliesTo: { packageIds: ['$ne'] }, role: 'Admin' },
      }),
      call<ErrorBody>(api, 'PUT', `/api/promo-codes/${existing._id}`, {
        ...byAdmin,
        json: { ...valid, _id: new mongo.ObjectId().toHexString() },
      }),
      call<ErrorBody>(api, 'PUT', `/api/promo-codes/${new mongo.ObjectId().toHexString()}`, {
        ...byAdmin,
        json: valid,
      }),
      call<ErrorBody>(api, 'GET', '/api/promo-codes/%24ne', byAdmin),
      call<ErrorBody>(
        api,
        'PATCH',
        `/api/promo-codes/${new mongo.ObjectId().toHexString()}/pause`,
        byAdmin,
      ),
      call<ErrorBody>(
        api,
        'DELETE',
        `/api/promo-codes/${new mongo.ObjectId().toHexString()}`,
        byAdmin,
      ),
    ]);
    expect(answers.map((answer) => [answer.status, answer.body.fieldErrors])).toEqual([
      [400, { code: expect.any(String) }],
      [400, { maxUses: expect.any(String) }],
      [400, { percent: 'Percent must be a number', oncePerBuyer: expect.any(String) }],
      [
        400,
        {
          code: 'Use 3 to 32 letters, digits, dashes or underscores',
          percent: 'At most 100 percent',
          maxUses: 'At least 1 use',
        },
      ],
      [400, { kind: 'Choose percent or fixed' }],
      [400, { role: 'This field is not accepted', 'appliesTo.packageIds.0': 'Invalid id' }],
      [400, { _id: 'This is not the id of the record at this address' }],
      [404, undefined],
      [400, { id: 'Invalid id' }],
      [404, undefined],
      [404, undefined],
    ]);
    expect(await codesInDb().find().toArray()).toEqual(before);
  });

  it('is for admins only: a buyer gets 403, a visitor 401, and nothing changes', async () => {
    const existing = await createCode({ code: fresh('guarded') });
    const before = await codesInDb().find().toArray();
    const attempts = [
      ['GET', '/api/promo-codes'],
      [
        'POST',
        '/api/promo-codes',
        { code: fresh('mine'), kind: 'percent', percent: 99, appliesTo: 'all' },
      ],
      ['GET', `/api/promo-codes/${existing._id}`],
      [
        'PUT',
        `/api/promo-codes/${existing._id}`,
        { code: 'MINE', kind: 'percent', percent: 99, appliesTo: 'all' },
      ],
      ['PATCH', `/api/promo-codes/${existing._id}/pause`],
      ['PATCH', `/api/promo-codes/${existing._id}/resume`],
      ['DELETE', `/api/promo-codes/${existing._id}`],
    ] as const;
    for (const [method, path, json] of attempts) {
      const byBuyer = await call<ErrorBody>(api, method, path, { token: buyer.token, json });
      const anonymous = await call<ErrorBody>(api, method, path, { json });
      expect([path, byBuyer.status, byBuyer.body.message]).toEqual([
        path,
        403,
        'Admin access required',
      ]);
      expect([path, anonymous.status]).toEqual([path, 401]);
    }
    const quoted = await call<ErrorBody>(api, 'POST', '/api/promo-codes/quote', {
      json: { code: existing.code, packageId: packages.pro },
    });
    expect(quoted.status).toBe(401);
    expect(await codesInDb().find().toArray()).toEqual(before);
  });
});

describe('a buyer’s quote and order with a code', () => {
  it('quotes the price with the code, as typed in any case', async () => {
    const text = fresh('quote');
    await createCode({ code: text, percent: 15 });
    const answer = await quote(buyer, { code: ` ${text.toLowerCase()} `, packageId: packages.pro });
    expect(answer.status).toBe(200);
    // 15 % of 24.50 is 3.675: rounded to 3.68, for the buyer.
    expect(answer.body).toEqual({
      code: text,
      currency: 'USD',
      subtotal: '24.50',
      discount: '3.68',
      processingFee: '0.00',
      total: '20.82',
    });
    const fixed = fresh('fiver');
    await createCode({ code: fixed, kind: 'fixed', amount: 5, currency: 'USD' } as CodeBody);
    const forItem = await quote(buyer, { code: fixed, itemId });
    expect(forItem.body).toMatchObject({ subtotal: '19.00', discount: '5.00', total: '14.00' });
    // A quote holds nothing.
    expect((await codesInDb().findOne({ code: text }))?.uses).toBe(0);
    const neither = await quote(buyer, { code: text } as BodyOf<typeof contract.promoCodes.quote>);
    expect([neither.status, neither.error?.fieldErrors]).toEqual([
      400,
      { packageId: 'Name a package or an item' },
    ]);
  });

  it('prices the order lower, and the PayPal order is for the discounted amount', async () => {
    const text = fresh('paid');
    const code = await createCode({ code: text, percent: 15 });
    const placed = await packageOrder(buyer, text.toLowerCase());
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      packagePrice: 24.5,
      promoCode: text,
      subtotal: '24.50',
      discount: '3.68',
      totalPrice: '20.82',
    });
    const read = await callEndpoint(api, contract.packageOrders.get, {
      token: buyer.token,
      params: { id: placed.body._id },
    });
    expect(read.body).toMatchObject({ promoCode: text, discount: '3.68', totalPrice: '20.82' });
    expect((await storedCode(code._id))?.uses).toBe(1);

    const created = await callEndpoint(api, contract.payments.createPaypalOrder, {
      token: buyer.token,
      body: { orderId: placed.body._id, kind: 'package' },
    });
    expect(created.status).toBe(201);
    const atPaypal = await paypal.order(created.body.id);
    expect(atPaypal?.purchase_units[0]?.amount).toEqual({
      currency_code: 'USD',
      value: '20.82',
      breakdown: {
        item_total: { currency_code: 'USD', value: '24.50' },
        handling: { currency_code: 'USD', value: '0.00' },
        discount: { currency_code: 'USD', value: '3.68' },
      },
    });

    await paypal.approve(created.body.id, `payer-${buyer.email}`);
    const completed = await callEndpoint(api, contract.payments.completePackage, {
      token: buyer.token,
      params: { id: placed.body._id },
      body: { paypalOrderId: created.body.id },
    });
    expect(completed.status).toBe(200);

    // The export: the code and what it took off beside the price and the total paid.
    const exported = await call(api, 'GET', `/api/orders?format=csv&q=${placed.body.orderId}`, {
      token: admin.token,
    });
    const rows = parse(exported.text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toEqual([
      expect.objectContaining({
        'Order ID': placed.body.orderId,
        Price: '24.50',
        'Promo code': text,
        Discount: '3.68',
        'Processing fee': '0.00',
        Total: '20.82',
        'Payment status': 'Paid',
      }),
    ]);

    // Revenue counts what was paid; the discount given is beside it.
    const today = new Date().toISOString().slice(0, 10);
    const stats = await callEndpoint(api, contract.stats.overTime, {
      token: admin.token,
      query: { from: today, to: today },
    });
    expect(stats.body.points[0]?.revenue).toEqual([
      { currency: 'USD', paid: '20.82', refunded: '0.00', net: '20.82', discount: '3.68' },
    ]);
  });

  it('prices an item order with a code for that item', async () => {
    const text = fresh('item');
    await createCode({ code: text, percent: 10, appliesTo: { packageIds: [], itemIds: [itemId] } });
    const placed = await itemOrder(buyer, text);
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ promoCode: text, discount: '1.90', totalPrice: '17.10' });
    // Without a code (or with an empty field) an order is as it always was.
    const plain = await callEndpoint(api, contract.itemOrders.create, {
      token: buyer.token,
      body: { itemId, ...billing, promoCode: '' },
    });
    expect(plain.body.totalPrice).toBe('19.00');
    expect(plain.body).not.toHaveProperty('promoCode');
    expect(plain.body).not.toHaveProperty('discount');
  });

  it('refuses a code that cannot be used, saying why, in the quote and the order alike', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const codes = {
      expired: (await createCode({ code: fresh('old'), expiresAt: past })).code,
      paused: (await createCode({ code: fresh('paused') })).code,
      usedUp: (await createCode({ code: fresh('once'), maxUses: 1 })).code,
      itemOnly: (
        await createCode({
          code: fresh('itemonly'),
          appliesTo: { packageIds: [], itemIds: [itemId] },
        })
      ).code,
      free: (await createCode({ code: fresh('free'), percent: 100 })).code,
      wholePrice: (
        await createCode({
          code: fresh('dollar'),
          kind: 'fixed',
          amount: 1,
          currency: 'USD',
        } as CodeBody)
      ).code,
    };
    const pausedId = (await codesInDb().findOne({ code: codes.paused }))?._id.toHexString() ?? '';
    await callEndpoint(api, contract.promoCodes.pause, {
      token: admin.token,
      params: { id: pausedId },
    });
    expect((await packageOrder(other, codes.usedUp)).status).toBe(201);
    const ordersBefore = await ordersInDb().countDocuments();
    const usesBefore = await codesInDb().find().project({ code: 1, uses: 1 }).toArray();

    const cases = [
      [codes.expired, 'pro', 409, 'This code has expired.'],
      [codes.paused, 'pro', 409, 'This code is paused.'],
      [codes.usedUp, 'pro', 409, 'This code has been used up.'],
      [codes.itemOnly, 'pro', 422, 'This code is not valid for this product.'],
      [
        codes.free,
        'pro',
        422,
        'This code would bring the total below the minimum payment of 0.01.',
      ],
      [
        codes.wholePrice,
        'cheap',
        422,
        'This code would bring the total below the minimum payment of 0.01.',
      ],
      ['NO-SUCH-CODE', 'pro', 404, 'Unknown promo code.'],
    ] as const;
    for (const [code, which, status, message] of cases) {
      const quoted = await quote(buyer, { code, packageId: packages[which] });
      const ordered = await packageOrder(buyer, code, which);
      expect([code, quoted.status, quoted.error?.message]).toEqual([code, status, message]);
      expect([code, ordered.status, ordered.error?.message]).toEqual([code, status, message]);
    }
    // The same code is fine on a product it fits.
    expect((await quote(buyer, { code: codes.wholePrice, packageId: packages.pro })).status).toBe(
      200,
    );
    expect(await ordersInDb().countDocuments()).toBe(ordersBefore);
    expect(await codesInDb().find().project({ code: 1, uses: 1 }).toArray()).toEqual(usesBefore);
  });

  it('lets each buyer use a once-per-buyer code once', async () => {
    const text = fresh('welcome');
    await createCode({ code: text, oncePerBuyer: true });
    const first = await packageOrder(buyer, text);
    expect(first.status).toBe(201);
    const again = await packageOrder(buyer, text, 'cheap');
    expect([again.status, again.error?.message]).toEqual([409, 'You have already used this code.']);
    const quoted = await quote(buyer, { code: text, packageId: packages.pro });
    expect(quoted.error?.message).toBe('You have already used this code.');
    expect((await packageOrder(other, text)).status).toBe(201);
    expect((await codesInDb().findOne({ code: text }))?.uses).toBe(2);
  });
});

describe('guessing codes', () => {
  it('holds a buyer who tried ten unknown codes in an hour: every code they enter then waits, a real one too', async () => {
    const guesser = await signUp(api, 'guesser');
    const real = (await createCode({ code: fresh('real') })).code;
    // A code that exists but cannot be used is no guess.
    const expired = await createCode({ code: fresh('gone'), expiresAt: '2020-01-01T00:00:00Z' });
    expect((await quote(guesser, { code: expired.code, packageId: packages.pro })).status).toBe(
      409,
    );
    const guesses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const guess =
        attempt % 2 === 0
          ? quote(guesser, { code: fresh('guess'), packageId: packages.pro })
          : packageOrder(guesser, fresh('guess'));
      guesses.push((await guess).status);
    }
    expect(guesses).toEqual(Array(10).fill(404));

    const ordersBefore = await ordersInDb().countDocuments();
    const refusal = 'Too many unknown promo codes tried. Please try again later.';
    const held = await quote(guesser, { code: real, packageId: packages.pro });
    expect([held.status, held.error?.message]).toEqual([429, refusal]);
    // Until the hour that began with the first guess is over.
    expect(Number(held.headers.get('retry-after'))).toBeGreaterThan(3_000);
    expect(Number(held.headers.get('retry-after'))).toBeLessThanOrEqual(3_600);
    const ordered = await packageOrder(guesser, real);
    expect([ordered.status, ordered.error?.message]).toEqual([429, refusal]);
    expect(await ordersInDb().countDocuments()).toBe(ordersBefore);
    expect((await codesInDb().findOne({ code: real }))?.uses).toBe(0);
    // Buying without a code still works, and other buyers are not held.
    expect((await packageOrder(guesser)).status).toBe(201);
    expect((await quote(other, { code: real, packageId: packages.pro })).status).toBe(200);
  });
  it('holds every buyer of a network whose buyers together tried too many unknown codes', async () => {
    const netAdmin = `net-admin-${unique()}@coldmail.test`;
    const limited = await startTestApi({
      ADMIN_EMAILS: netAdmin,
      PROMO_CODE_NETWORK_GUESSES_PER_HOUR: '3',
    });
    try {
      const adminOf = await signUp(limited, 'network-admin', { email: netAdmin });
      const pkg = await callEndpoint(limited, contract.packages.add, {
        token: adminOf.token,
        body: { packageName: 'Net', price: 10, credit: 10, validity: 30 },
      });
      expect(pkg.status).toBe(201);
      const [first, second, third] = await Promise.all(
        ['net-a', 'net-b', 'net-c'].map((name) => signUp(limited, name)),
      );
      const quoteOn = (persona: Persona, code: string) =>
        callEndpoint(limited, contract.promoCodes.quote, {
          token: persona.token,
          body: { code, packageId: pkg.body._id },
        });
      // Three accounts, one guess each (each far under its own limit of ten).
      const guesses = [];
      for (const persona of [first!, second!, first!]) {
        guesses.push((await quoteOn(persona, fresh('guess'))).status);
      }
      expect(guesses).toEqual([404, 404, 404]);
      const held = await quoteOn(third!, fresh('guess'));
      expect([held.status, held.error?.message]).toEqual([
        429,
        'Too many unknown promo codes tried. Please try again later.',
      ]);
    } finally {
      await limited.close();
    }
  });
});

describe('uses of a code', () => {
  it('go to exactly one of the buyers racing for the last one', async () => {
    const text = fresh('last');
    const code = await createCode({ code: text, maxUses: 1 });
    const racers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => signUp(api, `racer-${index}`)),
    );
    const answers = await Promise.all(racers.map((racer) => packageOrder(racer, text)));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(
      answers.filter((answer) => answer.status === 409).map((answer) => answer.error?.message),
    ).toEqual(Array(7).fill('This code has been used up.'));
    expect((await storedCode(code._id))?.uses).toBe(1);
    expect(await ordersInDb().countDocuments({ 'promo.code': text })).toBe(1);
  });

  it('go once to a buyer racing themselves for a once-per-buyer code', async () => {
    const text = fresh('twice');
    const code = await createCode({ code: text, oncePerBuyer: true });
    const racer = await signUp(api, 'self-racer');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => packageOrder(racer, text, 'cheap')),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(new Set(answers.flatMap((answer) => answer.error?.message ?? []))).toEqual(
      new Set(['You have already used this code.']),
    );
    expect((await storedCode(code._id))?.uses).toBe(1);
  });

  it('are given back when a pending order is deleted', async () => {
    const text = fresh('back');
    const code = await createCode({ code: text, maxUses: 1, oncePerBuyer: true });
    const held = await packageOrder(buyer, text);
    expect(held.status).toBe(201);
    expect((await packageOrder(other, text)).error?.message).toBe('This code has been used up.');

    const deleted = await callEndpoint(api, contract.packageOrders.delete, {
      token: admin.token,
      params: { id: held.body._id },
    });
    expect(deleted.status).toBe(200);
    expect((await storedCode(code._id))?.uses).toBe(0);
    // Given back to the code, and to the buyer of a once-per-buyer code.
    expect((await quote(buyer, { code: text, packageId: packages.pro })).status).toBe(200);
    expect((await packageOrder(other, text)).status).toBe(201);
    expect((await storedCode(code._id))?.uses).toBe(1);
  });

  it('are given back when a pending order expires unpaid, and kept once it is paid', async () => {
    const text = fresh('expiry');
    const code = await createCode({ code: text });
    const [abandoned, paid] = [await packageOrder(buyer, text), await packageOrder(other, text)];
    expect((await storedCode(code._id))?.uses).toBe(2);
    // The paid one: a verified capture.
    const created = await callEndpoint(api, contract.payments.createPaypalOrder, {
      token: other.token,
      body: { orderId: paid.body._id, kind: 'package' },
    });
    await paypal.approve(created.body.id);
    await callEndpoint(api, contract.payments.completePackage, {
      token: other.token,
      params: { id: paid.body._id },
      body: { paypalOrderId: created.body.id },
    });
    // Both placed long ago, the abandoned one untouched since.
    const longAgo = new Date(Date.now() - api.config.pendingOrderMs - 60_000);
    await ordersInDb().updateOne(
      { _id: new mongo.ObjectId(abandoned.body._id) },
      { $set: { updatedAt: longAgo } },
    );
    await api.db
      .collection('promoRedemptions')
      .updateMany({ codeId: new mongo.ObjectId(code._id) }, { $set: { at: longAgo } });

    expect(await api.app.get(RecoverySweepService).runOnce()).toBe(true);

    expect(await ordersInDb().countDocuments({ 'promo.code': text })).toBe(1);
    expect((await storedCode(code._id))?.uses).toBe(1);
    const kept = await api.db
      .collection('promoRedemptions')
      .find({ codeId: new mongo.ObjectId(code._id) })
      .toArray();
    expect(kept).toEqual([
      expect.objectContaining({ orderId: new mongo.ObjectId(paid.body._id), settled: true }),
    ]);
    // A second sweep gives nothing back twice.
    expect(await api.app.get(RecoverySweepService).runOnce()).toBe(true);
    expect((await storedCode(code._id))?.uses).toBe(1);
  });

  it('outlive their code: an order keeps its discount when the code is deleted', async () => {
    const text = fresh('gone');
    const code = await createCode({ code: text });
    const placed = await packageOrder(buyer, text);
    await callEndpoint(api, contract.promoCodes.delete, {
      token: admin.token,
      params: { id: code._id },
    });
    const read = await callEndpoint(api, contract.packageOrders.get, {
      token: buyer.token,
      params: { id: placed.body._id },
    });
    expect(read.body).toMatchObject({ promoCode: text, discount: '3.68', totalPrice: '20.82' });
    const deleted = await callEndpoint(api, contract.packageOrders.delete, {
      token: admin.token,
      params: { id: placed.body._id },
    });
    expect(deleted.status).toBe(200);
    expect(await codesInDb().countDocuments({ code: text })).toBe(0);
  });
});
