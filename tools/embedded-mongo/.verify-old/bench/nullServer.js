// A server that answers every command with a canned reply and does no work: the driver's
// round-trip limit on this machine. Prints "ready mongodb://HOST:PORT/" like the real CLI.
const net = require('node:net');
const { BSON, Long, ObjectId } = require('bson');

const hello = {
  ismaster: true,
  isWritablePrimary: true,
  helloOk: true,
  maxBsonObjectSize: 16777216,
  maxMessageSizeBytes: 48000000,
  maxWriteBatchSize: 100000,
  logicalSessionTimeoutMinutes: 30,
  minWireVersion: 0,
  maxWireVersion: 21,
  ok: 1,
};
const cannedDoc = { _id: new ObjectId(), email: 'user1@example.com', name: 'User 1', credits: 1 };
const bodies = {
  hello: BSON.serialize({ ...hello, localTime: new Date() }),
  find: BSON.serialize({
    cursor: { firstBatch: [cannedDoc], id: Long.fromNumber(0), ns: 'bench.users' },
    ok: 1,
  }),
  insert: BSON.serialize({ n: 1, ok: 1 }),
  ok: BSON.serialize({ ok: 1 }),
};

function frameMsg(responseTo, body) {
  const out = Buffer.alloc(21 + body.length);
  out.writeInt32LE(out.length, 0);
  out.writeInt32LE(responseTo, 8);
  out.writeInt32LE(2013, 12);
  Buffer.from(body).copy(out, 21);
  return out;
}

function frameReply(responseTo, body) {
  const out = Buffer.alloc(36 + body.length);
  out.writeInt32LE(out.length, 0);
  out.writeInt32LE(responseTo, 8);
  out.writeInt32LE(1, 12);
  out.writeInt32LE(1, 32);
  Buffer.from(body).copy(out, 36);
  return out;
}

function commandName(msg, docStart) {
  const end = msg.indexOf(0, docStart + 5);
  return msg.toString('utf8', docStart + 5, end);
}

const server = net.createServer((socket) => {
  socket.setNoDelay(true);
  let buf = Buffer.alloc(0);
  socket.on('data', (chunk) => {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    while (buf.length >= 4 && buf.length >= buf.readInt32LE(0)) {
      const len = buf.readInt32LE(0);
      const msg = buf.subarray(0, len);
      buf = buf.subarray(len);
      const requestId = msg.readInt32LE(4);
      if (msg.readInt32LE(12) === 2004) {
        socket.write(frameReply(requestId, bodies.hello));
        continue;
      }
      const flags = msg.readUInt32LE(16);
      if (flags & 2) continue; // moreToCome: no reply
      const name = commandName(msg, 21);
      const body =
        name === 'hello' || name === 'isMaster' || name === 'ismaster'
          ? bodies.hello
          : name === 'find'
            ? bodies.find
            : name === 'insert'
              ? bodies.insert
              : bodies.ok;
      socket.write(frameMsg(requestId, body));
    }
  });
  socket.on('error', () => {});
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`ready mongodb://127.0.0.1:${server.address().port}/\n`);
});
process.on('SIGTERM', () => process.exit(0));
