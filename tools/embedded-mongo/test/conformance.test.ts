import type { Db } from 'mongodb';
import { startTestServer, type TestServer } from './support/harness';
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
