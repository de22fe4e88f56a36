import type { Collection, Db, Document, UpdateFilter } from 'mongodb';
import { ObjectId } from 'mongodb';
import { rawCommand, startTestServer, type TestServer } from './support/harness';
import type { Loose } from './support/harness';

let t: TestServer;
let db: Db;

beforeAll(async () => {
  t = await startTestServer();
  db = t.client.db('crud');
});
afterAll(() => t.close());

describe('insert and find', () => {
  beforeAll(async () => {
    await db.collection<Loose>('people').insertMany(
      Array.from({ length: 30 }, (_, i) => ({
        _id: i,
        name: `p${String(i).padStart(2, '0')}`,
        age: i % 10,
        tags: i % 2 ? ['odd', `t${i}`] : ['even'],
        address: { city: i < 15 ? 'Oslo' : 'Rome', zip: 1000 + i },
      })),
    );
  });
  const people = () => db.collection<Loose>('people');

  test('filter, sort, skip, limit', async () => {
    const docs = await people()
      .find({ age: { $gte: 5 }, 'address.city': 'Oslo' })
      .sort({ age: -1, _id: 1 })
      .skip(1)
      .limit(3)
      .toArray();
    expect(docs.map((d) => d._id)).toEqual([8, 7, 6]);
  });

  test('query operators', async () => {
    const ids = async (filter: object) => (await people().find(filter).toArray()).map((d) => d._id);
    expect(await ids({ tags: 'odd', age: { $in: [1, 3] } })).toEqual([1, 3, 11, 13, 21, 23]);
    expect(await ids({ $or: [{ _id: 1 }, { name: 'p02' }] })).toEqual([1, 2]);
    expect(await ids({ _id: { $nin: [0, 1, 2], $lt: 5 } })).toEqual([3, 4]);
    expect(await ids({ tags: { $size: 1 }, _id: { $lt: 5 } })).toEqual([0, 2, 4]);
    expect(await ids({ name: { $regex: '^p2[89]$' } })).toEqual([28, 29]);
    expect(await ids({ name: /^P0[12]$/i })).toEqual([1, 2]);
    expect(await ids({ tags: { $all: ['odd', 't5'] } })).toEqual([5]);
    expect(await ids({ missing: { $exists: true } })).toEqual([]);
    expect((await ids({ age: { $not: { $gt: 0 } } })).length).toBe(3);
    expect(await ids({ 'address.zip': { $mod: [10, 3] } })).toEqual([3, 13, 23]);
    expect(await ids({ $expr: { $eq: ['$age', 9] }, _id: { $gt: 10 } })).toEqual([19, 29]);
    expect(await ids({ age: { $type: 'int' }, _id: 0 })).toEqual([0]);
    expect(await ids({ _id: { $ne: 0 }, age: 0 })).toEqual([10, 20]);
  });

  test('projection: inclusion, exclusion, $slice, $elemMatch and positional', async () => {
    const inc = await people().findOne({ _id: 1 }, { projection: { name: 1, 'address.city': 1 } });
    expect(inc).toEqual({ _id: 1, name: 'p01', address: { city: 'Oslo' } });
    const exc = await people().findOne({ _id: 1 }, { projection: { tags: 0, address: 0, _id: 0 } });
    expect(exc).toEqual({ name: 'p01', age: 1 });
    const sliced = await people().findOne(
      { _id: 1 },
      { projection: { tags: { $slice: 1 }, name: 1 } },
    );
    expect(sliced).toEqual({ _id: 1, name: 'p01', tags: ['odd'] });
    await db
      .collection<Loose>('grades')
      .insertOne({ _id: 1, grades: [{ g: 70 }, { g: 90 }, { g: 95 }] });
    const em = await db
      .collection<Loose>('grades')
      .findOne({ _id: 1 }, { projection: { grades: { $elemMatch: { g: { $gt: 80 } } } } });
    expect(em).toEqual({ _id: 1, grades: [{ g: 90 }] });
    const pos = await db
      .collection<Loose>('grades')
      .findOne({ 'grades.g': 95 }, { projection: { 'grades.$': 1 } });
    expect(pos).toEqual({ _id: 1, grades: [{ g: 95 }] });
  });

  test('batches: 101 documents first, getMore for the rest, batchSize and singleBatch', async () => {
    const coll = db.collection<Loose>('many');
    await coll.insertMany(Array.from({ length: 250 }, (_, i) => ({ i })));
    const first = await rawCommand(t.client, 'crud', { find: 'many', filter: {} });
    const cursor = first.cursor as { firstBatch: unknown[]; id: { toString(): string } };
    expect(cursor.firstBatch).toHaveLength(101);
    expect(cursor.id.toString()).not.toBe('0');
    const more = await rawCommand(t.client, 'crud', {
      getMore: cursor.id,
      collection: 'many',
      batchSize: 100,
    });
    expect((more.cursor as { nextBatch: unknown[] }).nextBatch).toHaveLength(100);
    const rest = await rawCommand(t.client, 'crud', { getMore: cursor.id, collection: 'many' });
    const last = rest.cursor as { nextBatch: unknown[]; id: { toString(): string } };
    expect(last.nextBatch).toHaveLength(49);
    expect(last.id.toString()).toBe('0');
    const single = await rawCommand(t.client, 'crud', {
      find: 'many',
      batchSize: 5,
      singleBatch: true,
    });
    const sc = single.cursor as { firstBatch: unknown[]; id: { toString(): string } };
    expect(sc.firstBatch).toHaveLength(5);
    expect(sc.id.toString()).toBe('0');
    expect(await coll.find({}, { batchSize: 7 }).toArray()).toHaveLength(250);
  });

  test('killCursors and CursorNotFound 43', async () => {
    const first = await rawCommand(t.client, 'crud', { find: 'many', batchSize: 2 });
    const id = (first.cursor as { id: unknown }).id;
    const killed = await rawCommand(t.client, 'crud', { killCursors: 'many', cursors: [id] });
    expect((killed.cursorsKilled as unknown[]).map(String)).toEqual([String(id)]);
    const after = await rawCommand(t.client, 'crud', { getMore: id, collection: 'many' });
    expect(after).toMatchObject({ ok: 0, code: 43, codeName: 'CursorNotFound' });
  });

  test('count and distinct', async () => {
    expect(await people().countDocuments({ age: 3 })).toBe(3);
    expect((await rawCommand(t.client, 'crud', { count: 'people', query: { age: 3 } })).n).toBe(3);
    expect(await people().estimatedDocumentCount()).toBe(30);
    const count = async (extra: Loose) =>
      (await rawCommand(t.client, 'crud', { count: 'people', ...extra })).n;
    expect(await count({ skip: 25 })).toBe(5);
    expect(await count({ skip: 40 })).toBe(0);
    expect(await count({ query: {}, limit: 7 })).toBe(7);
    expect(await count({ query: {}, skip: 28, limit: 7 })).toBe(2);
    expect(await count({ count: 'nobody' })).toBe(0);
    expect((await people().distinct('address.city')).sort()).toEqual(['Oslo', 'Rome']);
    expect((await people().distinct('tags', { _id: { $lt: 4 } })).sort()).toEqual([
      'even',
      'odd',
      't1',
      't3',
    ]);
  });
});

describe('update', () => {
  const items = () => db.collection<Loose>('items');
  beforeEach(async () => {
    await items().deleteMany({});
    await items().insertMany([
      {
        _id: 1,
        kind: 'a',
        qty: 1,
        sizes: [
          { s: 'S', n: 1 },
          { s: 'M', n: 2 },
        ],
        scores: [1, 5, 9],
      },
      { _id: 2, kind: 'a', qty: 2, sizes: [{ s: 'L', n: 3 }], scores: [2] },
      { _id: 3, kind: 'b', qty: 3, sizes: [], scores: [] },
    ]);
  });

  test('single and multi', async () => {
    const one = await items().updateOne({ kind: 'a' }, { $inc: { qty: 10 } });
    expect(one).toMatchObject({ matchedCount: 1, modifiedCount: 1 });
    const many = await items().updateMany({ kind: 'a' }, { $set: { flag: true } });
    expect(many).toMatchObject({ matchedCount: 2, modifiedCount: 2 });
    const noop = await items().updateMany({ kind: 'a' }, { $set: { flag: true } });
    expect(noop).toMatchObject({ matchedCount: 2, modifiedCount: 0 });
    expect((await items().find({ flag: true }).toArray()).map((d) => d.qty)).toEqual([11, 2]);
  });

  test('upsert uses the query equality fields and $setOnInsert', async () => {
    const res = await items().updateOne(
      { kind: 'c', 'meta.color': 'red', qty: { $gt: 5 } },
      { $set: { label: 'new' }, $setOnInsert: { created: true } },
      { upsert: true },
    );
    expect(res.upsertedCount).toBe(1);
    const doc = await items().findOne({ _id: res.upsertedId as ObjectId });
    expect(doc).toEqual({
      _id: res.upsertedId,
      kind: 'c',
      meta: { color: 'red' },
      label: 'new',
      created: true,
    });
    expect(res.upsertedId).toBeInstanceOf(ObjectId);
    const again = await items().updateOne(
      { kind: 'c' },
      { $set: { label: 'x' }, $setOnInsert: { created: false } },
      { upsert: true },
    );
    expect(again.upsertedCount).toBe(0);
    expect((await items().findOne({ kind: 'c' }))?.created).toBe(true);
    const replaced = await items().replaceOne({ _id: 99 }, { kind: 'r' }, { upsert: true });
    expect(replaced.upsertedId).toBe(99);
    expect(await items().findOne({ _id: 99 })).toEqual({ _id: 99, kind: 'r' });
  });

  test('positional $, $[] and $[id] with arrayFilters', async () => {
    await items().updateOne({ _id: 1, 'sizes.s': 'M' }, { $set: { 'sizes.$.n': 20 } });
    await items().updateOne({ _id: 1, scores: 5 }, { $inc: { 'scores.$': 100 } });
    await items().updateOne({ _id: 2 }, { $inc: { 'sizes.$[].n': 1 } });
    await items().updateOne(
      { _id: 1 },
      { $set: { 'scores.$[big]': 0 } },
      { arrayFilters: [{ big: { $gt: 100 } }] },
    );
    await items().updateOne(
      { _id: 1 },
      { $mul: { 'sizes.$[e].n': 3 } },
      { arrayFilters: [{ 'e.s': 'S' }] },
    );
    expect(await items().findOne({ _id: 1 })).toMatchObject({
      sizes: [
        { s: 'S', n: 3 },
        { s: 'M', n: 20 },
      ],
      scores: [1, 0, 9],
    });
    expect((await items().findOne({ _id: 2 }))?.sizes).toEqual([{ s: 'L', n: 4 }]);
    const failing = await rawCommand(t.client, 'crud', {
      update: 'items',
      updates: [{ q: { _id: 1 }, u: { $set: { 'scores.$': 1 } } }],
    });
    expect(failing).toMatchObject({ writeErrors: [expect.objectContaining({ code: 2 })] });
  });

  test('array and field operators', async () => {
    // The driver's update typings cannot express array operators on an open schema.
    const arrayItems = () => db.collection('items') as unknown as Collection<Loose>;
    const u = (update: Document): UpdateFilter<Loose> => update as UpdateFilter<Loose>;
    await arrayItems().updateOne(
      { _id: 3 },
      u({
        $push: { scores: { $each: [5, 1, 3], $sort: -1, $slice: 2 } },
        $addToSet: { tags: { $each: ['x', 'y', 'x'] } },
        $rename: { kind: 'type' },
        $currentDate: { touched: true },
        $unset: { sizes: '' },
        $max: { qty: 7 },
      }),
    );
    await arrayItems().updateOne(
      { _id: 3 },
      u({ $pop: { scores: -1 }, $pull: { tags: 'y' }, $min: { qty: 4 } }),
    );
    const doc = await items().findOne({ _id: 3 });
    expect(doc).toMatchObject({ _id: 3, type: 'b', qty: 4, scores: [3], tags: ['x'] });
    expect(doc?.touched).toBeInstanceOf(Date);
    expect(doc).not.toHaveProperty('sizes');
    await arrayItems().updateOne(
      { _id: 1 },
      u({ $pull: { sizes: { n: { $gte: 2 } } }, $pullAll: { scores: [1, 9] } }),
    );
    expect(await items().findOne({ _id: 1 })).toMatchObject({
      sizes: [{ s: 'S', n: 1 }],
      scores: [5],
    });
  });

  test('update errors: conflicting paths, immutable _id, non-numeric $inc', async () => {
    const run = (u: object) =>
      rawCommand(t.client, 'crud', { update: 'items', updates: [{ q: { _id: 1 }, u }] });
    expect(await run({ $set: { qty: 1 }, $inc: { qty: 1 } })).toMatchObject({
      writeErrors: [expect.objectContaining({ code: 40 })],
    });
    expect(await run({ $set: { _id: 5 } })).toMatchObject({
      writeErrors: [expect.objectContaining({ code: 66 })],
    });
    expect(await run({ $inc: { kind: 1 } })).toMatchObject({
      writeErrors: [expect.objectContaining({ code: 14 })],
    });
    expect(await run({ $inc: { qty: 'x' } })).toMatchObject({
      writeErrors: [expect.objectContaining({ code: 14 })],
    });
    expect((await items().findOne({ _id: 1 }))?.qty).toBe(1);
  });

  test('replacement keeps _id; pipeline updates work', async () => {
    await items().replaceOne({ _id: 2 }, { kind: 'z' });
    expect(await items().findOne({ _id: 2 })).toEqual({ _id: 2, kind: 'z' });
    await items().updateOne({ _id: 1 }, [{ $set: { total: { $add: ['$qty', 10] } } }]);
    expect((await items().findOne({ _id: 1 }))?.total).toBe(11);
  });
});

describe('delete and findAndModify', () => {
  const jobs = () => db.collection<Loose>('jobs');
  beforeEach(async () => {
    await jobs().deleteMany({});
    await jobs().insertMany([
      { _id: 1, state: 'new', pri: 2 },
      { _id: 2, state: 'new', pri: 5 },
      { _id: 3, state: 'done', pri: 1 },
    ]);
  });

  test('deleteOne / deleteMany', async () => {
    expect((await jobs().deleteOne({ state: 'new' })).deletedCount).toBe(1);
    expect((await jobs().deleteMany({})).deletedCount).toBe(2);
  });

  test('findOneAndUpdate with sort, returnDocument and projection', async () => {
    const before = await jobs().findOneAndUpdate(
      { state: 'new' },
      { $set: { state: 'taken' } },
      { sort: { pri: -1 }, projection: { state: 1 } },
    );
    expect(before).toEqual({ _id: 2, state: 'new' });
    const after = await jobs().findOneAndUpdate(
      { state: 'new' },
      { $inc: { pri: 1 } },
      { returnDocument: 'after' },
    );
    expect(after).toEqual({ _id: 1, state: 'new', pri: 3 });
    expect(await jobs().findOneAndUpdate({ state: 'nope' }, { $set: { a: 1 } })).toBeNull();
  });

  test('findOneAndUpdate upsert, findOneAndReplace, findOneAndDelete', async () => {
    const up = await jobs().findOneAndUpdate(
      { _id: 10 },
      { $set: { state: 'new' }, $setOnInsert: { pri: 0 } },
      { upsert: true, returnDocument: 'after', includeResultMetadata: true },
    );
    expect(up.value).toEqual({ _id: 10, state: 'new', pri: 0 });
    expect(up.lastErrorObject).toMatchObject({ n: 1, updatedExisting: false, upserted: 10 });
    const rep = await jobs().findOneAndReplace(
      { _id: 3 },
      { state: 'archived' },
      { returnDocument: 'after' },
    );
    expect(rep).toEqual({ _id: 3, state: 'archived' });
    const del = await jobs().findOneAndDelete({ state: 'new' }, { sort: { pri: 1 } });
    expect(del?._id).toBe(10);
    expect(await jobs().countDocuments()).toBe(3);
  });
});
