import type { Db } from 'mongodb';
import { DBRef, ObjectId } from 'mongodb';
import { rawCommand, startTestServer, type TestServer } from './support/harness';
import type { Loose } from './support/harness';

/**
 * Behaviour checked against MongoDB 7/8, where the embedded server used to differ: a test that
 * passes here must not depend on something production's database does differently.
 */
let t: TestServer;
let db: Db;

beforeAll(async () => {
  t = await startTestServer();
  db = t.client.db('conformance');
});
afterAll(() => t.close());

const ids = (docs: Loose[]): unknown[] => docs.map((d) => d._id);

describe('$elemMatch projection', () => {
  const scores = () => db.collection<Loose>('elemMatchProjection');
  beforeAll(async () => {
    await scores().insertMany([
      { _id: 1, a: 1, arr: [1, 5, 7] },
      { _id: 2, a: 2, arr: [1, 2] },
      { _id: 3, a: 3, arr: [{ x: 1 }, { x: 5 }] },
    ]);
  });

  test('a condition of operators only returns the first matching element of a scalar array', async () => {
    const docs = await scores()
      .find({}, { projection: { arr: { $elemMatch: { $gte: 4 } } }, sort: { _id: 1 } })
      .toArray();
    expect(docs).toEqual([{ _id: 1, arr: [5] }, { _id: 2 }, { _id: 3 }]);
  });

  test('a projection made only of $elemMatch is an inclusion projection', async () => {
    expect(
      await scores().findOne({ _id: 3 }, { projection: { arr: { $elemMatch: { x: 5 } } } }),
    ).toEqual({ _id: 3, arr: [{ x: 5 }] });
    expect(
      await scores().findOne(
        { _id: 1 },
        { projection: { _id: 0, arr: { $elemMatch: { $gt: 1, $lt: 7 } } } },
      ),
    ).toEqual({ arr: [5] });
    expect(
      await scores().findOne({ _id: 1 }, { projection: { a: 1, arr: { $elemMatch: { $lt: 2 } } } }),
    ).toEqual({ _id: 1, a: 1, arr: [1] });
  });

  test('an $elemMatch projection of a nested field is refused', async () => {
    await expect(
      scores()
        .find({}, { projection: { 'a.b': { $elemMatch: { $gte: 4 } } } })
        .toArray(),
    ).rejects.toMatchObject({ code: 31275 });
  });
});

describe('positional $ after an $elemMatch query', () => {
  const items = () => db.collection<Loose>('positional');
  beforeAll(async () => {
    await items().insertMany([
      {
        _id: 1,
        arr: [
          { x: 1, y: 0 },
          { x: 2, y: 0 },
          { x: 2, y: 5 },
        ],
      },
      { _id: 2, nums: [1, 5, 7] },
    ]);
  });

  test('updates the element the $elemMatch matched', async () => {
    const res = await items().updateOne(
      { arr: { $elemMatch: { x: 2 } } },
      { $set: { 'arr.$.y': 1 } },
    );
    expect(res.modifiedCount).toBe(1);
    await items().updateOne({ nums: { $elemMatch: { $gte: 4 } } }, { $inc: { 'nums.$': 10 } });
    expect(
      await items()
        .find({}, { sort: { _id: 1 } })
        .toArray(),
    ).toEqual([
      {
        _id: 1,
        arr: [
          { x: 1, y: 0 },
          { x: 2, y: 1 },
          { x: 2, y: 5 },
        ],
      },
      { _id: 2, nums: [1, 15, 7] },
    ]);
    const before = await items().findOneAndUpdate(
      { arr: { $elemMatch: { x: 2, y: 5 } } },
      { $set: { 'arr.$.x': 3 } },
      { returnDocument: 'after' },
    );
    expect(before?.['arr']).toEqual([
      { x: 1, y: 0 },
      { x: 2, y: 1 },
      { x: 3, y: 5 },
    ]);
  });

  test('projects the element the $elemMatch matched', async () => {
    expect(
      await items().findOne({ arr: { $elemMatch: { x: 3 } } }, { projection: { 'arr.$': 1 } }),
    ).toEqual({ _id: 1, arr: [{ x: 3, y: 5 }] });
    expect(
      await items().findOne(
        { nums: { $elemMatch: { $gte: 10 } } },
        { projection: { 'nums.$': 1 } },
      ),
    ).toEqual({ _id: 2, nums: [15] });
  });
});

describe('DBRefs in queries', () => {
  const author = [new ObjectId(), new ObjectId()] as const;
  const posts = () => db.collection<Loose>('dbrefs');
  beforeAll(async () => {
    await posts().insertMany([
      { _id: 1, refs: [new DBRef('authors', author[0]), new DBRef('authors', author[1], 'old')] },
      { _id: 2, refs: [new DBRef('authors', author[1])] },
      { _id: 3, refs: [new DBRef('books', author[0])] },
    ]);
  });
  const find = async (filter: object) => ids(await posts().find(filter).toArray());

  test('$id, $ref and $db are field names inside $elemMatch', async () => {
    expect(await find({ refs: { $elemMatch: { $id: author[0] } } })).toEqual([1, 3]);
    expect(await find({ refs: { $elemMatch: { $ref: 'authors', $id: author[0] } } })).toEqual([1]);
    expect(await find({ refs: { $elemMatch: { $db: 'old' } } })).toEqual([1]);
    expect(await find({ refs: { $elemMatch: { $id: author[1], $ref: 'authors' } } })).toEqual([
      1, 2,
    ]);
  });

  test('dotted paths reach into DBRefs and a whole DBRef matches by equality', async () => {
    expect(await find({ 'refs.$id': author[1] })).toEqual([1, 2]);
    expect(await find({ 'refs.$ref': 'books' })).toEqual([3]);
    expect(await find({ refs: new DBRef('authors', author[1]) })).toEqual([2]);
  });

  test('the element a DBRef $elemMatch matched is projected back as a DBRef', async () => {
    const doc = await posts().findOne(
      { refs: { $elemMatch: { $id: author[1] } } },
      { projection: { 'refs.$': 1 }, sort: { _id: 1 } },
    );
    expect(doc).toEqual({ _id: 1, refs: [new DBRef('authors', author[1], 'old')] });
  });

  test('an upsert starts from a DBRef the query equals', async () => {
    const ref = new DBRef('authors', author[0]);
    await posts().updateOne({ _id: 4, ref }, { $set: { n: 1 } }, { upsert: true });
    expect(await posts().findOne({ ref })).toEqual({ _id: 4, ref, n: 1 });
  });
});

describe('hint', () => {
  const hinted = () => db.collection<Loose>('hinted');
  const BAD_HINT = {
    code: 2,
    codeName: 'BadValue',
    errmsg: expect.stringContaining('hint provided does not correspond to an existing index'),
  };
  beforeAll(async () => {
    await hinted().insertMany([
      { _id: 1, a: 3, s: 'x' },
      { _id: 2, a: 1 },
      { _id: 3, a: 2, s: 'y' },
    ]);
    await hinted().createIndex({ a: 1 });
    await hinted().createIndex({ s: 1 }, { sparse: true });
  });
  const findHinted = async (hint: string | object) =>
    ids(await hinted().find({}, { hint }).toArray());

  test('a plain find follows the hinted index, or natural order for $natural', async () => {
    expect(await findHinted({ a: 1 })).toEqual([2, 3, 1]);
    expect(await findHinted('a_1')).toEqual([2, 3, 1]);
    expect(await findHinted({ _id: 1 })).toEqual([1, 2, 3]);
    expect(await findHinted({ $natural: -1 })).toEqual([3, 2, 1]);
    expect(await findHinted({ $natural: 1 })).toEqual([1, 2, 3]);
    expect(
      ids(
        await hinted()
          .find({}, { hint: 'a_1', sort: { _id: -1 } })
          .toArray(),
      ),
    ).toEqual([3, 2, 1]);
  });

  test('a hinted sparse index returns only the documents it holds', async () => {
    expect(await findHinted({ s: 1 })).toEqual([1, 3]);
  });

  test('a hint naming no existing index is BadValue, in every command that takes one', async () => {
    await expect(hinted().find({}, { hint: 'nope' }).toArray()).rejects.toMatchObject(BAD_HINT);
    await expect(
      hinted()
        .find({}, { hint: { a: -1 } })
        .toArray(),
    ).rejects.toMatchObject(BAD_HINT);
    await expect(hinted().countDocuments({}, { hint: 'nope' })).rejects.toMatchObject(BAD_HINT);
    await expect(
      hinted()
        .aggregate([], { hint: { b: 1 } })
        .toArray(),
    ).rejects.toMatchObject(BAD_HINT);
    await expect(
      hinted().updateOne({ _id: 1 }, { $set: { b: 1 } }, { hint: 'nope' }),
    ).rejects.toMatchObject({ code: 2 });
    await expect(hinted().deleteOne({ _id: 1 }, { hint: 'nope' })).rejects.toMatchObject({
      code: 2,
    });
    await expect(
      hinted().findOneAndUpdate({ _id: 1 }, { $set: { b: 1 } }, { hint: { nope: 1 } }),
    ).rejects.toMatchObject(BAD_HINT);
    expect(
      await rawCommand(t.client, 'conformance', { count: 'hinted', hint: 'nope' }),
    ).toMatchObject({ ok: 0, ...BAD_HINT });
    expect(
      await rawCommand(t.client, 'conformance', { distinct: 'hinted', key: 'a', hint: 'nope' }),
    ).toMatchObject({ ok: 0, ...BAD_HINT });
    expect(await hinted().countDocuments({ b: 1 })).toBe(0);
    expect(await hinted().countDocuments()).toBe(3);
  });
});

describe('a filter is validated even when the collection does not exist', () => {
  const UNKNOWN_OPERATOR = {
    ok: 0,
    code: 2,
    codeName: 'BadValue',
    errmsg: expect.stringContaining('unknown operator: $foo'),
  };
  const bad = { a: { $foo: 1 } };

  test('find, count, distinct, aggregate and findAndModify fail with BadValue', async () => {
    const missing = db.collection<Loose>('doesNotExist');
    await expect(missing.find(bad).toArray()).rejects.toMatchObject({ code: 2 });
    const command = (cmd: Record<string, unknown>) => rawCommand(t.client, 'conformance', cmd);
    expect(await command({ find: 'doesNotExist', filter: bad })).toMatchObject(UNKNOWN_OPERATOR);
    expect(await command({ count: 'doesNotExist', query: bad })).toMatchObject(UNKNOWN_OPERATOR);
    expect(await command({ distinct: 'doesNotExist', key: 'a', query: bad })).toMatchObject(
      UNKNOWN_OPERATOR,
    );
    expect(
      await command({ aggregate: 'doesNotExist', pipeline: [{ $match: bad }], cursor: {} }),
    ).toMatchObject(UNKNOWN_OPERATOR);
    expect(
      await command({ findAndModify: 'doesNotExist', query: bad, update: { $set: { b: 1 } } }),
    ).toMatchObject(UNKNOWN_OPERATOR);
  });

  test('update and delete report a BadValue write error', async () => {
    const missing = db.collection<Loose>('doesNotExist');
    await expect(missing.updateOne(bad, { $set: { b: 1 } })).rejects.toMatchObject({ code: 2 });
    await expect(missing.deleteMany(bad)).rejects.toMatchObject({ code: 2 });
    const names = (await db.listCollections().toArray()).map((c) => c.name);
    expect(names).not.toContain('doesNotExist');
  });
});

describe('missing fields are never read from Object.prototype', () => {
  const objects = () => db.collection<Loose>('prototypeNames');
  beforeAll(async () => {
    await objects().insertMany([
      { _id: 1, a: 1 },
      { _id: 2, constructor: 'own', toString: [1, 2] },
    ]);
  });
  const find = async (filter: object) =>
    ids(
      await objects()
        .find(filter, { sort: { _id: 1 } })
        .toArray(),
    );

  test('queries see only own fields', async () => {
    expect(await find({ constructor: { $exists: true } })).toEqual([2]);
    expect(await find({ hasOwnProperty: { $exists: true } })).toEqual([]);
    expect(await find({ valueOf: null })).toEqual([1, 2]);
    expect(await find({ toString: null })).toEqual([1]);
    expect(await find({ '__proto__.constructor': { $exists: true } })).toEqual([]);
    expect(await find({ 'a.constructor': { $exists: true } })).toEqual([]);
  });

  test('projections and $group treat them as missing', async () => {
    expect(await objects().findOne({ _id: 2 }, { projection: { a: 1 } })).toEqual({ _id: 2 });
    expect(await objects().findOne({ _id: 1 }, { projection: { toString: 1 } })).toEqual({
      _id: 1,
    });
    const groups = await objects()
      .aggregate([{ $group: { _id: '$valueOf', n: { $sum: 1 } } }])
      .toArray();
    expect(groups).toEqual([{ _id: null, n: 2 }]);
  });

  test('sort, distinct, $unwind and $lookup treat them as missing', async () => {
    const sorted = await objects()
      .find({}, { sort: { constructor: -1 as const } })
      .toArray();
    expect(ids(sorted)).toEqual([2, 1]);
    expect(await objects().distinct('constructor')).toEqual(['own']);
    const unwound = await objects()
      .aggregate([{ $unwind: '$constructor' }])
      .toArray();
    expect(ids(unwound)).toEqual([2]);
    const joined = await objects()
      .aggregate([
        { $match: { _id: 1 } },
        {
          $lookup: {
            from: 'prototypeNames',
            localField: 'nothing',
            foreignField: 'constructor',
            as: 'same',
          },
        },
      ])
      .toArray();
    // A missing local field joins the documents that lack the foreign one.
    expect(ids(joined[0]?.['same'] as Loose[])).toEqual([1]);
  });

  test('updates create and change own fields only', async () => {
    await objects().updateOne({ _id: 1 }, { $set: { 'constructor.x': 1 } });
    await objects().updateOne({ _id: 1 }, { $inc: { toString: 1 } });
    // The driver's typings take valueOf for the method every object has.
    await rawCommand(t.client, 'conformance', {
      update: 'prototypeNames',
      updates: [{ q: { _id: 1 }, u: { $push: { valueOf: 'v' } } }],
    });
    const renamed = await objects().updateOne({ _id: 1 }, { $rename: { hasOwnProperty: 'h' } });
    expect(renamed.modifiedCount).toBe(0);
    expect(await objects().findOne({ _id: 1 })).toEqual({
      _id: 1,
      a: 1,
      constructor: { x: 1 },
      toString: 1,
      valueOf: ['v'],
    });
  });
});
