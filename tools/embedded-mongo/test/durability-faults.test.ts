import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { basename, join } from 'node:path';
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo, type EmbeddedMongoOptions } from '../src';
import type { JournalOp } from '../src/catalog/journalOps';
import { encodeBatch } from '../src/storage/journalCodec';
import { frameRecord, RecordKind } from '../src/storage/recordFile';
import {
  CapturingLogger,
  PACKAGE_ROOT,
  removeDir,
  spawnCli,
  tempDir,
  until,
  waitForExit,
} from './support/harness';
import type { Loose } from './support/harness';
import { opMsg, opMsgReply, RawClient } from './support/rawClient';
import { diskError, ScriptedFs, sleep } from './support/scriptedFs';

const dirs: string[] = [];
function freshDir(): string {
  const d = tempDir();
  dirs.push(d);
  return d;
}
afterAll(() => dirs.forEach(removeDir));

async function withClient<T>(uri: string, fn: (c: MongoClient) => Promise<T>): Promise<T> {
  const client = new MongoClient(uri, { serverSelectionTimeoutMS: 2000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.close();
  }
}

/** Starts a server, collects the `_id`s of app.t and stops it again. */
async function storedIds(options: EmbeddedMongoOptions): Promise<unknown[]> {
  const server = await startEmbeddedMongo({ port: 0, logger: new CapturingLogger(), ...options });
  try {
    return await withClient(server.uri, async (client) =>
      (await client.db('app').collection<Loose>('t').find().sort({ _id: 1 }).toArray()).map(
        (d) => d._id,
      ),
    );
  } finally {
    await server.stop();
  }
}

function tcpConnect(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve();
    });
    socket.once('error', reject);
  });
}

/** `p`'s value, or 'timed out': a broken server must fail the test, not hang it. */
function within<T>(p: Promise<T>, ms: number): Promise<T | 'timed out'> {
  return Promise.race([p, sleep(ms).then(() => 'timed out' as const)]);
}

async function exitWithin(
  child: ChildProcessWithoutNullStreams,
  ms: number,
): Promise<{ code: number | null; signal: NodeJS.Signals | null } | 'still running'> {
  const exited = await within(waitForExit(child), ms);
  if (exited !== 'timed out') return exited;
  child.kill('SIGKILL');
  return 'still running';
}

// Journals written the way the server writes them: one record per command.
const createT: JournalOp = { op: 'createCollection', db: 'app', coll: 't', options: {} };
const putT = (id: number): JournalOp => ({
  op: 'put',
  db: 'app',
  coll: 't',
  doc: { _id: id, pad: 'x'.repeat(40) },
});
const record = (...ops: JournalOp[]): Buffer =>
  frameRecord(RecordKind.journalBatch, encodeBatch(ops));

/** Writes a journal of `records` and returns where each record starts. */
function writeJournal(dbPath: string, n: number, records: Buffer[]): number[] {
  const starts: number[] = [];
  let offset = 0;
  for (const r of records) {
    starts.push(offset);
    offset += r.length;
  }
  writeFileSync(join(dbPath, `journal-${String(n).padStart(6, '0')}.log`), Buffer.concat(records));
  return starts;
}

/** A journal with collection app.t and documents 1..5, and document 3's record damaged. */
function journalDamagedInTheMiddle(dbPath: string): { path: string; damagedAt: number } {
  const records = [record(createT, putT(1)), ...[2, 3, 4, 5].map((id) => record(putT(id)))];
  const starts = writeJournal(dbPath, 1, records);
  const path = join(dbPath, 'journal-000001.log');
  const bytes = readFileSync(path);
  const damagedAt = starts[2] as number;
  flipByte(bytes, damagedAt + 20); // inside document 3's record
  writeFileSync(path, bytes);
  return { path, damagedAt };
}

describe('10: a failed journal write stops the server', () => {
  test('the failed write is not acknowledged, no client is served afterwards, the server stops, and acknowledged writes survive', async () => {
    const dbPath = freshDir();
    const fs = new ScriptedFs();
    const logger = new CapturingLogger();
    let reportFatal: (err: Error) => void = () => undefined;
    const fatal = new Promise<Error>((resolve) => (reportFatal = resolve));
    const server = await startEmbeddedMongo({
      dbPath,
      port: 0,
      logger,
      storageFs: fs,
      onFatal: (err) => reportFatal(err),
    });
    const client = new MongoClient(server.uri, { serverSelectionTimeoutMS: 1000 });
    try {
      const c = client.db('app').collection<Loose>('t');
      await c.insertOne({ _id: 1 });
      const reader = await RawClient.open(server.port);

      fs.before = (call, path) => {
        if (call === 'datasync' && path.endsWith('.log')) throw diskError('EIO');
      };
      await expect(c.insertOne({ _id: 2 })).rejects.toThrow(/journal write failed/);

      // Document 2 is in memory but not on disk: another connection must not be given it. The
      // failure ended every connection before the write's error went out, so the read gets no
      // answer at all, and any answer would have arrived before the close.
      reader.send(opMsg(7, 0, [{ kind: 0, doc: { find: 't', filter: { _id: 2 }, $db: 'app' } }]));
      expect(
        await within(
          reader.closed.then(() => 'closed'),
          3000,
        ),
      ).toBe('closed');
      const answer = await reader.next(0);
      expect(answer && opMsgReply(answer)).toBeUndefined();
      await expect(tcpConnect(server.port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      const reported = await within(fatal, 3000);
      expect(reported).toBeInstanceOf(Error);
      expect((reported as Error).message).toMatch(
        /journal-000001\.log: write or fdatasync failed: EIO/,
      );
      expect(logger.lines).toContainEqual(
        expect.stringMatching(/^FATAL: .*EIO.*The server stops.*not acknowledged/),
      );
    } finally {
      await client.close();
      await server.stop();
    }
    // The lock is released, and the acknowledged write is on disk.
    expect(await storedIds({ dbPath })).toContain(1);
  });

  test('writes waiting in the same group commit are all refused, and later writes are not accepted', async () => {
    const dbPath = freshDir();
    const fs = new ScriptedFs();
    const server = await startEmbeddedMongo({
      dbPath,
      port: 0,
      logger: new CapturingLogger(),
      storageFs: fs,
    });
    try {
      await withClient(server.uri, async (client) => {
        const c = client.db('app').collection<Loose>('t');
        await c.insertOne({ _id: 0 });
        let failNow: () => void = () => undefined;
        const failing = new Promise<void>((resolve) => (failNow = resolve));
        fs.before = async (call, path) => {
          if (call !== 'datasync' || !path.endsWith('.log')) return;
          await failing; // hold the fsync so that more writes queue behind it
          throw diskError('ENOSPC');
        };
        const writes = Array.from({ length: 10 }, (_, i) => c.insertOne({ _id: i + 1 }));
        // The server applies a write in memory at once, then waits for the journal: once all
        // ten are visible, all ten are waiting on the held fsync.
        await until(async () => (await c.countDocuments()) === 11);
        failNow();
        const results = await Promise.allSettled(writes);
        expect(results.map((r) => r.status)).toEqual(Array(10).fill('rejected'));
        await expect(c.insertOne({ _id: 100 })).rejects.toThrow();
      });
    } finally {
      await server.stop();
    }
    expect(await storedIds({ dbPath })).toContain(0);
  });

  test('CLI: a failed journal fsync makes the process exit with status 1 and a FATAL line', async () => {
    const dbPath = freshDir();
    const trigger = join(freshDir(), 'fail-now');
    const cli = await spawnCli(['--dbpath', dbPath, '--port', '0'], {
      nodeArgs: ['--require', join(PACKAGE_ROOT, 'test/support/faults/failJournalDatasync.js')],
      env: { EMBEDDED_MONGO_FAIL_WHEN: trigger },
    });
    await withClient(cli.uri, async (client) => {
      const c = client.db('app').collection<Loose>('t');
      await c.insertOne({ _id: 1 });
      writeFileSync(trigger, '');
      await expect(c.insertOne({ _id: 2 })).rejects.toThrow(/journal write failed/);
    });
    expect(await exitWithin(cli.child, 5000)).toMatchObject({ code: 1 });
    expect(cli.stderr()).toMatch(
      /FATAL: journal \S*journal-000001\.log: write or fdatasync failed: EIO/,
    );
    expect(await storedIds({ dbPath })).toContain(1);
  });
});

describe('11: damage in the middle of a journal', () => {
  test('start-up is refused with a message naming the damage and --repair, and the journal is left untouched', async () => {
    const dbPath = freshDir();
    const { path, damagedAt } = journalDamagedInTheMiddle(dbPath);
    const before = readFileSync(path);
    const logger = new CapturingLogger();
    const failure = await startEmbeddedMongo({ dbPath, port: 0, logger }).catch((e: Error) => e);
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toContain(`journal ${path} is damaged at byte ${damagedAt}`);
    // Documents 4 and 5 are intact after the damaged record of document 3.
    expect(message).toMatch(/2 intact record\(s\) and \d+ bytes after it/);
    expect(message).toMatch(/--repair/);
    expect(readFileSync(path).equals(before)).toBe(true);
    // The refused start released the lock: a repairing start can follow.
    expect(await storedIds({ dbPath, repair: true })).toEqual([1, 2]);
  });

  test('repair: true says how many records and bytes it drops, truncates there, and the server then works normally', async () => {
    const dbPath = freshDir();
    const { path, damagedAt } = journalDamagedInTheMiddle(dbPath);
    const size = statSync(path).size;
    const logger = new CapturingLogger();
    const server = await startEmbeddedMongo({ dbPath, port: 0, logger, repair: true });
    try {
      expect(statSync(path).size).toBe(damagedAt);
      expect(logger.lines).toContainEqual(
        expect.stringContaining(
          `repair: journal ${path} is damaged at byte ${damagedAt} of ${size}; truncating it ` +
            `there and dropping 2 intact record(s) and ${size - damagedAt} bytes after it`,
        ),
      );
      await withClient(server.uri, (client) =>
        client.db('app').collection<Loose>('t').insertOne({ _id: 6 }),
      );
    } finally {
      await server.stop();
    }
    expect(await storedIds({ dbPath })).toEqual([1, 2, 6]);
  });

  test('CLI: refuses with exit status 1 and names --repair; with --repair it starts', async () => {
    const dbPath = freshDir();
    journalDamagedInTheMiddle(dbPath);
    const refused = await spawnCli(['--dbpath', dbPath, '--port', '0']).catch((e: Error) => e);
    if (!(refused instanceof Error)) refused.child.kill('SIGKILL');
    expect(refused).toBeInstanceOf(Error);
    expect((refused as Error).message).toMatch(/exited with 1.*is damaged at byte.*--repair/s);
    const repaired = await spawnCli(['--dbpath', dbPath, '--port', '0', '--repair']);
    expect(repaired.stderr()).toMatch(/repair: journal .* dropping 2 intact record/);
    repaired.child.kill('SIGTERM');
    expect(await waitForExit(repaired.child)).toMatchObject({ code: 0 });
  });

  test('damage in an older journal is refused when a newer journal holds records; repair drops that journal too', async () => {
    const dbPath = freshDir();
    const torn = record(putT(3));
    writeJournal(dbPath, 1, [record(createT, putT(1)), record(putT(2)), torn.subarray(0, 20)]);
    writeJournal(dbPath, 2, [record(putT(4))]);
    const failure = await startEmbeddedMongo({ dbPath, port: 0, logger: new CapturingLogger() })
      .then((s) => s.stop())
      .catch((e: Error) => e);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toMatch(
      /journal-000001\.log is damaged .* 1 intact record\(s\) .* counting 1 later journal file/,
    );
    const logger = new CapturingLogger();
    expect(await storedIds({ dbPath, repair: true, logger })).toEqual([1, 2]);
    expect(logger.lines).toContainEqual(
      expect.stringMatching(/repair: .* dropping 1 intact record\(s\) .* 1 later journal file/),
    );
  });

  const tails: [string, (last: Buffer) => Buffer][] = [
    ['an incomplete last record', (last) => last.subarray(0, last.length - 7)],
    ['a complete last record that fails its checksum', (last) => flipLastByte(last)],
    ['zeros after the last record', () => Buffer.alloc(300)],
  ];
  test.each(tails)('a torn tail (%s) is still recovered silently', async (_name, tear) => {
    const dbPath = freshDir();
    const records = [record(createT, putT(1)), record(putT(2))];
    const starts = writeJournal(dbPath, 1, [...records, tear(record(putT(3)))]);
    const logger = new CapturingLogger();
    const server = await startEmbeddedMongo({ dbPath, port: 0, logger });
    try {
      expect(statSync(join(dbPath, 'journal-000001.log')).size).toBe(starts[2]);
      expect(logger.lines).toContainEqual(expect.stringMatching(/torn last record/));
    } finally {
      await server.stop();
    }
    expect(await storedIds({ dbPath })).toEqual([1, 2]);
  });
});

function flipLastByte(b: Buffer): Buffer {
  const copy = Buffer.from(b);
  flipByte(copy, copy.length - 1);
  return copy;
}

function flipByte(b: Buffer, at: number): void {
  b.writeUInt8(b.readUInt8(at) ^ 0xff, at);
}

describe('12: directory entries are durable before acknowledgements depend on them', () => {
  test('the directory entry of a new journal is fsynced before a write to it is acknowledged', async () => {
    const dbPath = freshDir();
    const fs = new ScriptedFs();
    const server = await startEmbeddedMongo({
      dbPath,
      port: 0,
      logger: new CapturingLogger(),
      storageFs: fs,
      compactThresholdBytes: 4096,
    });
    // A slow directory fsync: an acknowledgement that does not wait for it overtakes it.
    fs.before = async (call) => {
      if (call === 'syncDirectory') await sleep(300);
    };
    const ackedAfterRotation = (): boolean => {
      const firstWrite = fs.indexOf('write journal-000002.log');
      return firstWrite >= 0 && fs.log.slice(firstWrite).some((e) => e.startsWith('ack '));
    };
    try {
      await withClient(server.uri, async (client) => {
        const c = client.db('app').collection<Loose>('t');
        for (let i = 0; i < 100 && !ackedAfterRotation(); i++) {
          await c.insertOne({ _id: i, pad: 'x'.repeat(500) });
          fs.log.push(`ack ${i}`);
        }
      });
    } finally {
      await server.stop();
    }
    const opened = fs.indexOf('open journal-000002.log');
    const dirSynced = fs.indexOf(`syncDirectory ${basename(dbPath)}`, opened);
    const firstWrite = fs.indexOf('write journal-000002.log');
    const firstAck = fs.log.findIndex((e, i) => i > firstWrite && e.startsWith('ack '));
    expect(opened).toBeGreaterThanOrEqual(0);
    expect(firstWrite).toBeGreaterThan(opened);
    expect(dirSynced).toBeGreaterThan(opened);
    expect(firstAck).toBeGreaterThan(dirSynced);
  });

  test("a write to a new journal is not acknowledged before the previous journal's last write is durable", async () => {
    const dbPath = freshDir();
    const fs = new ScriptedFs();
    const server = await startEmbeddedMongo({
      dbPath,
      port: 0,
      logger: new CapturingLogger(),
      storageFs: fs,
      compactThresholdBytes: 4096,
    });
    fs.before = async (call, path) => {
      if (call === 'datasync' && path.endsWith('journal-000001.log')) await sleep(300);
    };
    try {
      await withClient(server.uri, async (first) => {
        await withClient(server.uri, async (second) => {
          await second.db('app').command({ ping: 1 });
          // One write large enough to pass the threshold: it stays in journal 1, whose fsync
          // is slow, and the server rotates to journal 2 right away.
          const big = first
            .db('app')
            .collection<Loose>('t')
            .insertOne({ _id: 'big', pad: 'x'.repeat(8192) });
          await until(() => fs.indexOf('open journal-000002.log') >= 0);
          await second.db('app').collection<Loose>('t').insertOne({ _id: 'after' });
          fs.log.push('ack after');
          await big;
        });
      });
    } finally {
      await server.stop();
    }
    // "after" went to journal 2, and its acknowledgement waited for journal 1's slow fsync.
    expect(fs.indexOf('write journal-000002.log')).toBeGreaterThanOrEqual(0);
    expect(fs.indexOf('ack after')).toBeGreaterThan(
      fs.log.lastIndexOf('datasync journal-000001.log'),
    );
  });

  test('a snapshot is renamed into place and its directory fsynced before the journals it replaces are deleted', async () => {
    const dbPath = freshDir();
    const fs = new ScriptedFs();
    const server = await startEmbeddedMongo({
      dbPath,
      port: 0,
      logger: new CapturingLogger(),
      storageFs: fs,
    });
    await withClient(server.uri, (client) =>
      client.db('app').collection<Loose>('t').insertOne({ _id: 1 }),
    );
    await server.stop(); // a clean stop writes a snapshot
    const renamed = fs.indexOf('rename snapshot.bson.tmp');
    const dirSynced = fs.indexOf(`syncDirectory ${basename(dbPath)}`, renamed);
    const removed = fs.indexOf('remove journal-000001.log');
    expect(renamed).toBeGreaterThanOrEqual(0);
    expect(dirSynced).toBeGreaterThan(renamed);
    expect(removed).toBeGreaterThan(dirSynced);
  });

  test('a dbpath created at start-up has its own directory entries fsynced before the server is ready', async () => {
    const parent = freshDir();
    const dbPath = join(parent, 'nested', 'db');
    const fs = new ScriptedFs();
    const server = await startEmbeddedMongo({
      dbPath,
      port: 0,
      logger: new CapturingLogger(),
      storageFs: fs,
    });
    const atReady = [...fs.log];
    await server.stop();
    expect(atReady).toEqual(
      expect.arrayContaining([
        `syncDirectory ${basename(parent)}`,
        'syncDirectory nested',
        'syncDirectory db',
      ]),
    );
  });
});

describe('13: the lock file', () => {
  const lockPath = (dbPath: string): string => join(dbPath, 'mongod.lock');
  // The parent of this test process is alive and is not this process: a live owner.
  const livePid = process.ppid;

  test.each([
    ['empty', ''],
    ['partly written', String(livePid).slice(0, 1)],
  ])(
    'a lock that is %s (its owner is still writing it) is waited for, not taken for stale',
    async (_state, partial) => {
      const dbPath = freshDir();
      writeFileSync(lockPath(dbPath), partial);
      const completed = sleep(200).then(() => writeFileSync(lockPath(dbPath), `${livePid}\n`));
      const attempt = startEmbeddedMongo({ dbPath, port: 0, logger: new CapturingLogger() });
      await expect(attempt).rejects.toThrow(
        new RegExp(`is in use by another embedded-mongo \\(pid ${livePid},`),
      );
      await completed;
      expect(readFileSync(lockPath(dbPath), 'utf8')).toBe(`${livePid}\n`);
    },
  );

  test('a lock that never gets a pid is taken over after a while, with a warning', async () => {
    const dbPath = freshDir();
    writeFileSync(lockPath(dbPath), '');
    const logger = new CapturingLogger();
    const server = await startEmbeddedMongo({ dbPath, port: 0, logger });
    await server.stop();
    expect(logger.lines).toContainEqual(
      expect.stringMatching(/lock file .* has had no complete pid .* taking it over/),
    );
  });

  test.each([
    ['an older version (pid only)', `${process.pid}\n`],
    ['an earlier process with this pid', `${process.pid}\nstarted 2001-01-01T00:00:00.000Z\n`],
  ])(
    "a stale lock with this process's own pid, written by %s, is taken over",
    async (_writer, content) => {
      const dbPath = freshDir();
      writeFileSync(lockPath(dbPath), content);
      const logger = new CapturingLogger();
      const server = await startEmbeddedMongo({ dbPath, port: 0, logger });
      try {
        expect(logger.lines).toContainEqual(
          expect.stringMatching(
            new RegExp(`taking over the stale lock file .* pid ${process.pid}`),
          ),
        );
        // The lock is now this server's: a second server in this process is still refused.
        await expect(
          startEmbeddedMongo({ dbPath, port: 0, logger: new CapturingLogger() }),
        ).rejects.toThrow(/is in use by another embedded-mongo/);
      } finally {
        await server.stop();
      }
    },
  );

  test('of several processes starting at once on one dbpath, exactly one gets it', async () => {
    const dbPath = freshDir();
    const starts = await Promise.allSettled(
      Array.from({ length: 4 }, () => spawnCli(['--dbpath', dbPath, '--port', '0'])),
    );
    const winners = starts.filter((s) => s.status === 'fulfilled');
    try {
      expect(winners).toHaveLength(1);
      for (const s of starts) {
        if (s.status === 'rejected') {
          expect(String(s.reason)).toMatch(/is in use by another embedded-mongo/);
        }
      }
    } finally {
      for (const w of winners) {
        w.value.child.kill('SIGTERM');
        await waitForExit(w.value.child);
      }
    }
    expect(readdirSync(dbPath).filter((f) => f.startsWith('mongod.lock'))).toEqual([]);
  });
});
