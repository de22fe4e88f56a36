import { appendFileSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Decimal128, Long, MongoClient } from 'mongodb';
import { startEmbeddedMongo } from '../src';
import {
  CapturingLogger,
  removeDir,
  spawnCli,
  startTestServer,
  tempDir,
  until,
  waitForExit,
} from './support/harness';
import type { Loose } from './support/harness';

const dirs: string[] = [];
function freshDir(): string {
  const d = tempDir();
  dirs.push(d);
  return d;
}
afterAll(() => dirs.forEach(removeDir));

async function withClient<T>(uri: string, fn: (c: MongoClient) => Promise<T>): Promise<T> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 5000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.close();
  }
}

test('data, indexes and types survive a clean restart', async () => {
  const dbPath = freshDir();
  const first = await startTestServer({ dbPath });
  const c = first.client.db('app').collection<Loose>('things');
  await c.createIndex({ email: 1 }, { unique: true });
  await c.insertMany([
    { _id: 1, email: 'a', n: Long.fromString('12345678901234'), d: Decimal128.fromString('9.99') },
    { _id: 2, email: 'b' },
  ]);
  await c.updateOne({ _id: 2 }, { $set: { email: 'bb' } });
  await c.deleteOne({ _id: 1 });
  await c.insertOne({ _id: 3, email: 'c', n: Long.fromString('12345678901234') });
  await first.client.db('app').createCollection('empty');
  await first.close(true);

  const second = await startTestServer({ dbPath });
  try {
    const c2 = second.client.db('app').collection<Loose>('things');
    expect(await c2.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 2, email: 'bb' },
      { _id: 3, email: 'c', n: 12345678901234 },
    ]);
    const raw = await c2.findOne({ _id: 3 }, { promoteLongs: false });
    expect(raw?.n).toBeInstanceOf(Long);
    await expect(c2.insertOne({ email: 'c' })).rejects.toMatchObject({ code: 11000 });
    const names = (await second.client.db('app').listCollections().toArray())
      .map((x) => x.name)
      .sort();
    expect(names).toEqual(['empty', 'things']);
  } finally {
    await second.close();
  }
});

test('compaction: journal rotates into a snapshot and start-up replays snapshot + journal', async () => {
  const dbPath = freshDir();
  const s = await startTestServer({ dbPath, compactThresholdBytes: 64 * 1024 });
  const c = s.client.db('app').collection<Loose>('log');
  for (let i = 0; i < 40; i++) {
    await c.insertMany(Array.from({ length: 25 }, (_, j) => ({ i, j, pad: 'x'.repeat(100) })));
  }
  await c.updateMany({ j: 0 }, { $set: { first: true } });
  // Compaction runs in the background once the journal passes the threshold: a snapshot takes
  // the first journal's place.
  await until(() => {
    const present = readdirSync(dbPath);
    return present.includes('snapshot.bson') && !present.includes('journal-000001.log');
  });
  const files = readdirSync(dbPath);
  expect(files).toContain('snapshot.bson');
  expect(files.filter((f) => f.startsWith('journal-')).length).toBeLessThanOrEqual(2);
  await s.close(true);
  const again = await startTestServer({ dbPath });
  try {
    const c2 = again.client.db('app').collection<Loose>('log');
    expect(await c2.countDocuments()).toBe(1000);
    expect(await c2.countDocuments({ first: true })).toBe(40);
  } finally {
    await again.close();
  }
});

test('acknowledged writes survive kill -9, and a torn last record is dropped', async () => {
  const dbPath = freshDir();
  const cli = await spawnCli(['--dbpath', dbPath, '--port', '0']);
  const acknowledged: number[] = [];
  await withClient(cli.uri, async (client) => {
    const c = client.db('crash').collection<Loose>('w');
    await c.createIndex({ seq: 1 }, { unique: true });
    // Five concurrent writers; the kill lands while writes are in flight.
    let seq = 0;
    let killed = false;
    const writer = async (): Promise<void> => {
      while (!killed) {
        const mine = seq++;
        try {
          await c.insertOne({ _id: mine, seq: mine });
          if (!killed) acknowledged.push(mine);
        } catch {
          return;
        }
      }
    };
    const writers = Array.from({ length: 5 }, writer);
    while (acknowledged.length < 300) await new Promise((r) => setTimeout(r, 5));
    killed = true;
    cli.child.kill('SIGKILL');
    await Promise.allSettled(writers);
  });
  expect(await waitForExit(cli.child)).toMatchObject({ signal: 'SIGKILL' });

  // Simulate a crash in the middle of appending a record: half a record at the journal's end.
  const journal = readdirSync(dbPath)
    .filter((f) => f.startsWith('journal-'))
    .sort()
    .pop() as string;
  const journalPath = join(dbPath, journal);
  const content = readFileSync(journalPath);
  const lastLen = content.readUInt32LE(0);
  appendFileSync(journalPath, content.subarray(0, Math.min(8 + lastLen, 40)));
  const tornSize = statSync(journalPath).size;

  const logger = new CapturingLogger();
  const restarted = await startEmbeddedMongo({ dbPath, port: 0, logger });
  try {
    await withClient(restarted.uri, async (client) => {
      const c = client.db('crash').collection<Loose>('w');
      const present = new Set(
        (await c.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id as number),
      );
      for (const id of acknowledged) expect(present.has(id)).toBe(true);
      // The unique index came back too.
      await expect(c.insertOne({ seq: acknowledged[0] })).rejects.toMatchObject({ code: 11000 });
    });
    expect(logger.lines.some((l) => /torn last record/.test(l))).toBe(true);
    expect(statSync(journalPath).size).toBeLessThan(tornSize);
  } finally {
    await restarted.stop();
  }
});

test('a second server on the same dbpath is refused', async () => {
  const dbPath = freshDir();
  const first = await startEmbeddedMongo({ dbPath, port: 0, logger: new CapturingLogger() });
  try {
    await expect(
      startEmbeddedMongo({ dbPath, port: 0, logger: new CapturingLogger() }),
    ).rejects.toThrow(/dbpath .* is in use by another embedded-mongo \(pid \d+/);
    const cli = await spawnCli(['--dbpath', dbPath, '--port', '0']).catch((e: Error) => e);
    expect(cli).toBeInstanceOf(Error);
    expect((cli as Error).message).toMatch(/exited with 1.*is in use by another embedded-mongo/s);
  } finally {
    await first.stop();
  }
  // Released on stop: a new server may open it.
  const again = await startEmbeddedMongo({ dbPath, port: 0, logger: new CapturingLogger() });
  await again.stop();
});

test('CLI: one ready line on stdout, SIGTERM flushes and exits 0; in-memory mode says so on stderr', async () => {
  const dbPath = freshDir();
  const cli = await spawnCli(['--dbpath', dbPath, '--port', '0', '--host', '127.0.0.1']);
  expect(cli.uri).toMatch(/^mongodb:\/\/127\.0\.0\.1:\d+\/$/);
  await withClient(cli.uri, (client) =>
    client.db('c').collection<Loose>('x').insertOne({ _id: 1 }),
  );
  cli.child.kill('SIGTERM');
  expect(await waitForExit(cli.child)).toMatchObject({ code: 0 });
  expect(cli.stdout()).toBe(`ready ${cli.uri}\n`);
  expect(readdirSync(dbPath)).toContain('snapshot.bson');

  const mem = await spawnCli(['--port', '0']);
  expect(mem.stderr()).toMatch(/in memory/);
  await withClient(mem.uri, async (client) => {
    await client.db('c').collection<Loose>('x').insertOne({ _id: 1 });
    expect(await client.db('c').collection<Loose>('x').countDocuments()).toBe(1);
  });
  mem.child.kill('SIGINT');
  expect(await waitForExit(mem.child)).toMatchObject({ code: 0 });
  expect(mem.stdout()).toBe(`ready ${mem.uri}\n`);
});
