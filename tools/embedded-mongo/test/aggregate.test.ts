import { Decimal128, Long, type Db } from 'mongodb';
import { rawCommand, startTestServer, type TestServer } from './support/harness';
import type { Loose } from './support/harness';

let t: TestServer;
let db: Db;

beforeAll(async () => {
  t = await startTestServer();
  db = t.client.db('agg');
  await db.collection<Loose>('orders').insertMany([
    {
      _id: 1,
      customer: 'ann',
      items: [
        { sku: 'a', qty: 2 },
        { sku: 'b', qty: 1 },
      ],
      total: 30,
      status: 'paid',
    },
    { _id: 2, customer: 'bob', items: [{ sku: 'a', qty: 1 }], total: 10, status: 'paid' },
    { _id: 3, customer: 'ann', items: [], total: 5, status: 'open' },
    {
      _id: 4,
      customer: 'cid',
      items: [{ sku: 'c', qty: 4 }],
      total: Long.fromNumber(40),
      status: 'paid',
    },
  ]);
  await db.collection<Loose>('customers').insertMany([
    { _id: 'ann', name: 'Ann' },
    { _id: 'bob', name: 'Bob' },
  ]);
});
afterAll(() => t.close());

const orders = () => db.collection<Loose>('orders');

test('$match, $group, $sort, $project', async () => {
  const res = await orders()
    .aggregate([
      { $match: { status: 'paid' } },
      {
        $group: {
          _id: '$customer',
          spent: { $sum: '$total' },
          n: { $sum: 1 },
          avg: { $avg: '$total' },
          ids: { $push: '$_id' },
        },
      },
      { $sort: { spent: -1 } },
      { $project: { _id: 0, customer: '$_id', spent: 1, n: 1, avg: 1, ids: 1 } },
    ])
    .toArray();
  expect(res).toEqual([
    { spent: 40, n: 1, avg: 40, ids: [4], customer: 'cid' },
    { spent: 30, n: 1, avg: 30, ids: [1], customer: 'ann' },
    { spent: 10, n: 1, avg: 10, ids: [2], customer: 'bob' },
  ]);
});

test('$unwind, $addFields, $skip, $limit, $count', async () => {
  const units = await orders()
    .aggregate([
      { $unwind: '$items' },
      { $addFields: { sku: '$items.sku', double: { $multiply: ['$items.qty', 2] } } },
      { $sort: { double: -1, _id: 1 } },
      { $skip: 1 },
      { $limit: 2 },
      { $project: { _id: 1, sku: 1, double: 1 } },
    ])
    .toArray();
  expect(units).toEqual([
    { _id: 1, sku: 'a', double: 4 },
    { _id: 1, sku: 'b', double: 2 },
  ]);
  const preserved = await orders()
    .aggregate([
      { $unwind: { path: '$items', preserveNullAndEmptyArrays: true, includeArrayIndex: 'i' } },
      { $count: 'rows' },
    ])
    .toArray();
  expect(preserved).toEqual([{ rows: 5 }]);
  expect(
    await orders()
      .aggregate([{ $match: { status: 'none' } }, { $count: 'n' }])
      .toArray(),
  ).toEqual([]);
});

test('$lookup (fields and pipeline) and $facet', async () => {
  const joined = await orders()
    .aggregate([
      { $lookup: { from: 'customers', localField: 'customer', foreignField: '_id', as: 'who' } },
      { $project: { who: '$who.name' } },
      { $sort: { _id: 1 } },
    ])
    .toArray();
  expect(joined.map((d) => d.who)).toEqual([['Ann'], ['Bob'], ['Ann'], []]);
  const piped = await db
    .collection<Loose>('customers')
    .aggregate([
      {
        $lookup: {
          from: 'orders',
          let: { c: '$_id' },
          pipeline: [
            { $match: { $expr: { $eq: ['$customer', '$$c'] } } },
            { $project: { _id: 1 } },
          ],
          as: 'orders',
        },
      },
      { $sort: { _id: 1 } },
    ])
    .toArray();
  expect(piped.map((d) => d.orders.map((o: { _id: number }) => o._id))).toEqual([[1, 3], [2]]);
  const [facets] = await orders()
    .aggregate([
      {
        $facet: {
          byStatus: [{ $group: { _id: '$status', n: { $sum: 1 } } }, { $sort: { _id: 1 } }],
          top: [{ $sort: { total: -1 } }, { $limit: 1 }, { $project: { _id: 1 } }],
        },
      },
    ])
    .toArray();
  expect(facets).toEqual({
    byStatus: [
      { _id: 'open', n: 1 },
      { _id: 'paid', n: 3 },
    ],
    top: [{ _id: 4 }],
  });
});

test('$group keeps numeric types and groups equal numbers of different types together', async () => {
  const c = db.collection<Loose>('money');
  await c.insertMany([
    { k: 1, amount: Decimal128.fromString('0.10') },
    { k: Long.fromNumber(1), amount: Decimal128.fromString('0.20') },
    { k: 2, amount: Decimal128.fromString('1') },
  ]);
  const res = await c
    .aggregate(
      [
        { $group: { _id: '$k', sum: { $sum: '$amount' }, max: { $max: '$amount' } } },
        { $sort: { _id: 1 } },
      ],
      {
        promoteValues: false,
      },
    )
    .toArray();
  expect(res.map((r) => [String(r._id), String(r.sum), String(r.max)])).toEqual([
    ['1', '0.30', '0.20'],
    ['2', '1', '1'],
  ]);
});

test('aggregate cursors batch and continue with getMore', async () => {
  const c = db.collection<Loose>('bulk');
  await c.insertMany(Array.from({ length: 300 }, (_, i) => ({ i })));
  const first = await rawCommand(t.client, 'agg', {
    aggregate: 'bulk',
    pipeline: [{ $sort: { i: -1 } }],
    cursor: { batchSize: 10 },
  });
  expect((first.cursor as { firstBatch: unknown[] }).firstBatch).toHaveLength(10);
  expect(await c.aggregate([{ $sort: { i: -1 } }]).toArray()).toHaveLength(300);
});

test('expression stages never modify the stored documents', async () => {
  const c = db.collection<Loose>('pristine');
  await c.insertOne({ _id: 1, a: { b: 1 }, arr: [1, 2] });
  await c
    .aggregate([
      { $addFields: { x: 1, 'a.c': 2 } },
      { $unset: 'a.b' },
      { $replaceRoot: { newRoot: '$a' } },
    ])
    .toArray();
  await c.updateOne({ _id: 1 }, [{ $set: { 'a.d': 3 } }, { $unset: 'arr' }]);
  expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, a: { b: 1, d: 3 } });
});

test('$literal gives its argument unevaluated, bson types kept, in stages and pipeline updates', async () => {
  const c = db.collection<Loose>('literals');
  await c.insertOne({ _id: 1, n: 5 });
  const [projected] = await c
    .aggregate([
      {
        $project: {
          path: { $literal: '$n' },
          operator: { $literal: { $add: [1, 2] } },
          decimal: { $literal: Decimal128.fromString('1.50') },
          sum: { $add: ['$n', { $literal: 1 }] },
        },
      },
    ])
    .toArray();
  expect(projected).toEqual({
    _id: 1,
    path: '$n',
    operator: { $add: [1, 2] },
    decimal: Decimal128.fromString('1.50'),
    sum: 6,
  });
  await c.updateOne({ _id: 1 }, [
    { $set: { n: { $subtract: ['$n', 1] }, hold: { delta: { $literal: -1 }, at: '$n' } } },
  ]);
  expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, n: 4, hold: { delta: -1, at: 5 } });
});
