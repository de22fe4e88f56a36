import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { Connection, mongo } from 'mongoose';

interface StoredWindow {
  _id: string;
  /** Hits handed out to the instances so far (never more than the limit). */
  hits: number;
  /** What the latest reservation got. */
  granted: number;
  endsAt: Date;
}

/** What this instance holds of a caller's window. */
interface LocalWindow {
  endsAt: number;
  /** Hits reserved in MongoDB and not used yet: admitted here without asking again. */
  allowance: number;
  /** The window's hits in MongoDB after this instance's latest reservation. */
  reserved: number;
  /** The window is used up in MongoDB: refused here until it ends. */
  full: boolean;
}

/**
 * A reservation asks for an eighth of what the window has left, at most this many: a busy caller
 * costs one MongoDB write per 64 requests, and near the limit the share shrinks to one.
 */
const MAX_SHARE = 64;
const SHARE_OF_REMAINING = 8;
/** How often windows that have ended are forgotten. */
const SWEEP_MS = 10_000;

/**
 * The request throttler's counts in MongoDB, so a caller's limit holds over every API instance
 * (with three instances a caller gets the limit once, not three times), without a database
 * write per request. One document per caller, route and throttler counts the hits of a fixed
 * window of `ttl` ms that opens with its first hit, and instances take hits from it in shares:
 * an atomic update hands out min(share, what is left) and the instance admits that many
 * requests from memory. A share is an eighth of what was left (at most 64, at least 1), so
 * near the limit every request asks MongoDB and the count is exact.
 *
 * The bound: the window's hits never pass the limit, so no caller is ever admitted more than the
 * limit in a window, whatever the number of instances. A share an instance does not use before
 * the window ends is lost, so a caller spread over N instances may be refused up to N shares
 * early (each at most an eighth of what was left when it was taken). A TTL index drops ended
 * windows.
 */
@Injectable()
export class SharedThrottlerStorage implements ThrottlerStorage, OnModuleInit, OnModuleDestroy {
  private readonly local = new Map<string, LocalWindow>();
  /** Reservations under way, one per window, shared by the requests that wait for them. */
  private readonly reserving = new Map<string, Promise<LocalWindow>>();
  private readonly sweep = setInterval(() => this.forgetEnded(), SWEEP_MS).unref();

  constructor(@InjectConnection() private readonly connection: Connection) {}

  async onModuleInit(): Promise<void> {
    await this.windows().createIndex({ endsAt: 1 }, { expireAfterSeconds: 0 });
  }

  onModuleDestroy(): void {
    clearInterval(this.sweep);
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    _blockDuration: number,
    throttlerName: string,
  ): ReturnType<ThrottlerStorage['increment']> {
    const id = `${throttlerName}:${key}`;
    for (;;) {
      const now = Date.now();
      let window = this.local.get(id);
      if (window && window.endsAt <= now) window = undefined;
      if (window && window.allowance > 0) {
        window.allowance -= 1;
        return answer(window, limit, now, false);
      }
      if (window?.full) return answer(window, limit, now, true);
      let reservation = this.reserving.get(id);
      if (!reservation) {
        reservation = this.reserve(id, ttl, limit, window).finally(() => this.reserving.delete(id));
        this.reserving.set(id, reservation);
      }
      this.local.set(id, await reservation);
    }
  }

  /** Takes a share of the window under way, or opens the next one with it. */
  private async reserve(
    id: string,
    ttl: number,
    limit: number,
    previous: LocalWindow | undefined,
  ): Promise<LocalWindow> {
    const share = Math.max(
      1,
      Math.min(MAX_SHARE, Math.floor((limit - (previous?.reserved ?? 0)) / SHARE_OF_REMAINING)),
    );
    const now = Date.now();
    const live = await this.take(id, share, limit, now);
    if (live) return live;
    const granted = Math.min(share, limit);
    try {
      // Matches an ended window (replaced) or none (inserted); a live one collides on _id.
      await this.windows().updateOne(
        { _id: id, endsAt: { $lte: new Date(now) } },
        { $set: { hits: granted, granted, endsAt: new Date(now + ttl) } },
        { upsert: true },
      );
      return { endsAt: now + ttl, allowance: granted, reserved: granted, full: granted === 0 };
    } catch (error) {
      if (!(error instanceof mongo.MongoServerError && error.code === 11000)) throw error;
      // Opened by another request meanwhile: take the share from it.
      const opened = await this.take(id, share, limit, now);
      if (!opened) throw new Error(`Throttle window ${id} was opened and is gone`);
      return opened;
    }
  }

  /** Hands out min(share, what is left) of the live window, in one atomic update. */
  private async take(
    id: string,
    share: number,
    limit: number,
    now: number,
  ): Promise<LocalWindow | null> {
    const window = await this.windows().findOneAndUpdate(
      { _id: id, endsAt: { $gt: new Date(now) } },
      [
        {
          $set: {
            granted: { $max: [0, { $min: [share, { $subtract: [limit, '$hits'] }] }] },
          },
        },
        { $set: { hits: { $add: ['$hits', '$granted'] } } },
      ],
      { returnDocument: 'after' },
    );
    if (!window) return null;
    return {
      endsAt: window.endsAt.getTime(),
      allowance: window.granted,
      reserved: window.hits,
      full: window.granted === 0,
    };
  }

  private forgetEnded(): void {
    const now = Date.now();
    for (const [id, window] of this.local) if (window.endsAt <= now) this.local.delete(id);
  }

  private windows(): mongo.Collection<StoredWindow> {
    return this.connection.collection<StoredWindow>('throttle_windows');
  }
}

/** The throttler's view: hits known used (reserved, less what is still held here). */
function answer(window: LocalWindow, limit: number, now: number, refused: boolean) {
  const timeToExpire = Math.max(1, Math.ceil((window.endsAt - now) / 1000));
  return {
    totalHits: refused ? limit + 1 : Math.min(limit, window.reserved - window.allowance),
    timeToExpire,
    isBlocked: refused,
    timeToBlockExpire: refused ? timeToExpire : 0,
  };
}
