// Throughput of mongoose against embedded-mongo vs. a null server (canned replies), and
// start-up time with 100k documents on disk. Servers run as child processes, as in real use.
// Usage: npm run bench -w tools/embedded-mongo   (builds first)
const { spawn } = require('node:child_process');
const { mkdtempSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const mongoose = require('mongoose');

const BIN = join(__dirname, '..', 'bin', 'embedded-mongo.js');
const NULL_SERVER = join(__dirname, 'nullServer.js');
const ROUNDS = 5;
const SECONDS_PER_ROUND = Number(process.env.BENCH_ROUND_SECONDS ?? 0.5);

function spawnServer(script, args) {
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [script, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /^ready (\S+)\n/.exec(out);
      if (m)
        resolve({ child, uri: m[1], startupMs: Number(process.hrtime.bigint() - started) / 1e6 });
    });
    child.on('exit', (code) => reject(new Error(`${script} exited ${code}: ${err}`)));
  });
}

function stop(child, signal = 'SIGTERM') {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

const userSchema = new mongoose.Schema({
  email: { type: String, unique: true },
  name: String,
  credits: Number,
});

async function opsPerSecond(fn, seconds) {
  const deadline = Date.now() + seconds * 1000;
  let n = 0;
  const start = process.hrtime.bigint();
  while (Date.now() < deadline) {
    for (let k = 0; k < 25; k++) await fn(n++);
  }
  return n / (Number(process.hrtime.bigint() - start) / 1e9);
}

/**
 * Runs the same loop against both servers in alternating short rounds and keeps each one's
 * best round, so load from other processes on the machine hits both sides alike.
 */
async function compare(embeddedFn, nullFn) {
  for (let i = 0; i < 1000; i++) {
    await embeddedFn(i); // warm-up: JIT and connection pools
    await nullFn(i);
  }
  let embedded = 0;
  let nul = 0;
  for (let round = 0; round < ROUNDS; round++) {
    nul = Math.max(nul, await opsPerSecond(nullFn, SECONDS_PER_ROUND));
    embedded = Math.max(embedded, await opsPerSecond(embeddedFn, SECONDS_PER_ROUND));
  }
  return { embedded, nul };
}

async function populate(User, count) {
  const existing = await User.estimatedDocumentCount();
  for (let i = existing; i < count; i += 1000) {
    const batch = [];
    for (let j = i; j < Math.min(i + 1000, count); j++) {
      batch.push({ email: `user${j}@example.com`, name: `User ${j}`, credits: j % 100 });
    }
    await User.collection.insertMany(batch, { ordered: false });
  }
}

async function sampleIds(User) {
  const head = await User.find({}, { _id: 1 }).limit(5000).lean();
  const tail = await User.find({}, { _id: 1 }).sort({ _id: -1 }).limit(5000).lean();
  return head.concat(tail).map((d) => d._id);
}

/** findById().lean() and findOne({ email }) at 1k and 100k documents, then create. */
async function measure(embeddedUri, nullUri) {
  const embConn = await mongoose.createConnection(`${embeddedUri}bench`).asPromise();
  const nullConn = await mongoose
    .createConnection(`${nullUri}bench`, { autoIndex: false, autoCreate: false })
    .asPromise();
  const Emb = embConn.model('User', userSchema);
  const Nul = nullConn.model('User', userSchema);
  await Emb.init();
  const nullId = new mongoose.Types.ObjectId();
  const results = {};
  for (const size of [1000, 100000]) {
    await populate(Emb, size);
    const ids = await sampleIds(Emb);
    results[`findById().lean() @${size}`] = await compare(
      (i) => Emb.findById(ids[i % ids.length]).lean(),
      () => Nul.findById(nullId).lean(),
    );
    const email = (i) => ({ email: `user${(i * 7919) % size}@example.com` });
    results[`findOne({ email }) @${size}`] = await compare(
      (i) => Emb.findOne(email(i)).lean(),
      (i) => Nul.findOne(email(i)).lean(),
    );
  }
  let created = 0;
  const fresh = () => ({ email: `new${created++}@example.com`, name: 'New', credits: 0 });
  results['create'] = await compare(
    () => Emb.create(fresh()),
    () => Nul.create(fresh()),
  );
  await embConn.close();
  await nullConn.close();
  return results;
}

async function main() {
  const dbPath = mkdtempSync(join(tmpdir(), 'emb-bench-'));
  const replayPath = mkdtempSync(join(tmpdir(), 'emb-bench-replay-'));
  try {
    const nul = await spawnServer(NULL_SERVER, []);
    const emb = await spawnServer(BIN, ['--dbpath', dbPath, '--port', '0']);
    const results = await measure(emb.uri, nul.uri);
    await stop(nul.child);
    await stop(emb.child); // clean shutdown writes a snapshot

    let fromSnapshotMs = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 3; i++) {
      const s = await spawnServer(BIN, ['--dbpath', dbPath, '--port', '0']);
      fromSnapshotMs = Math.min(fromSnapshotMs, s.startupMs);
      await stop(s.child);
    }

    // Worst case: 100k documents only in the journal, after kill -9.
    const crashy = await spawnServer(BIN, ['--dbpath', replayPath, '--port', '0']);
    const conn = await mongoose.createConnection(`${crashy.uri}bench`).asPromise();
    await populate(conn.model('User', userSchema), 100000);
    await conn.close();
    await stop(crashy.child, 'SIGKILL');
    const fromJournal = await spawnServer(BIN, ['--dbpath', replayPath, '--port', '0']);
    await stop(fromJournal.child);

    const pad = (s, n) => String(s).padEnd(n);
    const fmt = (x) => Math.round(x).toLocaleString('en-US');
    console.log(
      `embedded-mongo benchmark (node ${process.version}, best of ${ROUNDS} alternating ` +
        `${SECONDS_PER_ROUND}s rounds per side, servers in child processes)`,
    );
    console.log(`${pad('operation', 30)}${pad('embedded ops/s', 16)}${pad('null ops/s', 14)}ratio`);
    for (const [key, { embedded, nul: n }] of Object.entries(results)) {
      console.log(
        `${pad(key, 30)}${pad(fmt(embedded), 16)}${pad(fmt(n), 14)}${(embedded / n).toFixed(2)}`,
      );
    }
    const slowdown = (op) => results[`${op} @1000`].embedded / results[`${op} @100000`].embedded;
    console.log(
      `100k vs 1k (ops/s at 1k divided by ops/s at 100k): ` +
        `findById ${slowdown('findById().lean()').toFixed(2)}x, ` +
        `findOne({ email }) ${slowdown('findOne({ email })').toFixed(2)}x`,
    );
    console.log(
      `start-up with 100k documents (spawn to ready line, node start included): ` +
        `${fromSnapshotMs.toFixed(0)} ms from the snapshot (best of 3), ` +
        `${fromJournal.startupMs.toFixed(0)} ms replaying the journal after kill -9`,
    );
  } finally {
    rmSync(dbPath, { recursive: true, force: true });
    rmSync(replayPath, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
