import type { Db } from 'mongodb';
import { rawCommand, startTestServer, type TestServer } from './support/harness';
import type { Loose } from './support/harness';

let t: TestServer;
let db: Db;

beforeAll(async () => {
  t = await startTestServer();
  db = t.client.db('cmds');
});
afterAll(() => t.close());

describe('server commands', () => {
  test('hello describes a standalone with sessions', async () => {
    const hello = await db.admin().command({ hello: 1 });
    expect(hello.isWritablePrimary).toBe(true);
    expect(hello.logicalSessionTimeoutMinutes).toBeGreaterThan(0);
    expect(hello.maxWireVersion).toBeGreaterThanOrEqual(9);
    expect(hello.setName).toBeUndefined();
    const legacy = await db.admin().command({ isMaster: 1 });
    expect(legacy.ismaster).toBe(true);
    const session = t.client.startSession();
    await db.collection<Loose>('s').insertOne({ a: 1 }, { session });
    await session.endSession();
  });

  test('ping and buildInfo', async () => {
    expect((await db.admin().command({ ping: 1 })).ok).toBe(1);
    const info = await db.admin().command({ buildInfo: 1 });
    expect(info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(info.versionArray).toHaveLength(4);
    const session = t.client.startSession();
    const ended = await db.admin().command({ endSessions: [session.id] });
    expect(ended.ok).toBe(1);
    await session.endSession();
  });

  test('unknown commands fail with CommandNotFound 59', async () => {
    const reply = await rawCommand(t.client, 'cmds', { frobnicate: 1 });
    expect(reply).toMatchObject({ ok: 0, code: 59, codeName: 'CommandNotFound' });
  });

  test('create, listCollections, drop and NamespaceExists / NamespaceNotFound', async () => {
    await db.createCollection('made');
    await expect(db.createCollection('made')).rejects.toMatchObject({
      code: 48,
      codeName: 'NamespaceExists',
    });
    const names = (await db.listCollections().toArray()).map((c) => c.name);
    expect(names).toContain('made');
    const filtered = await db.listCollections({ name: 'made' }, { nameOnly: true }).toArray();
    expect(filtered).toEqual([{ name: 'made', type: 'collection' }]);
    expect(await db.collection<Loose>('made').drop()).toBe(true);
    const reply = await rawCommand(t.client, 'cmds', { drop: 'made' });
    expect(reply).toMatchObject({ ok: 0, code: 26, codeName: 'NamespaceNotFound' });
    await expect(db.collection<Loose>('never').listIndexes().toArray()).rejects.toMatchObject({
      code: 26,
    });
  });

  test('listDatabases and dropDatabase', async () => {
    const other = t.client.db('other_db');
    await other.collection<Loose>('x').insertOne({ a: 1 });
    const { databases } = await db.admin().listDatabases();
    expect(databases.map((d) => d.name)).toEqual(expect.arrayContaining(['cmds', 'other_db']));
    expect(await other.dropDatabase()).toBe(true);
    const after = await db.admin().listDatabases({ nameOnly: true });
    expect(after.databases.map((d) => d.name)).not.toContain('other_db');
    expect(await other.collection<Loose>('x').countDocuments()).toBe(0);
  });

  test('malformed commands fail with BadValue / FailedToParse / TypeMismatch', async () => {
    await db.collection<Loose>('m').insertOne({ a: 1 });
    expect(
      await rawCommand(t.client, 'cmds', { find: 'm', filter: { a: { $frob: 1 } } }),
    ).toMatchObject({
      ok: 0,
      code: 2,
      errmsg: expect.stringContaining('unknown operator: $frob'),
    });
    expect(await rawCommand(t.client, 'cmds', { find: 'm', filter: { $bogus: [] } })).toMatchObject(
      {
        ok: 0,
        code: 2,
      },
    );
    expect(await rawCommand(t.client, 'cmds', { find: 'm', filter: { $or: [] } })).toMatchObject({
      ok: 0,
      code: 2,
    });
    expect(
      await rawCommand(t.client, 'cmds', {
        update: 'm',
        updates: [{ q: {}, u: { $frob: { a: 1 } } }],
      }),
    ).toMatchObject({ ok: 1, writeErrors: [expect.objectContaining({ code: 9 })] });
    expect(await rawCommand(t.client, 'cmds', { aggregate: 'm', pipeline: [] })).toMatchObject({
      ok: 0,
      code: 9,
    });
    expect(
      await rawCommand(t.client, 'cmds', { aggregate: 'm', pipeline: [{ $frob: {} }], cursor: {} }),
    ).toMatchObject({
      ok: 0,
      code: 40324,
    });
    expect(await rawCommand(t.client, 'cmds', { insert: 'm', documents: 'nope' })).toMatchObject({
      ok: 0,
      code: 14,
    });
    expect(await rawCommand(t.client, 'cmds', { find: 'm', filter: 'nope' })).toMatchObject({
      ok: 0,
      code: 14,
    });
    expect(await rawCommand(t.client, 'cmds', { insert: 'm' })).toMatchObject({ ok: 0, code: 9 });
    expect(await rawCommand(t.client, 'cmds', { findAndModify: 'm', query: {} })).toMatchObject({
      ok: 0,
      code: 9,
    });
  });

  test('collations are refused rather than ignored; __proto__ paths cannot pollute', async () => {
    await db.collection<Loose>('coll').insertMany([{ _id: 1 }, { _id: 3 }, { _id: 2 }]);
    expect(
      await rawCommand(t.client, 'cmds', {
        find: 'coll',
        collation: { locale: 'en', strength: 2 },
      }),
    ).toMatchObject({ ok: 0, code: 238 });
    const reply = await rawCommand(t.client, 'cmds', {
      update: 'coll',
      updates: [{ q: { _id: 1 }, u: { $set: { '__proto__.polluted': 1 } } }],
    });
    expect(reply).toMatchObject({ writeErrors: [expect.objectContaining({ code: 2 })] });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    const natural = await db
      .collection<Loose>('coll')
      .find({}, { sort: { $natural: -1 } })
      .toArray();
    expect(natural.map((d) => d._id)).toEqual([2, 3, 1]);
  });

  test('multi-document transactions are refused with IllegalOperation 20', async () => {
    const session = t.client.startSession();
    try {
      // The driver re-wraps a standalone's code 20 for writes; the server's own error rides along.
      const err = await session
        .withTransaction(async () => {
          await db.collection<Loose>('tx').insertOne({ a: 1 }, { session });
        })
        .catch((e: unknown) => e);
      expect(err).toMatchObject({
        originalError: expect.objectContaining({ code: 20, codeName: 'IllegalOperation' }),
      });
    } finally {
      await session.endSession();
    }
    const raw = await rawCommand(t.client, 'cmds', {
      find: 'tx',
      txnNumber: 1,
      startTransaction: true,
      autocommit: false,
    });
    expect(raw).toMatchObject({
      ok: 0,
      code: 20,
      codeName: 'IllegalOperation',
      errmsg: 'Transaction numbers are only allowed on a replica set member or mongos',
    });
    expect(await db.collection<Loose>('tx').countDocuments()).toBe(0);
  });
});
