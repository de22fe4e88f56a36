import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { Connection, mongo } from 'mongoose';

interface Window {
  _id: string;
  hits: number;
  endsAt: Date;
}

/**
 * The request throttler's counts in MongoDB, so a caller's limit holds over every API instance
 * (with three instances a caller gets the limit once, not three times). One document per caller,
 * route and throttler counts the hits of a fixed window of `ttl` ms that opens with its first
 * hit; the usual request costs one atomic update (a guard in the filter, never read-modify-write),
 * and a TTL index drops windows that have ended. A caller over the limit waits for the window's
 * end.
 */
@Injectable()
export class SharedThrottlerStorage implements ThrottlerStorage, OnModuleInit {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  async onModuleInit(): Promise<void> {
    await this.windows().createIndex({ endsAt: 1 }, { expireAfterSeconds: 0 });
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    _blockDuration: number,
    throttlerName: string,
  ): ReturnType<ThrottlerStorage['increment']> {
    const id = `${throttlerName}:${key}`;
    const now = Date.now();
    const window = (await this.hit(id, now)) ?? (await this.open(id, ttl, now));
    const timeToExpire = Math.max(1, Math.ceil((window.endsAt.getTime() - now) / 1000));
    const isBlocked = window.hits > limit;
    return {
      totalHits: window.hits,
      timeToExpire,
      isBlocked,
      timeToBlockExpire: isBlocked ? timeToExpire : 0,
    };
  }

  /** Counts a hit in the window under way; null when there is none. */
  private hit(id: string, now: number): Promise<Window | null> {
    return this.windows().findOneAndUpdate(
      { _id: id, endsAt: { $gt: new Date(now) } },
      { $inc: { hits: 1 } },
      { returnDocument: 'after' },
    );
  }

  /** Opens the next window with this hit, unless another request opened it first. */
  private async open(id: string, ttl: number, now: number): Promise<Window> {
    const fresh = { hits: 1, endsAt: new Date(now + ttl) };
    try {
      // Matches an ended window (replaced) or none (inserted); a live one collides on _id.
      await this.windows().updateOne(
        { _id: id, endsAt: { $lte: new Date(now) } },
        { $set: fresh },
        { upsert: true },
      );
      return { _id: id, ...fresh };
    } catch (error) {
      if (!(error instanceof mongo.MongoServerError && error.code === 11000)) throw error;
      // Opened by a request on this or another instance meanwhile: count this hit in it.
      return (await this.hit(id, now)) ?? { _id: id, ...fresh };
    }
  }

  private windows(): mongo.Collection<Window> {
    return this.connection.collection<Window>('throttle_windows');
  }
}
