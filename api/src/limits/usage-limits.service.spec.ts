import { randomBytes } from 'node:crypto';
import { getConnectionToken } from '@nestjs/mongoose';
import { Test } from '@nestjs/testing';
import type { Connection } from 'mongoose';
import { UsageLimitReached } from '../common/usage-limit-reached';
import { loadConfig } from '../config/app-config';
import { ConfigModule } from '../config/config.module';
import { DatabaseModule } from '../database/database.module';
import { LimitsModule } from './limits.module';
import { rollingWindow, type UsageLimit, UsageLimitsService, utcDay } from './usage-limits.service';

const mongoUri = `${process.env.TEST_MONGODB_URI}usage_limits_${randomBytes(4).toString('hex')}`;

/** Two services on one database: two API instances. */
let instances: UsageLimitsService[] = [];
const modules: { close(): Promise<unknown>; get(token: unknown): unknown }[] = [];

beforeAll(async () => {
  for (let index = 0; index < 2; index += 1) {
    const module = await Test.createTestingModule({
      imports: [
        ConfigModule.forRoot(loadConfig({ NODE_ENV: 'test' })),
        DatabaseModule.forRoot(mongoUri),
        LimitsModule,
      ],
    }).compile();
    await module.init();
    modules.push(module);
  }
  instances = modules.map((module) => module.get(UsageLimitsService) as UsageLimitsService);
});

afterAll(async () => {
  await (modules[0]?.get(getConnectionToken()) as Connection | undefined)?.dropDatabase();
  for (const module of modules) await module.close();
});

const perMinute = (limit: number, name = 'test:minute'): UsageLimit => ({
  name,
  limit,
  windowEnd: rollingWindow(60_000),
  refusal: 'Too many in a minute.',
});
const perDay = (limit: number): UsageLimit => ({
  name: 'test:day',
  limit,
  windowEnd: utcDay,
  refusal: 'Too many today.',
});

/** How many of `attempts` uses were counted, spread over the instances in turn. */
async function counted(subject: string, limits: UsageLimit[], attempts: number, now: number) {
  let allowed = 0;
  for (let index = 0; index < attempts; index += 1) {
    const instance = instances[index % instances.length]!;
    const taken = await instance.take(subject, limits, now).then(
      () => true,
      (error: unknown) => {
        if (error instanceof UsageLimitReached) return false;
        throw error;
      },
    );
    if (taken) allowed += 1;
  }
  return allowed;
}

describe('UsageLimitsService', () => {
  const start = Date.UTC(2026, 10, 27, 10, 0, 0);

  it('counts uses on every instance together, per subject', async () => {
    expect(await counted('ada', [perMinute(3)], 6, start)).toBe(3);
    expect(await counted('grace', [perMinute(3)], 6, start)).toBe(3);
  });

  it('starts a new window once the last one has ended, and says when that is', async () => {
    const limits = [perMinute(2)];
    expect(await counted('alan', limits, 2, start)).toBe(2);
    const refusal = await instances[0]!.take('alan', limits, start + 20_000).catch((e) => e);
    expect(refusal).toBeInstanceOf(UsageLimitReached);
    expect(refusal).toMatchObject({ message: 'Too many in a minute.', retryAfterSeconds: 40 });
    expect(await counted('alan', limits, 3, start + 60_000)).toBe(2);
  });

  it('ends a day’s window at midnight UTC, and counts nothing when a later limit refuses', async () => {
    const limits = [perMinute(100, 'test:both'), perDay(2)];
    const lateEvening = Date.UTC(2026, 10, 27, 23, 59, 0);
    expect(await counted('edsger', limits, 2, lateEvening)).toBe(2);
    const refusal = await instances[1]!.take('edsger', limits, lateEvening).catch((e) => e);
    expect(refusal).toMatchObject({ message: 'Too many today.', retryAfterSeconds: 60 });
    // The refused use was not left on the minute's counter either.
    const minute = await (modules[0]!.get(getConnectionToken()) as Connection)
      .collection('usage_counters')
      .findOne({ _id: 'test:both:edsger' as unknown as never });
    expect(minute?.count).toBe(2);
    expect(await counted('edsger', limits, 1, Date.UTC(2026, 10, 28, 0, 0, 1))).toBe(1);
  });

  it('gives a use back, and treats a limit of 0 as off', async () => {
    const limits = [perMinute(1)];
    expect(await counted('barbara', limits, 1, start)).toBe(1);
    await instances[0]!.release('barbara', limits);
    expect(await counted('barbara', limits, 2, start)).toBe(1);
    expect(await counted('barbara', [perMinute(0, 'test:off')], 5, start)).toBe(5);
  });
});
