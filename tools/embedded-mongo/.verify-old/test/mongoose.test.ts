import mongoose, { Schema } from 'mongoose';
import { startEmbeddedMongo, type EmbeddedMongo } from '../src';
import { CapturingLogger, removeDir, tempDir } from './support/harness';

let server: EmbeddedMongo;
let dbPath: string;
let conn: mongoose.Connection;

const userSchema = new Schema(
  {
    email: { type: String, required: true, unique: true },
    handle: { type: String, index: { unique: true, sparse: true } },
    org: { type: Schema.Types.ObjectId, ref: 'Org' },
    credits: { type: Number, default: 0 },
    balance: { type: Schema.Types.Decimal128 },
    tags: [String],
  },
  { timestamps: true },
);
userSchema.index({ org: 1, email: 1 });
const orgSchema = new Schema({ name: String });

beforeAll(async () => {
  dbPath = tempDir();
  server = await startEmbeddedMongo({ dbPath, port: 0, logger: new CapturingLogger() });
  conn = await mongoose.createConnection(`${server.uri}app`).asPromise();
});
afterAll(async () => {
  await conn.close();
  await server.stop();
  removeDir(dbPath);
});

test('mongoose models: create, indexes, queries, populate, lean', async () => {
  const Org = conn.model('Org', orgSchema);
  const User = conn.model('User', userSchema);
  await User.init();
  await Org.init();
  const org = await Org.create({ name: 'Acme' });
  const ann = await User.create({ email: 'ann@acme', org: org._id, balance: '10.25', tags: ['a'] });
  await User.create({ email: 'bob@acme', org: org._id });
  await User.create({ email: 'cid@acme' }); // no handle: sparse unique allows many
  await expect(User.create({ email: 'ann@acme' })).rejects.toMatchObject({
    code: 11000,
    keyValue: { email: 'ann@acme' },
  });

  const lean = await User.findById(ann._id).lean();
  expect(lean?.email).toBe('ann@acme');
  expect(String(lean?.balance)).toBe('10.25');
  expect(lean?.createdAt).toBeInstanceOf(Date);

  const populated = await User.findOne({ email: 'bob@acme' }).populate<{ org: { name: string } }>(
    'org',
  );
  expect(populated?.org.name).toBe('Acme');

  await User.updateOne({ _id: ann._id }, { $inc: { credits: 5 }, $push: { tags: 'b' } });
  const doc = await User.findOne({ email: 'ann@acme' });
  expect(doc?.credits).toBe(5);
  expect(doc?.tags).toEqual(['a', 'b']);
  doc!.credits = 7;
  await doc!.save();
  expect((await User.findById(ann._id).lean())?.credits).toBe(7);

  const upserted = await User.findOneAndUpdate(
    { email: 'dan@acme' },
    { $set: { credits: 1 } },
    { upsert: true, returnDocument: 'after', setDefaultsOnInsert: true },
  );
  expect(upserted.email).toBe('dan@acme');
  expect(await User.countDocuments()).toBe(4);
  expect(await User.find().sort({ email: -1 }).limit(2).select('email -_id').lean()).toEqual([
    { email: 'dan@acme' },
    { email: 'cid@acme' },
  ]);
  const indexes = await User.listIndexes();
  expect(indexes.map((i) => i.name).sort()).toEqual([
    '_id_',
    'email_1',
    'handle_1',
    'org_1_email_1',
  ]);
  expect((await User.deleteMany({ org: org._id })).deletedCount).toBe(2);

  // Abandoned cursor iteration must not break anything.
  const cursor = User.find().batchSize(1).cursor();
  expect(await cursor.next()).not.toBeNull();
});

test('GridFS upload and download round trip', async () => {
  const db = conn.db!;
  const bucket = new mongoose.mongo.GridFSBucket(db, { bucketName: 'files', chunkSizeBytes: 1024 });
  const payload = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
  await new Promise<void>((resolve, reject) => {
    const up = bucket.openUploadStream('blob.bin', { metadata: { kind: 'test' } });
    up.on('finish', () => resolve());
    up.on('error', reject);
    up.end(payload);
  });
  const [file] = await bucket.find({ filename: 'blob.bin' }).toArray();
  expect(file?.length).toBe(5000);
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    bucket
      .openDownloadStreamByName('blob.bin')
      .on('data', (c: Buffer) => chunks.push(c))
      .on('end', () => resolve())
      .on('error', reject);
  });
  expect(Buffer.concat(chunks)).toEqual(payload);
  await bucket.delete(file!._id);
  expect(await db.collection('files.chunks').countDocuments()).toBe(0);
});
