import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Collection } from 'mongoose';

/**
 * @nestjs/throttler's counts in MongoDB, as a team sharing them over instances writes it: one
 * upsert per request into the caller's fixed window (key and window start), a TTL index dropping
 * ended windows.
 */
export class MongoThrottlerStorage implements ThrottlerStorage {
  private readonly indexed: Promise<unknown>;

  constructor(private readonly windows: Collection<{ _id: string; hits: number; endsAt: Date }>) {
    this.indexed = windows.createIndex({ endsAt: 1 }, { expireAfterSeconds: 0 });
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
  ): ReturnType<ThrottlerStorage['increment']> {
    await this.indexed;
    const now = Date.now();
    const start = now - (now % ttl);
    const window = await this.windows.findOneAndUpdate(
      { _id: `${key}:${start}` },
      { $inc: { hits: 1 }, $setOnInsert: { endsAt: new Date(start + ttl) } },
      { upsert: true, returnDocument: 'after' },
    );
    const totalHits = window?.hits ?? 1;
    const timeToExpire = Math.ceil((start + ttl - now) / 1000);
    const isBlocked = totalHits > limit;
    return { totalHits, timeToExpire, isBlocked, timeToBlockExpire: isBlocked ? timeToExpire : 0 };
  }
}
