import { randomBytes } from 'node:crypto';
import { getConnectionToken } from '@nestjs/mongoose';
import { Test } from '@nestjs/testing';
import type { Connection } from 'mongoose';
import { loadConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { SharedThrottlerStorage } from './shared-throttler-storage';

const mongoUri = `${process.env.TEST_MONGODB_URI}throttler_${randomBytes(4).toString('hex')}`;
const MINUTE = 60_000;

/** Three storages on one database: three API instances. */
const modules: { close(): Promise<unknown>; get(token: unknown): unknown }[] = [];
let instances: SharedThrottlerStorage[] = [];

beforeAll(async () => {
  for (let index = 0; index < 3; index += 1) {
    const module = await Test.createTestingModule({
      imports: [
        ConfigModule.forRoot(loadConfig({ NODE_ENV: 'test' })),
        DatabaseModule.forRoot(mongoUri),
      ],
      providers: [SharedThrottlerStorage],
    }).compile();
    await module.init();
    modules.push(module);
  }
  instances = modules.map((module) => module.get(SharedThrottlerStorage) as SharedThrottlerStorage);
});

afterAll(async () => {
  await (modules[0]?.get(getConnectionToken()) as Connection | undefined)?.dropDatabase();
  for (const module of modules) await module.close();
});

const caller = () => `ip:${randomBytes(4).toString('hex')}`;

/** Sends `attempts` hits for one caller, to the instances in turn; answers how many were admitted. */
async function admitted(key: string, limit: number, attempts: number, on = instances) {
  let count = 0;
  for (let index = 0; index < attempts; index += 1) {
    const hit = await on[index % on.length]!.increment(key, MINUTE, limit, 0, 'default');
    if (!hit.isBlocked) count += 1;
  }
  return count;
}

it('a busy caller costs one database write per share of up to 1,024 requests, not one per request', async () => {
  const key = caller();
  const [one] = instances;
  const stored = async () =>
    (await (modules[0]!.get(getConnectionToken()) as Connection)
      .collection('throttle_windows')
      .findOne({ _id: `default:${key}` as never })) as { hits: number } | null;
  expect(await admitted(key, 1_000_000, 1, [one!])).toBe(1);
  // The first request reserved 1,024 hits in one write (an eighth of what was left, at most
  // 1,024); the next are admitted from memory, and the next share is reserved once half of this
  // one is used.
  expect((await stored())?.hits).toBe(1024);
  expect(await admitted(key, 1_000_000, 2047, [one!])).toBe(2047);
  const hits = (await stored())!.hits;
  expect(hits % 1024).toBe(0);
  // 2,048 requests: 2 or 3 writes (one share ahead).
  expect(hits).toBeGreaterThanOrEqual(2048);
  expect(hits).toBeLessThanOrEqual(2048 + 1024);
  // A limit of 300 is handed out an eighth of what is left at a time: 37 first.
  const modest = caller();
  expect(await admitted(modest, 300, 1, [one!])).toBe(1);
  const storedModest = await (modules[0]!.get(getConnectionToken()) as Connection)
    .collection('throttle_windows')
    .findOne({ _id: `default:${modest}` as never });
  expect(storedModest?.hits).toBe(37);
});

it('never admits more than the limit over every instance, however the hits are spread', async () => {
  for (const limit of [5, 20, 100, 300]) {
    const key = caller();
    const total = await admitted(key, limit, 2 * limit);
    expect(total).toBeLessThanOrEqual(limit);
    // A share an instance did not use is lost, never more than an eighth of what was left.
    expect(total).toBeGreaterThanOrEqual(Math.floor(limit * 0.6));
  }
});

it('counts exactly near the limit: a small limit is asked of the database at every request', async () => {
  const key = caller();
  const answers = [];
  for (let index = 0; index < 7; index += 1) {
    answers.push(await instances[index % 3]!.increment(key, MINUTE, 5, 0, 'default'));
  }
  expect(answers.map((hit) => hit.isBlocked)).toEqual([
    false,
    false,
    false,
    false,
    false,
    true,
    true,
  ]);
  expect(answers.slice(0, 5).map((hit) => hit.totalHits)).toEqual([1, 2, 3, 4, 5]);
  expect(answers[5]).toMatchObject({ timeToBlockExpire: expect.any(Number) });
  expect(answers[5]!.timeToBlockExpire).toBeGreaterThan(0);
});

it('concurrent requests of one caller on one instance share a reservation and are each counted once', async () => {
  const key = caller();
  const [one] = instances;
  const hits = await Promise.all(
    Array.from({ length: 50 }, () => one!.increment(key, MINUTE, 30, 0, 'default')),
  );
  expect(hits.filter((hit) => !hit.isBlocked)).toHaveLength(30);
});

it('a new window opens once the last has ended', async () => {
  const key = caller();
  const [one] = instances;
  expect(await admitted(key, 2, 3, [one!])).toBe(2);
  // A window's successor admits again. The storage reads the clock (Date.now) alone: moving it
  // past the window, rather than sleeping, makes the test the same on a slow machine.
  const short = caller();
  const window = 2_000;
  let now = Date.now();
  const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
  try {
    expect((await one!.increment(short, window, 1, 0, 'default')).isBlocked).toBe(false);
    now += window - 1;
    expect((await one!.increment(short, window, 1, 0, 'default')).isBlocked).toBe(true);
    now += 2;
    expect((await one!.increment(short, window, 1, 0, 'default')).isBlocked).toBe(false);
  } finally {
    clock.mockRestore();
  }
});
