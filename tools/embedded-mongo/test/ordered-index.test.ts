import { Double, Int32, type Collection as DriverCollection, type Db, type Filter } from 'mongodb';
import { Collection } from '../src/catalog/collection';
import { parseSortSpec } from '../src/query/sort';
import { startTestServer, type Loose, type TestServer } from './support/harness';

/**
 * Sorted reads served from an index's order must answer exactly what the scan-and-sort path
 * answers: each query runs on a collection with the indexes and on a copy without any.
 */
let t: TestServer;
let db: Db;

beforeAll(async () => {
  t = await startTestServer();
  db = t.client.db('ordered');
});
afterAll(() => t.close());

/** Varied on purpose: mixed number types, ties, missing fields, nulls, dates, strings. */
function documents(count: number): Loose[] {
  return Array.from({ length: count }, (_, index) => {
    const doc: Loose = {
      _id: index,
      group: ['a', 'b', 'c'][index % 3],
      at: new Date(1_700_000_000_000 + ((index * 7919) % 97) * 1000),
      score: index % 4 === 0 ? new Double((index % 11) + 0.5) : new Int32(index % 11),
      name: `n${(index * 31) % 50}`,
    };
    if (index % 13 === 0) delete doc['at'];
    if (index % 17 === 0) doc['group'] = null;
    return doc;
  });
}

async function pair(name: string, indexes: Loose[]) {
  const indexed = db.collection<Loose>(`${name}_indexed`);
  const plain = db.collection<Loose>(`${name}_plain`);
  for (const key of indexes) await indexed.createIndex(key);
  const docs = documents(300);
  await indexed.insertMany(docs);
  await plain.insertMany(docs);
  return { indexed, plain };
}

async function expectSameAnswers(
  indexed: DriverCollection<Loose>,
  plain: DriverCollection<Loose>,
  queries: [Filter<Loose>, Loose, number, number][],
) {
  for (const [filter, sort, skip, limit] of queries) {
    const read = (c: DriverCollection<Loose>) =>
      c.find(filter).sort(sort).skip(skip).limit(limit).toArray();
    expect({ filter, sort, skip, limit, docs: await read(indexed) }).toEqual({
      filter,
      sort,
      skip,
      limit,
      docs: await read(plain),
    });
  }
}

const QUERIES: [Filter<Loose>, Loose, number, number][] = [
  [{}, { at: -1, _id: -1 }, 0, 5],
  [{}, { at: 1, _id: 1 }, 0, 5],
  [{}, { at: -1, _id: -1 }, 40, 10],
  [{}, { at: -1, _id: -1 }, 0, 0],
  [{ score: { $gte: 5 } }, { at: -1, _id: -1 }, 3, 7],
  [{ group: 'b' }, { at: -1, _id: -1 }, 0, 5],
  [{ group: 'b' }, { at: 1, _id: 1 }, 2, 5],
  [{ group: null }, { at: -1, _id: -1 }, 0, 50],
  [{ group: 'c', score: 3 }, { at: -1, _id: -1 }, 0, 10],
  [{ group: { $in: ['a', 'c'] } }, { at: -1, _id: -1 }, 0, 10],
  [{ score: 3 }, { score: -1, name: 1 }, 0, 10],
  [{}, { name: 1 }, 0, 10],
  [{}, { name: -1, _id: -1 }, 5, 10],
  [{ _id: { $in: [3, 4, 5, 60] } }, { at: -1, _id: -1 }, 0, 2],
];

describe('sorted reads from an index', () => {
  test('answer what a full sort answers, in both directions, with skip, limit and filters', async () => {
    const { indexed, plain } = await pair('reads', [
      { at: -1, _id: -1 },
      { group: 1, at: -1, _id: -1 },
      { name: 1 },
    ]);
    await expectSameAnswers(indexed, plain, QUERIES);
  });

  test('follow inserts, updates of the sorted fields and deletes', async () => {
    const { indexed, plain } = await pair('writes', [
      { at: -1, _id: -1 },
      { group: 1, at: -1, _id: -1 },
    ]);
    // Read first: an index's order is built by the first sorted read, then kept up to date.
    await expectSameAnswers(indexed, plain, QUERIES);
    for (const c of [indexed, plain]) {
      await c.updateMany({ score: 3 }, { $set: { at: new Date(1_800_000_000_000) } });
      await c.updateMany({ name: 'n7' }, { $unset: { at: '' }, $set: { group: 'c' } });
      await c.deleteMany({ score: 5 });
      await c.insertOne({ _id: 1000, group: 'b', at: new Date(1_750_000_000_000) });
      await c.findOneAndUpdate(
        { group: 'b' },
        { $set: { group: 'a' } },
        { sort: { at: -1, _id: -1 } },
      );
    }
    await expectSameAnswers(indexed, plain, QUERIES);
  });

  test('an index over a field that becomes an array falls back to sorting, still right', async () => {
    const { indexed, plain } = await pair('multikey', [{ at: -1, _id: -1 }]);
    await expectSameAnswers(indexed, plain, QUERIES);
    for (const c of [indexed, plain]) {
      await c.updateOne(
        { _id: 8 },
        { $set: { at: [new Date(1_600_000_000_000), new Date(1_900_000_000_000)] } },
      );
    }
    await expectSameAnswers(indexed, plain, QUERIES);
  });

  test('survive a restart (the order is rebuilt from the data on disk)', async () => {
    const restarted = await startTestServer();
    const read = (server: TestServer, name: string) =>
      server.client
        .db('ordered')
        .collection<Loose>(name)
        .find({})
        .sort({ at: -1, _id: -1 })
        .limit(10)
        .toArray();
    for (const name of ['restart_indexed', 'restart_plain']) {
      const c = restarted.client.db('ordered').collection<Loose>(name);
      if (name.endsWith('indexed')) await c.createIndex({ at: -1, _id: -1 });
      await c.insertMany(documents(100));
      await c.find({}).sort({ at: -1, _id: -1 }).limit(1).toArray();
      await c.deleteOne({ _id: 4 });
    }
    await restarted.close(true);
    const again = await startTestServer({ dbPath: restarted.dbPath });
    try {
      expect(await read(again, 'restart_indexed')).toEqual(await read(again, 'restart_plain'));
    } finally {
      await again.close();
    }
  });
});

describe('which sorts an index gives', () => {
  const collection = () => {
    const c = new Collection('db', 'orders', {});
    c.addIndex({ v: 2, key: { createdAt: -1, _id: -1 }, name: 'createdAt_-1__id_-1' });
    c.addIndex({ v: 2, key: { email: 1, createdAt: -1, _id: -1 }, name: 'email' });
    c.addIndex({ v: 2, key: { status: 1 }, name: 'status_1' });
    c.addIndex({ v: 2, key: { code: 1 }, name: 'code_1', unique: true });
    return c;
  };
  const ordered = (filter: Loose, sort: Loose) =>
    collection().candidates(filter, parseSortSpec(sort)).inOrder;

  test.each<[Loose, Loose]>([
    [{}, { createdAt: -1, _id: -1 }],
    [{}, { createdAt: 1, _id: 1 }],
    [{ email: 'a@x' }, { createdAt: -1, _id: -1 }],
    [{ email: { $in: ['a@x', 'b@x'] } }, { createdAt: -1, _id: -1 }],
    [{ email: { $eq: 'a@x' } }, { createdAt: 1, _id: 1 }],
    [{}, { code: 1 }],
    [{}, { status: 1, _id: 1 }],
  ])('reads %j sorted by %j in index order', (filter, sort) => {
    expect(ordered(filter, sort)).toBe(true);
  });

  test.each<[Loose, Loose]>([
    // Ties would be ordered differently from a stable sort: not a total order.
    [{}, { createdAt: -1 }],
    [{}, { status: 1 }],
    // Mixed directions, or a tie order against the index's.
    [{}, { createdAt: -1, _id: 1 }],
    [{}, { status: 1, _id: -1 }],
    // Not the index's fields, or not from its start.
    [{}, { _id: -1, createdAt: -1 }],
    // A hash lookup narrows better.
    [{ status: 'paid' }, { createdAt: -1, _id: -1 }],
    [
      { status: 'paid', _id: 3 },
      { createdAt: -1, _id: -1 },
    ],
    [{ code: 'X1' }, { createdAt: -1, _id: -1 }],
  ])('sorts %j by %j itself', (filter, sort) => {
    expect(ordered(filter, sort)).toBe(false);
  });
});
