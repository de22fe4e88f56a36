import { MongoClient } from 'mongodb';
import { startTestServer, type TestServer } from './support/harness';
import type { Loose } from './support/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ cursorTimeoutMs: 300 });
});
afterAll(() => t.close());

test('10 connections doing 1,000 concurrent $inc lose nothing', async () => {
  const clients = await Promise.all(
    Array.from({ length: 10 }, () => new MongoClient(t.server.uri, { maxPoolSize: 1 }).connect()),
  );
  try {
    await clients[0]!.db('conc').collection<Loose>('counters').insertOne({ _id: 'c', n: 0 });
    await Promise.all(
      clients.map(async (client) => {
        const coll = client.db('conc').collection<Loose>('counters');
        await Promise.all(
          Array.from({ length: 100 }, () => coll.updateOne({ _id: 'c' }, { $inc: { n: 1 } })),
        );
      }),
    );
    const doc = await clients[0]!.db('conc').collection<Loose>('counters').findOne({ _id: 'c' });
    expect(doc?.n).toBe(1000);
    // Each connection really was a separate socket.
    const ids = await Promise.all(clients.map((c) => c.db('admin').command({ hello: 1 })));
    expect(new Set(ids.map((h) => h.connectionId)).size).toBe(10);
  } finally {
    await Promise.all(clients.map((c) => c.close()));
  }
});

test('concurrent upserts on a unique key create exactly one document', async () => {
  const coll = t.client.db('conc').collection<Loose>('uniq');
  await coll.createIndex({ key: 1 }, { unique: true });
  const results = await Promise.allSettled(
    Array.from({ length: 50 }, () =>
      coll.updateOne({ key: 'k' }, { $inc: { hits: 1 } }, { upsert: true }),
    ),
  );
  expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
  expect(await coll.countDocuments()).toBe(1);
  expect((await coll.findOne({ key: 'k' }))?.hits).toBe(50);
});

test('idle cursors expire (shortened timeout) and getMore reports CursorNotFound', async () => {
  const coll = t.client.db('conc').collection<Loose>('cur');
  await coll.insertMany(Array.from({ length: 20 }, (_, i) => ({ i })));
  // The server's clock (Date.now) alone is moved, so "idle longer than 300 ms" is exact on any
  // machine, however long each round trip takes.
  let now = Date.now();
  const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
  try {
    const live = coll.find({}, { batchSize: 5 });
    expect(await live.next()).not.toBeNull();
    // Read on, 50 ms a document: its batches of 5 are asked for at 250 ms and 500 ms, each
    // within the timeout of the last, so the cursor lives past the timeout in all.
    for (let i = 0; i < 10; i++) {
      now += 50;
      expect(await live.next()).not.toBeNull();
    }
    const idle = coll.find({}, { batchSize: 5 });
    await idle.next();
    now += 301;
    await expect(idle.toArray()).rejects.toMatchObject({ code: 43, codeName: 'CursorNotFound' });
    await live.close();
  } finally {
    clock.mockRestore();
  }
});
