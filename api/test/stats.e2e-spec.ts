import { contract, type QueryOf, type Stats } from '@coldmail/contracts';
import { mongo } from 'mongoose';
import { StatsService } from '../src/stats/stats.service';
import {
  call,
  callEndpoint,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
  unique,
} from './support/test-api';

let api: TestApi;
let admin: Persona;
let buyer: Persona;
const adminEmail = `stats-admin-${unique()}@coldmail.test`;
const at = (iso: string) => new Date(iso);
const keyId = new mongo.ObjectId();

/**
 * A seeded history in March 2025 (days long over): two USD orders and one EUR order paid, the
 * EUR one refunded a day later, credits bought and spent, sign-ups, generations and failures.
 */
beforeAll(async () => {
  api = await startTestApi({ ADMIN_EMAILS: adminEmail });
  admin = await signUp(api, 'admin', { email: adminEmail });
  buyer = await signUp(api, 'buyer');
  const db = api.db;
  const order = (fields: Record<string, unknown>) => ({
    orderId: unique().slice(0, 8).toUpperCase(),
    paymentId: unique().slice(0, 8).toUpperCase(),
    kind: 'package',
    paymentStatus: 'Paid',
    ...fields,
  });
  await db.collection('orders').insertMany([
    order({ totalPrice: '19.99', currency: 'USD', paidAt: at('2025-03-03T10:00:00Z') }),
    order({ totalPrice: '5.00', currency: 'USD', paidAt: at('2025-03-04T23:59:00Z') }),
    order({
      totalPrice: '24.50',
      currency: 'EUR',
      paidAt: at('2025-03-05T08:00:00Z'),
      paymentStatus: 'Refunded',
      refund: { source: 'admin', at: at('2025-03-06T09:00:00Z') },
    }),
  ]);
  await db.collection('orders').insertOne(
    order({
      kind: 'item',
      totalPrice: '10.00',
      currency: 'USD',
      paidAt: at('2025-03-10T12:00:00Z'),
    }),
  );
  const entry = (reason: string, delta: number, iso: string) => ({
    userId: new mongo.ObjectId(),
    reason,
    reference: unique(),
    delta,
    status: 'applied',
    appliedAt: at(iso),
  });
  await db
    .collection('creditEntries')
    .insertMany([
      entry('purchase', 150, '2025-03-03T10:00:01Z'),
      entry('purchase', 20, '2025-03-04T23:59:01Z'),
      entry('generation', -1, '2025-03-04T11:00:00Z'),
      entry('generation', -1, '2025-03-04T11:05:00Z'),
      entry('generation', -1, '2025-03-11T11:05:00Z'),
      entry('generation-refund', 1, '2025-03-11T11:06:00Z'),
      entry('admin-adjustment', 500, '2025-03-04T12:00:00Z'),
    ]);
  await db.collection('users').insertMany(
    ['2025-03-03', '2025-03-03', '2025-03-12'].map((day) => ({
      userEmail: `seeded-${unique()}@coldmail.test`,
      createdAt: at(`${day}T08:00:00Z`),
    })),
  );
  await db.collection('generations').insertMany([
    { status: 'done', createdAt: at('2025-03-04T11:00:00Z') },
    { status: 'done', createdAt: at('2025-03-04T11:05:00Z') },
    { status: 'failed', createdAt: at('2025-03-11T11:05:00Z') },
  ]);
  await db.collection('geminiKeys').insertOne({ _id: keyId, name: 'Primary key' });
  await db.collection('geminiFailureDays').insertMany([
    { keyId, day: '2025-03-04', failures: 3 },
    { keyId, day: '2025-03-11', failures: 2 },
  ]);
});
afterAll(() => api.close());

const stats = (query: QueryOf<typeof contract.stats.overTime>, token = admin.token) =>
  callEndpoint(api, contract.stats.overTime, { token, query });
/** A query the contract does not allow (an unknown bucket, an operator, no start), as it is. */
const statsRaw = (query: string, token = admin.token) =>
  call<Stats & { fieldErrors?: Record<string, string> }>(api, 'GET', `/api/admin/stats?${query}`, {
    token,
  });

describe('GET /api/admin/stats', () => {
  it('answers each day of the range: revenue by currency, credits, sign-ups, generations, failures', async () => {
    const answer = await stats({ from: '2025-03-03', to: '2025-03-06', bucket: 'day' });
    expect(answer.status).toBe(200);
    expect(answer.body.points).toEqual([
      {
        start: '2025-03-03',
        revenue: [{ currency: 'USD', paid: '19.99', refunded: '0.00', net: '19.99' }],
        creditsSold: 150,
        creditsSpent: 0,
        newUsers: 2,
        generations: 0,
        geminiFailures: 0,
      },
      {
        start: '2025-03-04',
        revenue: [{ currency: 'USD', paid: '5.00', refunded: '0.00', net: '5.00' }],
        creditsSold: 20,
        creditsSpent: 2,
        newUsers: 0,
        generations: 2,
        geminiFailures: 3,
      },
      expect.objectContaining({
        start: '2025-03-05',
        revenue: [{ currency: 'EUR', paid: '24.50', refunded: '0.00', net: '24.50' }],
      }),
      expect.objectContaining({
        start: '2025-03-06',
        revenue: [{ currency: 'EUR', paid: '0.00', refunded: '24.50', net: '-24.50' }],
      }),
    ]);
    expect(answer.body.geminiFailuresByKey).toEqual([
      { keyId: keyId.toHexString(), name: 'Primary key', failures: [0, 3, 0, 0] },
    ]);
  });

  it('adds days up into ISO weeks and months', async () => {
    const weeks = await stats({ from: '2025-03-01', to: '2025-03-16', bucket: 'week' });
    expect(weeks.body.points.map((point) => point.start)).toEqual([
      '2025-03-01',
      '2025-03-03',
      '2025-03-10',
    ]);
    expect(weeks.body.points[1]).toMatchObject({
      revenue: [
        { currency: 'EUR', paid: '24.50', refunded: '24.50', net: '0.00' },
        { currency: 'USD', paid: '24.99', refunded: '0.00', net: '24.99' },
      ],
      creditsSold: 170,
      creditsSpent: 2,
      newUsers: 2,
      generations: 2,
      geminiFailures: 3,
    });
    // The generation whose credit was given back costs nothing; the failed one is not counted.
    expect(weeks.body.points[2]).toMatchObject({
      revenue: [{ currency: 'USD', paid: '10.00', refunded: '0.00', net: '10.00' }],
      creditsSpent: 0,
      newUsers: 1,
      generations: 0,
      geminiFailures: 2,
    });
    const months = await stats({ from: '2025-02-20', to: '2025-03-31', bucket: 'month' });
    expect(months.body.points).toHaveLength(2);
    expect(months.body.points[1]).toMatchObject({ creditsSold: 170, newUsers: 3 });
    // Answered again from the days kept: the same figures.
    expect((await stats({ from: '2025-02-20', to: '2025-03-31', bucket: 'month' })).body).toEqual(
      months.body,
    );
  });

  it('the recovery sweep keeps the past days ready, the latest first, a batch at a time', async () => {
    const stats = api.app.get(StatsService);
    const noon = Date.parse('2025-04-20T12:00:00Z');
    expect(await stats.keepPastDays(noon, 10)).toBe(10);
    const kept = await api.db
      .collection('statsDays')
      .countDocuments({ day: { $gte: '2025-04-10', $lte: '2025-04-19' }, final: true });
    expect(kept).toBe(10);
    // The next sweep takes the ten days before those.
    expect(await stats.keepPastDays(noon, 10)).toBe(10);
    expect(
      await api.db.collection('statsDays').countDocuments({ day: '2025-03-31', final: true }),
    ).toBe(1);
  });

  it('counts today as it happens', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const answer = await stats({ from: today, to: today });
    // The admin and the buyer signed up today (at least: other files share the database).
    expect(answer.body.points[0]?.newUsers).toBeGreaterThanOrEqual(2);
  });

  it('is for admins, and refuses a range it cannot answer', async () => {
    const range = { from: '2025-03-01', to: '2025-03-02' };
    expect((await callEndpoint(api, contract.stats.overTime, { query: range })).status).toBe(401);
    expect((await stats(range, buyer.token)).status).toBe(403);
    for (const query of [
      { from: '2025-03-05', to: '2025-03-01' },
      { from: '2020-01-01', to: '2025-01-01' },
    ]) {
      expect((await stats(query)).status).toBe(400);
    }
    for (const query of [
      'from=2025-03-01&to=2025-03-02&bucket=year',
      'from[$gt]=2025-03-01&to=2025-03-02',
      'to=2025-03-02',
    ]) {
      expect((await statsRaw(query)).status).toBe(400);
    }
  });
});
