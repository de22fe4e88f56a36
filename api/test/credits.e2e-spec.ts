import { contract, type BodyOf, type CreditHistory, type QueryOf } from '@coldmail/contracts';
import { HttpException } from '@nestjs/common';
import { mongo } from 'mongoose';
import { CreditsService } from '../src/credits/credits.service';
import {
  call,
  callEndpoint,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from './support/test-api';

type ErrorBody = { statusCode: number; message: string; fieldErrors?: Record<string, string> };

let api: TestApi;
let admin: Persona;
let other: Persona;
const adminEmail = `admin-${unique()}@coldmail.test`;

const users = () => api.db.collection('users');
const creditEntries = () => api.db.collection('creditEntries');
const credits = () => api.app.get(CreditsService);
const storedUser = (persona: Persona) => users().findOne({ userEmail: persona.email });
const balanceOf = async (persona: Persona) => (await storedUser(persona))?.currentBalance as number;
/** A user's entries, in the order they were applied. */
const entriesOf = (persona: Persona) =>
  creditEntries().find({ userEmail: persona.email }).sort({ sequence: 1 }).toArray();
const reference = (label: string) => `${label}-${unique()}`;

/** A new signed-up user who bought `credits` (through the ledger, as a paid order does). */
async function userWithCredits(label: string, credits: number): Promise<Persona> {
  const persona = await signUp(api, label);
  if (credits > 0) {
    await api.app.get(CreditsService).creditPurchase(persona.id, reference('order'), credits);
  }
  return persona;
}

/**
 * The user's record once no change is under way. A one-write debit releases its hold just after
 * its entry is written (its `settled`), so the release may still be on its way: up to 2 s.
 */
async function settledUser(persona: Persona) {
  for (let waited = 0; ; waited += 20) {
    const user = await storedUser(persona);
    if (Object.keys(user?.pendingCreditChanges ?? {}).length === 0 || waited >= 2000) return user;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The ledger explains the balance: oldest first, each entry's balanceAfter is the previous one
 * plus its delta, numbered 1, 2, 3..., ending at the balance, and nothing is left under way.
 */
async function expectLedgerExplainsBalance(persona: Persona) {
  const [entries, user] = await Promise.all([entriesOf(persona), settledUser(persona)]);
  let running = 0;
  entries.forEach((entry, index) => {
    expect(entry).toMatchObject({ status: 'applied', sequence: index + 1 });
    running += entry.delta as number;
    expect(entry.balanceAfter).toBe(running);
  });
  expect(user?.currentBalance).toBe(running);
  expect(Object.keys(user?.pendingCreditChanges ?? {})).toEqual([]);
  return entries;
}

function expectHttpError(error: unknown, status: number, message?: string) {
  expect(error).toBeInstanceOf(HttpException);
  expect((error as HttpException).getStatus()).toBe(status);
  if (message) expect((error as HttpException).message).toBe(message);
}

beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: adminEmail });
  admin = await signUp(api, 'admin', { email: adminEmail });
  other = await signUp(api, 'other');
});

afterAll(async () => {
  await api?.close();
});

describe('debits for generations', () => {
  it('200 parallel debits of 1 against 50 credits: exactly 50 succeed and the balance ends at 0', async () => {
    const spender = await userWithCredits('spender', 50);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () => credits().debitGeneration(spender.id, reference('gen'))),
    );

    const succeeded = results.filter((result) => result.status === 'fulfilled');
    const refused = results.flatMap((result) => (result.status === 'rejected' ? [result] : []));
    expect(succeeded).toHaveLength(50);
    expect(refused).toHaveLength(150);
    for (const { reason } of refused) {
      expectHttpError(
        reason,
        402,
        'Insufficient credits. You need at least 1 credit to generate an email template.',
      );
    }
    expect(await balanceOf(spender)).toBe(0);
    const entries = await expectLedgerExplainsBalance(spender);
    const debits = entries.filter((entry) => entry.reason === 'generation');
    expect(debits).toHaveLength(50);
    expect(debits.map((entry) => entry.balanceAfter)).toEqual(
      Array.from({ length: 50 }, (_, index) => 49 - index),
    );
    expect(await creditEntries().countDocuments({ userEmail: spender.email })).toBe(51);
    // About 1,200 round trips to the one-process embedded database: more than the default
    // 30 s allow on a busy two-core machine. A limit, not a measurement.
  }, 120_000);

  it('a debit the balance cannot cover changes nothing, and may go ahead once credits are bought', async () => {
    const poor = await userWithCredits('poor', 1);
    const generation = reference('gen');
    const error = await credits()
      .debitGeneration(poor.id, generation, 2)
      .catch((caught: unknown) => caught);
    expectHttpError(
      error,
      402,
      'Insufficient credits. You need at least 2 credits to generate an email template.',
    );
    expect(await balanceOf(poor)).toBe(1);
    expect(await creditEntries().findOne({ reference: generation })).toBeNull();

    await credits().creditPurchase(poor.id, reference('order'), 5);
    const debited = await credits().debitGeneration(poor.id, generation, 2);
    expect(debited).toMatchObject({ delta: -2, balanceAfter: 4, alreadyApplied: false });
    await expectLedgerExplainsBalance(poor);
  });

  it('takes one credit for 20 concurrent debits of the same generation', async () => {
    const repeater = await userWithCredits('repeater', 5);
    const generation = reference('gen');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => credits().debitGeneration(repeater.id, generation)),
    );
    expect(new Set(results.map((result) => result.entryId)).size).toBe(1);
    expect(results.filter((result) => !result.alreadyApplied)).toHaveLength(1);
    expect(results.map((result) => result.balanceAfter)).toEqual(Array(20).fill(4));
    expect(await balanceOf(repeater)).toBe(4);
    await expectLedgerExplainsBalance(repeater);
  });

  it("debits a new generation in one write, never below zero, and records each debit's entry", async () => {
    const writer = await userWithCredits('one-write', 30);
    const debits = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        credits().startGenerationDebit(writer.id, new mongo.ObjectId().toHexString()),
      ),
    );
    const applied = debits.flatMap((debit) => (debit.status === 'fulfilled' ? [debit.value] : []));
    expect(applied).toHaveLength(30);
    for (const refused of debits.filter((debit) => debit.status === 'rejected')) {
      expectHttpError(
        refused.reason,
        402,
        'Insufficient credits. You need at least 1 credit to generate an email template.',
      );
    }
    // Each answer is the balance its own debit left, as the ledger numbers them.
    expect(applied.map((debit) => debit.balanceAfter).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, index) => index),
    );
    await Promise.all(applied.map((debit) => debit.settled));
    expect(await balanceOf(writer)).toBe(0);
    await expectLedgerExplainsBalance(writer);
  });

  it('refunds a generation once, and only one this user was debited for', async () => {
    const refunded = await userWithCredits('refunded', 3);
    const generation = reference('gen');
    await credits().debitGeneration(refunded.id, generation);
    expect(await credits().refundGeneration(other.id, generation)).toBeNull();
    expect(await credits().refundGeneration(refunded.id, reference('gen'))).toBeNull();

    const [first, second] = await Promise.all([
      credits().refundGeneration(refunded.id, generation),
      credits().refundGeneration(refunded.id, generation),
    ]);
    expect(first?.entryId).toBe(second?.entryId);
    expect([first?.alreadyApplied, second?.alreadyApplied].sort()).toEqual([false, true]);
    expect(await balanceOf(refunded)).toBe(3);
    const entries = await expectLedgerExplainsBalance(refunded);
    expect(entries.map((entry) => [entry.reason, entry.delta])).toEqual([
      ['purchase', 3],
      ['generation', -1],
      ['generation-refund', 1],
    ]);
  });
});

describe('idempotency', () => {
  it('the same purchase twice is one entry; the second call answers the first outcome', async () => {
    const buyer = await signUp(api, 'buyer');
    const order = reference('order');
    const first = await credits().creditPurchase(buyer.id, order, 30);
    await credits().debitGeneration(buyer.id, reference('gen'));
    const second = await credits().creditPurchase(buyer.id, order, 30);
    expect(first).toMatchObject({ delta: 30, balanceAfter: 30, alreadyApplied: false });
    expect(second).toEqual({ ...first, alreadyApplied: true });
    expect(await balanceOf(buyer)).toBe(29);
    expect(await creditEntries().countDocuments({ reason: 'purchase', reference: order })).toBe(1);
  });

  it('answers null for a buyer without a record, writing nothing', async () => {
    const order = reference('order');
    expect(await credits().creditPurchase(new mongo.ObjectId().toHexString(), order, 5)).toBeNull();
    expect(await creditEntries().findOne({ reference: order })).toBeNull();
  });
});

describe('payment reversals', () => {
  it('take what there is, never below zero, and record the shortfall', async () => {
    const reversed = await userWithCredits('reversed', 3);
    const refund = reference('refund');
    const taken = await credits().reversePayment(reversed.id, refund, 10);
    expect(taken).toMatchObject({ delta: -3, balanceAfter: 0, alreadyApplied: false });
    expect(await creditEntries().findOne({ reference: refund })).toMatchObject({
      reason: 'payment-reversal',
      requestedDelta: -10,
      delta: -3,
      shortfall: 7,
    });
    expect(await credits().reversePayment(reversed.id, refund, 10)).toMatchObject({
      alreadyApplied: true,
    });
    expect(await balanceOf(reversed)).toBe(0);
    await expectLedgerExplainsBalance(reversed);
  });

  it('take nothing from a negative balance', async () => {
    const indebted = await signUp(api, 'indebted');
    await credits().adjustByAdmin(
      indebted.id,
      { from: 0, to: -2 },
      { userId: admin.id, email: admin.email },
    );
    const taken = await credits().reversePayment(indebted.id, reference('refund'), 5);
    expect(taken).toMatchObject({ delta: 0, balanceAfter: -2 });
    expect(await balanceOf(indebted)).toBe(-2);
  });
});

describe('PUT /api/users/:id with a new balance (admin)', () => {
  const edit = (persona: Persona, body: BodyOf<typeof contract.users.adminUpdate>) =>
    callEndpoint(api, contract.users.adminUpdate, {
      token: admin.token,
      params: { id: persona.id },
      body,
    });

  it('is an admin-adjustment entry: who, the old balance and the new one', async () => {
    const target = await userWithCredits('adjusted', 5);
    const response = await edit(target, {
      userName: 'Adjusted',
      currentBalance: 12,
      previousBalance: 5,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ userName: 'Adjusted', currentBalance: 12 });
    const [, adjustment] = await expectLedgerExplainsBalance(target);
    expect(adjustment).toMatchObject({
      reason: 'admin-adjustment',
      reference: expect.stringMatching(new RegExp(`^${admin.id}:[0-9a-f]{24}$`)),
      delta: 7,
      balanceAfter: 12,
      adjustment: {
        byUserId: new mongo.ObjectId(admin.id),
        byEmail: admin.email,
        oldBalance: 5,
        newBalance: 12,
      },
    });
  });

  it('refuses an edit made on a stale balance with 409 and saves nothing', async () => {
    const target = await userWithCredits('stale', 5);
    await credits().debitGeneration(target.id, reference('gen'));
    const before = await storedUser(target);
    const response = await edit(target, {
      userName: 'Never saved',
      currentBalance: 20,
      previousBalance: 5,
    });
    expect(response.status).toBe(409);
    expect(response.error?.message).toBe(
      'The balance changed to 4 meanwhile, so nothing was saved. Reload and try again.',
    );
    expect(await storedUser(target)).toEqual(before);
    expect(await creditEntries().countDocuments({ userEmail: target.email })).toBe(2);
  });

  it('writes no entry when the balance the admin sends is the one they saw', async () => {
    const target = await userWithCredits('unchanged', 5);
    await credits().debitGeneration(target.id, reference('gen'));
    const response = await edit(target, {
      userName: 'Renamed',
      currentBalance: 5,
      previousBalance: 5,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ userName: 'Renamed', currentBalance: 4 });
    expect(await creditEntries().countDocuments({ userEmail: target.email })).toBe(2);
  });

  it('answers 404 for an unknown user, writing nothing', async () => {
    const unknownId = new mongo.ObjectId().toHexString();
    const response = await callEndpoint(api, contract.users.adminUpdate, {
      token: admin.token,
      params: { id: unknownId },
      body: { currentBalance: 3, previousBalance: 0 },
    });
    expect(response.status).toBe(404);
    expect(await creditEntries().findOne({ userId: new mongo.ObjectId(unknownId) })).toBeNull();
  });
});

describe('the demo seed', () => {
  it('gives its starting balance once, as an adjustment by nobody', async () => {
    const demo = await signUp(api, 'demo');
    expect(await credits().seedDemoBalance(demo.email, 10)).toBe('applied');
    await credits().debitGeneration(demo.id, reference('gen'));
    expect(await credits().seedDemoBalance(demo.email, 10)).toBe('already-applied');
    expect(await balanceOf(demo)).toBe(9);
    const [seeded] = await expectLedgerExplainsBalance(demo);
    expect(seeded).toMatchObject({
      reason: 'admin-adjustment',
      reference: `seed:${demo.email}`,
      adjustment: { byUserId: null, byEmail: null, oldBalance: 0, newBalance: 10 },
    });
  });

  it('adds nothing to a balance that is no longer 0', async () => {
    const demo = await userWithCredits('demo-bought', 4);
    expect(await credits().seedDemoBalance(demo.email, 10)).toBe('conflict');
    expect(await balanceOf(demo)).toBe(4);
  });
});

describe('recovery of a change a stopped process left half done', () => {
  const personas: Record<
    'undecided' | 'decided' | 'recorded' | 'refused' | 'lazy' | 'orphans' | 'carried',
    Persona
  > = {} as never;
  const ids: Record<
    'undecided' | 'decided' | 'refused' | 'oldOrphan' | 'freshOrphan' | 'carried',
    string
  > = {} as never;

  /** What steps 1 and 2 leave: a hold on the user and a pending entry. */
  async function pendingChange(
    persona: Persona,
    change: { reason: string; reference: string; requestedDelta: number },
    hold: object = { heldAt: new Date() },
  ): Promise<string> {
    const id = new mongo.ObjectId();
    const user = await storedUser(persona);
    await users().updateOne(
      { _id: user?._id },
      { $set: { [`pendingCreditChanges.${id.toHexString()}`]: hold } },
    );
    await creditEntries().insertOne({
      _id: id,
      userId: user?._id,
      userEmail: persona.email,
      ...change,
      status: 'pending',
      createdAt: new Date(),
    });
    return id.toHexString();
  }

  const restart = async () => (await startTestApi({}, { sameDatabaseAs: api })).close();

  beforeAll(async () => {
    const [undecided, decided, recorded, refused, lazy, orphans, carried] = await Promise.all(
      ['undecided', 'decided', 'recorded', 'refused', 'lazy', 'orphans', 'carried'].map((label) =>
        signUp(api, label),
      ),
    );
    Object.assign(personas, { undecided, decided, recorded, refused, lazy, orphans, carried });

    // Stopped after step 2: nothing decided yet.
    ids.undecided = await pendingChange(undecided!, {
      reason: 'purchase',
      reference: reference('order'),
      requestedDelta: 7,
    });
    // Stopped after step 3: the balance moved and the hold says so; the entry is still pending.
    const decidedAt = new Date();
    ids.decided = await pendingChange(
      decided!,
      { reason: 'purchase', reference: reference('order'), requestedDelta: 7 },
      { heldAt: decidedAt, delta: 7, outcome: 'applied', balanceAfter: 7, sequence: 1, decidedAt },
    );
    await users().updateOne(
      { userEmail: decided!.email },
      { $set: { currentBalance: 7, creditSequence: 1 } },
    );
    // Stopped after step 4: the entry is recorded, the hold was never released.
    const recordedId = await pendingChange(
      recorded!,
      { reason: 'purchase', reference: reference('order'), requestedDelta: 3 },
      { heldAt: decidedAt, delta: 3, outcome: 'applied', balanceAfter: 3, sequence: 1, decidedAt },
    );
    await creditEntries().updateOne(
      { _id: new mongo.ObjectId(recordedId) },
      {
        $set: { status: 'applied', delta: 3, balanceAfter: 3, sequence: 1, appliedAt: decidedAt },
      },
    );
    await users().updateOne(
      { userEmail: recorded!.email },
      { $set: { currentBalance: 3, creditSequence: 1 } },
    );
    // Stopped after step 3 refused a debit.
    ids.refused = await pendingChange(
      refused!,
      { reason: 'generation', reference: reference('gen'), requestedDelta: -1 },
      { heldAt: decidedAt, delta: null, outcome: 'refused', balanceAfter: 0, decidedAt },
    );
    // Stopped after step 1, long ago; and a hold a live call may be about to give an entry.
    ids.oldOrphan = new mongo.ObjectId().toHexString();
    ids.freshOrphan = new mongo.ObjectId().toHexString();
    await users().updateOne(
      { userEmail: orphans!.email },
      {
        $set: {
          [`pendingCreditChanges.${ids.oldOrphan}`]: { heldAt: new Date(Date.now() - 3_600_000) },
          [`pendingCreditChanges.${ids.freshOrphan}`]: { heldAt: new Date() },
        },
      },
    );

    // A new generation's debit, decided in one write (the balance moved, the hold carries the
    // change); stopped before its entry was written.
    await credits().creditPurchase(carried!.id, reference('order'), 5);
    ids.carried = new mongo.ObjectId().toHexString();
    const generation = reference('gen');
    await users().updateOne(
      { userEmail: carried!.email },
      {
        $set: {
          currentBalance: 4,
          creditSequence: 2,
          [`pendingCreditChanges.${ids.carried}`]: {
            heldAt: decidedAt,
            delta: -1,
            outcome: 'applied',
            balanceAfter: 4,
            sequence: 2,
            decidedAt,
            change: {
              reason: 'generation',
              reference: generation,
              requestedDelta: -1,
              userEmail: carried!.email,
            },
          },
        },
      },
    );

    // Twice: the second start must find nothing left to do.
    await restart();
    await restart();
  });

  it('applies an undecided change once', async () => {
    expect(await balanceOf(personas.undecided)).toBe(7);
    const [entry] = await expectLedgerExplainsBalance(personas.undecided);
    expect(entry).toMatchObject({ _id: new mongo.ObjectId(ids.undecided), delta: 7 });
  });

  it('records a decided change without applying it again', async () => {
    expect(await balanceOf(personas.decided)).toBe(7);
    const [entry] = await expectLedgerExplainsBalance(personas.decided);
    expect(entry).toMatchObject({ _id: new mongo.ObjectId(ids.decided), balanceAfter: 7 });
  });

  it('releases the hold of a change that was recorded but not released', async () => {
    const user = await storedUser(personas.recorded);
    expect(user?.pendingCreditChanges ?? {}).toEqual({});
    expect(user?.currentBalance).toBe(3);
    await expectLedgerExplainsBalance(personas.recorded);
  });

  it('removes a refused debit and its hold, leaving the balance alone', async () => {
    expect(await creditEntries().findOne({ _id: new mongo.ObjectId(ids.refused) })).toBeNull();
    expect(await balanceOf(personas.refused)).toBe(0);
    await expectLedgerExplainsBalance(personas.refused);
  });

  it('writes the entry a one-write debit left in its hold, without debiting again', async () => {
    expect(await balanceOf(personas.carried)).toBe(4);
    const [, entry] = await expectLedgerExplainsBalance(personas.carried);
    expect(entry).toMatchObject({
      _id: new mongo.ObjectId(ids.carried),
      reason: 'generation',
      delta: -1,
      balanceAfter: 4,
    });
  });

  it('drops an old hold that never got an entry, and keeps a fresh one', async () => {
    const user = await storedUser(personas.orphans);
    expect(Object.keys(user?.pendingCreditChanges as object)).toEqual([ids.freshOrphan]);
    expect(user?.currentBalance).toBe(0);
  });

  it('is also done by the next call for the same change, which answers the first outcome', async () => {
    const order = reference('order');
    await pendingChange(personas.lazy, { reason: 'purchase', reference: order, requestedDelta: 4 });
    const [first, again] = await Promise.all([
      credits().creditPurchase(personas.lazy.id, order, 4),
      credits().creditPurchase(personas.lazy.id, order, 4),
    ]);
    expect(first).toMatchObject({ delta: 4, balanceAfter: 4, alreadyApplied: true });
    expect(again).toEqual(first);
    expect(await balanceOf(personas.lazy)).toBe(4);
    await expectLedgerExplainsBalance(personas.lazy);
  });
});

describe('GET /api/credits/history', () => {
  let holder: Persona;
  const history = (persona: Persona | null, query: QueryOf<typeof contract.credits.history> = {}) =>
    callEndpoint(api, contract.credits.history, { token: persona?.token, query });
  /** A query the contract does not allow (operators, unknown keys), as it is. */
  const historyRaw = (persona: Persona, query: string) =>
    call<CreditHistory & ErrorBody>(api, 'GET', `/api/credits/history${query}`, {
      token: persona.token,
    });

  beforeAll(async () => {
    holder = await signUp(api, 'holder');
    await credits().creditPurchase(holder.id, 'ORDER-H', 10);
    await credits().debitGeneration(holder.id, 'GEN-H');
    await credits().refundGeneration(holder.id, 'GEN-H');
    await credits().adjustByAdmin(
      holder.id,
      { from: 10, to: 3 },
      { userId: admin.id, email: admin.email },
    );
  });

  it("answers the caller's own changes, newest first", async () => {
    const response = await history(holder);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      page: 1,
      pageSize: 10,
      total: 4,
      entries: [
        {
          _id: expect.any(String),
          date: expect.any(String),
          delta: -7,
          reason: 'admin-adjustment',
          reference: expect.stringMatching(new RegExp(`^${admin.id}:`)),
          balanceAfter: 3,
        },
        expect.objectContaining({ delta: 1, reason: 'generation-refund', balanceAfter: 10 }),
        expect.objectContaining({ delta: -1, reason: 'generation', reference: 'GEN-H' }),
        expect.objectContaining({ delta: 10, reason: 'purchase', reference: 'ORDER-H' }),
      ],
    });
    expect(Date.parse(response.body.entries[0]!.date)).not.toBeNaN();
  });

  it('pages, at most 100 entries a page', async () => {
    const second = await history(holder, { page: 2, pageSize: 3 });
    expect(second.body).toMatchObject({ page: 2, pageSize: 3, total: 4 });
    expect(second.body.entries.map((entry) => entry.reason)).toEqual(['purchase']);
    expect((await history(holder, { pageSize: 100 })).status).toBe(200);
    for (const query of [{ pageSize: 101 }, { pageSize: 0 }, { page: 0 }, { page: 'x' }]) {
      expect((await history(holder, query)).status).toBe(400);
    }
  });

  it("lets an admin read anyone's, with who adjusted the balance", async () => {
    const response = await history(admin, { userId: holder.id });
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(4);
    expect(response.body.entries[0]).toMatchObject({
      reason: 'admin-adjustment',
      adjustment: { by: admin.email, oldBalance: 10, newBalance: 3 },
    });
  });

  it("refuses another user's history to a non-admin, whatever the query says", async () => {
    const refused = await history(other, { userId: holder.id });
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe('You can only read your own credit history');
    expect(refused.text).not.toContain('ORDER-H');
    const own = await history(other, { userId: other.id.toUpperCase() });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ entries: [], total: 0 });
  });

  it.each(['?userId[$ne]=x', `?userId[$ne]=${'0'.repeat(24)}`, '?userId=zzz', '?role=Admin'])(
    'answers 400 to a malformed query: %s',
    async (query) => {
      const response = await historyRaw(other, query);
      expect(response.status).toBe(400);
      expect(response.text).not.toContain('ORDER-H');
    },
  );

  it('needs sign-in', async () => {
    expect((await history(null)).status).toBe(401);
  });
});
