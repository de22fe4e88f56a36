import { randomBytes } from 'node:crypto';
import { BSON } from 'bson';
import { crc32c } from '../src/wire/crc32c';
import { startTestServer, type TestServer } from './support/harness';
import { header, opMsg, opMsgReply, RawClient } from './support/rawClient';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

async function stillServing(): Promise<void> {
  expect((await t.client.db('w').command({ ping: 1 })).ok).toBe(1);
  const c = await RawClient.open(t.server.port);
  c.send(opMsg(1, 0, [{ kind: 0, doc: { ping: 1, $db: 'admin' } }]));
  expect(opMsgReply((await c.next()) as Buffer).ok).toBe(1);
  c.close();
}

describe('wire protocol', () => {
  test('legacy OP_QUERY isMaster is answered with OP_REPLY', async () => {
    const c = await RawClient.open(t.server.port);
    const query = Buffer.from(BSON.serialize({ isMaster: 1, helloOk: true }));
    const body = Buffer.concat([
      Buffer.alloc(4),
      Buffer.from('admin.$cmd\0'),
      Buffer.alloc(4),
      Buffer.from([255, 255, 255, 255]),
      query,
    ]);
    c.send(Buffer.concat([header(16 + body.length, 77, 2004), body]));
    const reply = (await c.next()) as Buffer;
    expect(reply.readInt32LE(8)).toBe(77);
    expect(reply.readInt32LE(12)).toBe(1);
    expect(reply.readInt32LE(32)).toBe(1);
    const doc = BSON.deserialize(reply.subarray(36));
    expect(doc).toMatchObject({
      ismaster: true,
      helloOk: true,
      maxWireVersion: expect.any(Number),
      logicalSessionTimeoutMinutes: 30,
    });
    c.close();
  });

  test('OP_MSG document sequences (kind 1) are merged into the command', async () => {
    const c = await RawClient.open(t.server.port);
    c.send(
      opMsg(5, 0, [
        { kind: 0, doc: { insert: 'seq', $db: 'w' } },
        { kind: 1, identifier: 'documents', docs: [{ _id: 1 }, { _id: 2 }, { _id: 3 }] },
      ]),
    );
    const reply = (await c.next()) as Buffer;
    expect(reply.readInt32LE(8)).toBe(5);
    expect(opMsgReply(reply)).toMatchObject({ n: 3, ok: 1 });
    c.close();
  });

  test('checksummed OP_MSG is verified; a bad checksum closes the connection', async () => {
    const c = await RawClient.open(t.server.port);
    const unsummed = opMsg(6, 1, [{ kind: 0, doc: { ping: 1, $db: 'admin' } }], Buffer.alloc(4));
    const crc = crc32c(unsummed.subarray(0, unsummed.length - 4));
    const good = Buffer.from(unsummed);
    good.writeUInt32LE(crc, good.length - 4);
    c.send(good);
    expect(opMsgReply((await c.next()) as Buffer).ok).toBe(1);
    const bad = Buffer.from(good);
    bad.writeUInt32LE((crc + 1) >>> 0, bad.length - 4);
    c.send(bad);
    await c.closed;
    expect(t.logger.lines.some((l) => /checksum mismatch/.test(l))).toBe(true);
    await stillServing();
  });

  test('moreToCome requests get no reply but are executed', async () => {
    const c = await RawClient.open(t.server.port);
    c.send(
      opMsg(8, 2, [{ kind: 0, doc: { insert: 'fire', documents: [{ _id: 'x' }], $db: 'w' } }]),
    );
    c.send(opMsg(9, 0, [{ kind: 0, doc: { find: 'fire', filter: {}, $db: 'w' } }]));
    const reply = (await c.next()) as Buffer;
    expect(reply.readInt32LE(8)).toBe(9);
    const cursor = opMsgReply(reply).cursor as { firstBatch: unknown[] };
    expect(cursor.firstBatch).toEqual([{ _id: 'x' }]);
    expect(await c.next(200)).toBeUndefined();
    c.close();
  });

  test.each([
    [
      // A random length prefix would, about once in a hundred runs, announce a valid length
      // longer than what follows, and the server (as mongod does) waits for the rest.
      'random bytes framed as one message',
      () => {
        const bytes = randomBytes(4096);
        bytes.writeInt32LE(bytes.length, 0);
        return bytes;
      },
    ],
    ['a length prefix beyond 48 MB', () => header(64 * 1024 * 1024, 1, 2013)],
    ['a negative length', () => header(-5, 1, 2013)],
    ['an unknown opcode', () => Buffer.concat([header(20, 1, 9999), Buffer.alloc(4)])],
    ['OP_COMPRESSED', () => Buffer.concat([header(25, 1, 2012), Buffer.alloc(9)])],
    [
      'an OP_MSG whose document overruns the message',
      () => {
        const m = opMsg(1, 0, [{ kind: 0, doc: { ping: 1, $db: 'admin' } }]);
        m.writeInt32LE(1000, 21);
        return m;
      },
    ],
    [
      'an OP_MSG with unknown required flags',
      () => opMsg(1, 1 << 5, [{ kind: 0, doc: { ping: 1, $db: 'admin' } }]),
    ],
    [
      'an OP_MSG with invalid BSON',
      () => {
        const m = opMsg(1, 0, [{ kind: 0, doc: { ping: 'x', $db: 'admin' } }]);
        m[25] = 0x77; // element type byte of "ping" -> unknown type
        return m;
      },
    ],
  ])('%s closes that connection, logs, and the server keeps serving', async (_name, make) => {
    const before = t.logger.lines.length;
    const c = await RawClient.open(t.server.port);
    c.send(make());
    await c.closed;
    expect(t.logger.lines.slice(before).some((l) => l.includes('closing connection'))).toBe(true);
    await stillServing();
  });

  test('a truncated message just waits; the server serves others meanwhile', async () => {
    const c = await RawClient.open(t.server.port);
    const full = opMsg(3, 0, [{ kind: 0, doc: { ping: 1, $db: 'admin' } }]);
    c.send(full.subarray(0, 10));
    await stillServing();
    c.send(full.subarray(10));
    expect(opMsgReply((await c.next()) as Buffer).ok).toBe(1);
    c.close();
  });
});
