import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { Connection, mongo } from 'mongoose';
import { UsageLimitReached } from '../common/usage-limit-reached';

/** One limit: at most `limit` uses in a window that ends when `windowEnd` says. */
export interface UsageLimit {
  /** Names the counter, e.g. 'generate:minute'. */
  name: string;
  limit: number;
  /** When a window opened at `now` ends (epoch ms). */
  windowEnd(now: number): number;
  /** What the refused caller is told; the answer also carries Retry-After. */
  refusal: string;
}

/** A window that opens with its first use and lasts `ms`. */
export const rollingWindow = (ms: number) => (now: number) => now + ms;

/** The UTC day: every window ends at the next midnight UTC. */
export const utcDay = (now: number) => (Math.floor(now / 86_400_000) + 1) * 86_400_000;

interface Counter {
  _id: string;
  count: number;
  windowEndsAt: Date;
}

/**
 * Usage limits per subject (a user, an address), counted in MongoDB so that every API instance
 * counts the same uses: a limit holds however many instances run, and survives a restart. Each
 * counter is one document updated atomically (a guard in the filter, never read-modify-write);
 * a TTL index drops counters whose window has ended.
 */
@Injectable()
export class UsageLimitsService implements OnModuleInit {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  async onModuleInit(): Promise<void> {
    await this.counters().createIndex({ windowEndsAt: 1 }, { expireAfterSeconds: 0 });
  }

  /**
   * Counts one use against every limit, or none: throws 429 with the first limit reached (and
   * takes back the uses it counted against the others). Limits of 0 are off.
   */
  async take(subject: string, limits: UsageLimit[], now = Date.now()): Promise<void> {
    const counted: string[] = [];
    for (const limit of limits) {
      if (limit.limit <= 0) continue;
      const id = `${limit.name}:${subject}`;
      const endsAt = await this.count(id, limit, now);
      if (endsAt !== null) {
        await Promise.all(counted.map((other) => this.giveBack(other)));
        throw new UsageLimitReached(limit.refusal, secondsUntil(endsAt, now));
      }
      counted.push(id);
    }
  }

  /**
   * Refuses as `take` would (429, the first full limit) without counting a use: for limits that
   * count only failures, checked before the attempt whatever its outcome.
   */
  async check(subject: string, limits: UsageLimit[], now = Date.now()): Promise<void> {
    for (const limit of limits) {
      if (limit.limit <= 0) continue;
      const full = await this.counters().findOne({
        _id: `${limit.name}:${subject}`,
        count: { $gte: limit.limit },
        windowEndsAt: { $gt: new Date(now) },
      });
      if (full) {
        throw new UsageLimitReached(limit.refusal, secondsUntil(full.windowEndsAt.getTime(), now));
      }
    }
  }

  /** Takes back one use (a call that was counted but never reached the model). */
  async release(subject: string, limits: UsageLimit[]): Promise<void> {
    await Promise.all(
      limits
        .filter((limit) => limit.limit > 0)
        .map((limit) => this.giveBack(`${limit.name}:${subject}`)),
    );
  }

  /** Counts a use; null when counted, else when the full window ends. */
  private async count(id: string, limit: UsageLimit, now: number): Promise<number | null> {
    const at = new Date(now);
    const countOne = () =>
      this.counters().findOneAndUpdate(
        { _id: id, count: { $lt: limit.limit }, windowEndsAt: { $gt: at } },
        { $inc: { count: 1 } },
      );
    // The usual case, one write: a window under way with room left.
    if (await countOne()) return null;
    // No counter yet, or its window has ended (whichever instance gets here first starts the
    // next one), or the window is full.
    const fresh = { count: 0, windowEndsAt: new Date(limit.windowEnd(now)) };
    await this.counters().updateOne({ _id: id, windowEndsAt: { $lte: at } }, { $set: fresh });
    await this.counters()
      .updateOne({ _id: id }, { $setOnInsert: fresh }, { upsert: true })
      .catch((error: unknown) => {
        // Two first uses raced to create the counter: it exists now either way.
        if (!(error instanceof mongo.MongoServerError && error.code === 11000)) throw error;
      });
    if (await countOne()) return null;
    const current = await this.counters().findOne({ _id: id });
    return current ? current.windowEndsAt.getTime() : limit.windowEnd(now);
  }

  private async giveBack(id: string): Promise<void> {
    await this.counters().updateOne({ _id: id, count: { $gt: 0 } }, { $inc: { count: -1 } });
  }

  private counters(): mongo.Collection<Counter> {
    return this.connection.collection<Counter>('usage_counters');
  }
}

function secondsUntil(endsAt: number, now: number): number {
  return Math.max(1, Math.ceil((endsAt - now) / 1000));
}
