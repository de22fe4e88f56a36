import {
  Binary,
  Decimal128,
  Double,
  Int32,
  Long,
  MaxKey,
  MinKey,
  ObjectId,
  type Db,
} from 'mongodb';
import { startTestServer, type TestServer } from './support/harness';
import type { Loose } from './support/harness';

let t: TestServer;
let db: Db;

beforeAll(async () => {
  t = await startTestServer();
  db = t.client.db('types');
});
afterAll(() => t.close());

/** Reads back exactly what the server stores, with no driver-side promotion. */
const raw = { promoteValues: false, promoteLongs: false } as const;

describe('BSON types', () => {
  test('every type survives the round trip unchanged, null stays distinct from missing', async () => {
    const doc = {
      _id: new ObjectId(),
      int: new Int32(7),
      long: Long.fromString('9007199254740993'),
      double: new Double(5),
      fraction: 2.5,
      decimal: Decimal128.fromString('1234.5600'),
      date: new Date('2024-02-29T12:34:56.789Z'),
      bin: new Binary(Buffer.from([0, 1, 2, 255]), 0),
      uuid: new Binary(Buffer.alloc(16, 7), 4),
      nil: null,
      nested: {
        arr: [new Int32(1), Long.fromNumber(2), new Double(3), Decimal128.fromString('4')],
      },
    };
    await db.collection<Loose>('rt').insertOne(doc);
    const back = await db.collection<Loose>('rt').findOne({ _id: doc._id }, raw);
    expect(back?.int).toBeInstanceOf(Int32);
    expect(back?.long).toBeInstanceOf(Long);
    expect(String(back?.long)).toBe('9007199254740993');
    expect(back?.double).toBeInstanceOf(Double);
    expect((back?.double as Double).value).toBe(5);
    expect((back?.fraction as Double).value).toBe(2.5);
    expect(back?.decimal).toBeInstanceOf(Decimal128);
    expect(String(back?.decimal)).toBe('1234.5600');
    expect((back?.date as Date).toISOString()).toBe('2024-02-29T12:34:56.789Z');
    expect(Buffer.from((back?.bin as Binary).buffer)).toEqual(Buffer.from([0, 1, 2, 255]));
    expect((back?.uuid as Binary).sub_type).toBe(4);
    expect(back).toHaveProperty('nil', null);
    expect(back).not.toHaveProperty('missing');
    const arr = (back?.nested as { arr: unknown[] }).arr;
    expect(arr.map((v) => (v as { _bsontype: string })._bsontype)).toEqual([
      'Int32',
      'Long',
      'Double',
      'Decimal128',
    ]);
    expect(await db.collection<Loose>('rt').countDocuments({ nil: null })).toBe(1);
    expect(await db.collection<Loose>('rt').countDocuments({ missing: null })).toBe(1);
    expect(await db.collection<Loose>('rt').countDocuments({ nil: { $exists: true } })).toBe(1);
    expect(await db.collection<Loose>('rt').countDocuments({ missing: { $exists: true } })).toBe(0);
  });

  test('$inc / $mul / $min / $max keep Long and Decimal128 exact', async () => {
    const c = db.collection<Loose>('num');
    await c.insertOne({
      _id: 1,
      long: Long.fromString('9007199254740993'),
      dec: Decimal128.fromString('0.1'),
      int: 2147483647,
      small: 5,
    });
    await c.updateOne(
      { _id: 1 },
      { $inc: { long: Long.fromNumber(2), dec: Decimal128.fromString('0.2'), int: 1, small: 1.5 } },
    );
    let d = await c.findOne({ _id: 1 }, raw);
    expect(d?.long).toBeInstanceOf(Long);
    expect(String(d?.long)).toBe('9007199254740995');
    expect(String(d?.dec)).toBe('0.3');
    // int32 overflow promotes to int64, as in MongoDB.
    expect(d?.int).toBeInstanceOf(Long);
    expect(String(d?.int)).toBe('2147483648');
    expect((d?.small as Double).value).toBe(6.5);
    await c.updateOne(
      { _id: 1 },
      {
        $mul: { dec: Decimal128.fromString('3') },
        $max: { long: Long.fromString('9007199254740999') },
      },
    );
    await c.updateOne({ _id: 1 }, { $min: { int: 3 }, $inc: { fresh: Long.fromNumber(1) } });
    d = await c.findOne({ _id: 1 }, raw);
    expect(String(d?.dec)).toBe('0.9');
    expect(String(d?.long)).toBe('9007199254740999');
    expect(d?.int).toBeInstanceOf(Int32);
    expect(d?.fresh).toBeInstanceOf(Long);
    // Numbers compare by value across types.
    expect(await c.countDocuments({ long: { $gt: 9007199254740990 } })).toBe(1);
    expect(await c.countDocuments({ int: Long.fromNumber(3) })).toBe(1);
    expect(await c.countDocuments({ dec: { $gte: Decimal128.fromString('0.9'), $lt: 1 } })).toBe(1);
  });

  test('sort follows the BSON comparison order across types', async () => {
    const c = db.collection<Loose>('order');
    const id = new ObjectId();
    const values: unknown[] = [
      new MaxKey(),
      /re/,
      new Date(0),
      true,
      id,
      new Binary(Buffer.from([1])),
      [0],
      { a: 1 },
      'b',
      'a',
      Decimal128.fromString('2.5'),
      Long.fromNumber(2),
      1,
      null,
      new MinKey(),
    ];
    await c.insertMany(values.map((v, i) => ({ _id: i, v })));
    await c.insertOne({ _id: 100 });
    const sorted = await c.find({}, { sort: { v: 1, _id: 1 }, projection: { _id: 1 } }).toArray();
    // Missing and null sort together; an array sorts by its smallest element (0, a number).
    expect(sorted.map((d) => d._id)).toEqual([
      14, 13, 100, 6, 12, 11, 10, 9, 8, 7, 5, 4, 3, 2, 1, 0,
    ]);
    const desc = await c.find({ _id: { $in: [10, 11, 12] } }, { sort: { v: -1 } }).toArray();
    expect(desc.map((d) => d._id)).toEqual([10, 11, 12]);
  });
});
