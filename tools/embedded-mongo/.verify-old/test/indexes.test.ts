import type { Db } from 'mongodb';
import { rawCommand, startTestServer, type TestServer } from './support/harness';
import type { Loose } from './support/harness';

let t: TestServer;
let db: Db;

beforeAll(async () => {
  t = await startTestServer();
  db = t.client.db('idx');
});
afterAll(() => t.close());

describe('unique indexes', () => {
  test('duplicate key 11000 with keyPattern/keyValue from insert, update and upsert', async () => {
    const c = db.collection<Loose>('users');
    await c.createIndex({ email: 1 }, { unique: true });
    await c.insertOne({ _id: 1, email: 'a@x' });
    await c.insertOne({ _id: 2, email: 'b@x' });
    await expect(c.insertOne({ email: 'a@x' })).rejects.toMatchObject({
      code: 11000,
      keyPattern: { email: 1 },
      keyValue: { email: 'a@x' },
      message: expect.stringContaining(
        'E11000 duplicate key error collection: idx.users index: email_1',
      ),
    });
    await expect(c.updateOne({ _id: 2 }, { $set: { email: 'a@x' } })).rejects.toMatchObject({
      code: 11000,
      keyValue: { email: 'a@x' },
    });
    await expect(
      c.updateOne({ email: 'new@x' }, { $set: { email: 'a@x' } }, { upsert: true }),
    ).rejects.toMatchObject({
      code: 11000,
    });
    await expect(c.findOneAndUpdate({ _id: 2 }, { $set: { email: 'a@x' } })).rejects.toMatchObject({
      code: 11000,
      keyPattern: { email: 1 },
    });
    await expect(c.insertOne({ _id: 1, email: 'z@x' })).rejects.toMatchObject({
      code: 11000,
      keyPattern: { _id: 1 },
      keyValue: { _id: 1 },
    });
    expect(await c.countDocuments()).toBe(2);
    expect((await c.findOne({ _id: 2 }))?.email).toBe('b@x');
  });

  test('ordered and unordered bulk inserts report each duplicate', async () => {
    const c = db.collection<Loose>('bulk');
    await c.createIndex({ k: 1 }, { unique: true });
    const ordered = await c
      .insertMany([{ k: 1 }, { k: 1 }, { k: 2 }])
      .catch(
        (e: {
          insertedCount?: number;
          writeErrors?: unknown[];
          result?: { insertedCount: number };
        }) => e,
      );
    expect(ordered).toMatchObject({ code: 11000 });
    expect(await c.countDocuments()).toBe(1);
    const unordered = await c
      .insertMany([{ k: 3 }, { k: 1 }, { k: 4 }], { ordered: false })
      .catch((e: unknown) => e);
    expect(unordered).toMatchObject({
      code: 11000,
      writeErrors: [expect.objectContaining({ index: 1 })],
    });
    expect(await c.countDocuments()).toBe(3);
  });

  test('missing and null collide in a unique index; sparse skips missing; partial filters', async () => {
    const plain = db.collection<Loose>('plain');
    await plain.createIndex({ nick: 1 }, { unique: true });
    await plain.insertOne({ a: 1 });
    await expect(plain.insertOne({ a: 2 })).rejects.toMatchObject({
      code: 11000,
      keyValue: { nick: null },
    });
    await expect(plain.insertOne({ nick: null })).rejects.toMatchObject({ code: 11000 });

    const sparse = db.collection<Loose>('sparse');
    await sparse.createIndex({ nick: 1 }, { unique: true, sparse: true });
    await sparse.insertMany([{ a: 1 }, { a: 2 }, { nick: 'x' }]);
    await expect(sparse.insertOne({ nick: 'x' })).rejects.toMatchObject({ code: 11000 });
    expect(await sparse.countDocuments({ nick: null })).toBe(2);

    const partial = db.collection<Loose>('partial');
    await partial.createIndex(
      { email: 1 },
      { unique: true, partialFilterExpression: { active: true } },
    );
    await partial.insertMany([
      { email: 'e', active: false },
      { email: 'e', active: false },
      { email: 'e', active: true },
    ]);
    await expect(partial.insertOne({ email: 'e', active: true })).rejects.toMatchObject({
      code: 11000,
    });
    expect(await partial.countDocuments({ email: 'e' })).toBe(3);
  });

  test('compound unique index and multikey elements', async () => {
    const c = db.collection<Loose>('compound');
    await c.createIndex({ org: 1, slug: 1 }, { unique: true });
    await c.insertMany([
      { org: 1, slug: 'a' },
      { org: 2, slug: 'a' },
    ]);
    await expect(c.insertOne({ org: 1, slug: 'a' })).rejects.toMatchObject({
      code: 11000,
      keyPattern: { org: 1, slug: 1 },
      keyValue: { org: 1, slug: 'a' },
    });
    const tags = db.collection<Loose>('tags');
    await tags.createIndex({ tags: 1 }, { unique: true });
    await tags.insertOne({ tags: ['x', 'y'] });
    await expect(tags.insertOne({ tags: ['z', 'y'] })).rejects.toMatchObject({
      code: 11000,
      keyValue: { tags: 'y' },
    });
    expect(await tags.countDocuments({ tags: 'y' })).toBe(1);
  });

  test('creating a unique index over duplicates fails and leaves no index', async () => {
    const c = db.collection<Loose>('dups');
    await c.insertMany([{ v: 1 }, { v: 1 }]);
    await expect(c.createIndex({ v: 1 }, { unique: true })).rejects.toMatchObject({ code: 11000 });
    expect((await c.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
  });
});

describe('index management', () => {
  test('createIndexes, listIndexes, dropIndexes and conflicts 85/86', async () => {
    const c = db.collection<Loose>('mgmt');
    expect(await c.createIndex({ a: 1, b: -1 })).toBe('a_1_b_-1');
    await c.createIndex({ a: 1, b: -1 }); // identical: no-op
    await expect(c.createIndex({ c: 1 }, { name: 'a_1_b_-1' })).rejects.toMatchObject({
      code: 86,
      codeName: 'IndexKeySpecsConflict',
    });
    await expect(c.createIndex({ a: 1, b: -1 }, { unique: true })).rejects.toMatchObject({
      code: 85,
      codeName: 'IndexOptionsConflict',
    });
    await expect(c.createIndex({ a: 1, b: -1 }, { name: 'other' })).rejects.toMatchObject({
      code: 85,
    });
    await c.createIndex({ s: 1 }, { sparse: true, name: 's_sparse' });
    const list = await c.listIndexes().toArray();
    expect(list).toEqual([
      { v: 2, key: { _id: 1 }, name: '_id_' },
      { v: 2, key: { a: 1, b: -1 }, name: 'a_1_b_-1' },
      { v: 2, key: { s: 1 }, name: 's_sparse', sparse: true },
    ]);
    await c.dropIndex('s_sparse');
    await expect(c.dropIndex('nope')).rejects.toMatchObject({ code: 27 });
    expect(await rawCommand(t.client, 'idx', { dropIndexes: 'mgmt', index: '_id_' })).toMatchObject(
      { ok: 0, code: 72 },
    );
    await c.dropIndexes();
    expect((await c.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
    expect(await rawCommand(t.client, 'idx', { dropIndexes: 'absent', index: '*' })).toMatchObject({
      ok: 0,
      code: 26,
    });
    await expect(c.createIndex({ body: 'text' })).rejects.toMatchObject({ code: 67 });
  });

  test('equality lookups on _id and indexed fields do not scan the collection', async () => {
    const c = db.collection<Loose>('big');
    const n = 40000;
    await c.insertMany(
      Array.from({ length: n }, (_, i) => ({ _id: i, email: `u${i}@x`, plain: `u${i}@x` })),
    );
    await c.createIndex({ email: 1 }, { unique: true });
    const time = async (filter: (i: number) => object): Promise<number> => {
      const start = process.hrtime.bigint();
      for (let i = 0; i < 40; i++) expect(await c.findOne(filter((i * 997) % n))).not.toBeNull();
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    await time((i) => ({ email: `u${i}@x` })); // warm-up
    const byId = await time((i) => ({ _id: i }));
    const indexed = await time((i) => ({ email: `u${i}@x` }));
    const scanned = await time((i) => ({ plain: `u${i}@x` }));
    expect(indexed * 4).toBeLessThan(scanned);
    expect(byId * 4).toBeLessThan(scanned);
  });
});
