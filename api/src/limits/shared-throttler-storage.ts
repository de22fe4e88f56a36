import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
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
  /** The window is used up in MongoDB: nothing more to reserve until it ends. */
  full: boolean;
  /** Below this allowance, the next share is reserved while this one is used up. */
  lowWater: number;
}

/**
 * A reservation asks for an eighth of what the window has left, at most this many: a caller with
 * a high limit costs one MongoDB write per 1,024 requests (the default limit of 300 a minute, one
 * per 37 at first), and near the limit the share shrinks to one.
 */
const MAX_SHARE = 1024;
const SHARE_OF_REMAINING = 8;
/** Shares this big are followed by the next before they run out. */
const PREFETCH_FROM_SHARE = 4;
/** How often windows that have ended are forgotten. */
const SWEEP_MS = 10_000;

/**
 * The request throttler's counts in MongoDB, so a caller's limit holds over every API instance
 * (with three instances a caller gets the limit once, not three times), without a database
 * write per request. One document per caller, route and throttler counts the hits of a fixed
 * window of `ttl` ms that opens with its first hit, and instances take hits from it in shares:
 * an atomic update hands out min(share, what is left) and the instance admits that many
 * requests from memory, reserving the next share when half of this one is used (shares of 4 or
 * more), so a busy caller does not wait for the database. A share is an eighth of what was left
 * (at most 1,024, at least 1), so near the limit every request asks MongoDB and the count is
 * exact.
 *
 * The bound: the window's hits never pass the limit, so no caller is ever admitted more than the
 * limit in a window, whatever the number of instances. A share an instance does not use before
 * the window ends is lost, so a caller spread over N instances may be refused up to 2N shares
 * early (each at most an eighth of what was left when it was taken). A TTL index drops ended
 * windows.
 */
@Injectable()
export class SharedThrottlerStorage implements ThrottlerStorage, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(SharedThrottlerStorage.name);
  private readonly local = new Map<string, LocalWindow>();
  /** Reservations under way, one per window, shared by the requests that wait for them. */
  private readonly reserving = new Map<string, Promise<void>>();
  private readonly sweep = setInterval(() => this.forgetEnded(), SWEEP_MS).unref();

  constructor(@InjectConnection() private readonly connection: Connection) {}

  async onModuleInit(): Promise<void> {
    await this.windows().createIndex({ endsAt: 1 }, { expireAfterSeconds: 0 });
  }

  onModuleDestroy(): void {
    clearInterval(this.sweep);
  }

  increment(
    key: string,
    ttl: number,
    limit: number,
    _blockDuration: number,
    throttlerName: string,
  ): ReturnType<ThrottlerStorage['increment']> {
    return this.incrementWindow(`${throttlerName}:${key}`, ttl, limit);
  }

  /** A hit on the window `id` (`<throttler>:<key>`), as `increment`. */
  async incrementWindow(
    id: string,
    ttl: number,
    limit: number,
  ): ReturnType<ThrottlerStorage['increment']> {
    for (;;) {
      const held = this.fromHeld(id, ttl, limit);
      if (held) return held;
      const window = this.local.get(id);
      await this.reserve(id, ttl, limit, window && window.endsAt > Date.now() ? window : undefined);
    }
  }

  /**
   * The hit's answer from what this instance holds of the window `id`, without waiting: null
   * when it holds nothing to answer with (then `incrementWindow` asks MongoDB). Most requests
   * of a busy caller are answered here, and a guard that gets an answer needs no promise.
   */
  takeHeldWindow(
    id: string,
    ttl: number,
    limit: number,
  ): Awaited<ReturnType<ThrottlerStorage['increment']>> | null {
    return this.fromHeld(id, ttl, limit);
  }

  private fromHeld(id: string, ttl: number, limit: number) {
    const now = Date.now();
    const window = this.local.get(id);
    if (!window || window.endsAt <= now) return null;
    if (window.allowance > 0) {
      window.allowance -= 1;
      if (window.allowance < window.lowWater && !window.full) {
        // The next share, while this one is used; a failure is retried by a later request.
        this.reserve(id, ttl, limit, window).catch((error: unknown) =>
          this.logger.warn(`Reserving throttle hits failed: ${String(error)}`),
        );
      }
      return answer(window, limit, now, false);
    }
    return window.full ? answer(window, limit, now, true) : null;
  }

  /** Takes a share of the window under way (or opens the next one); one at a time per window. */
  private reserve(
    id: string,
    ttl: number,
    limit: number,
    current: LocalWindow | undefined,
  ): Promise<void> {
    let reservation = this.reserving.get(id);
    if (!reservation) {
      reservation = this.takeShare(id, ttl, limit, current).finally(() =>
        this.reserving.delete(id),
      );
      this.reserving.set(id, reservation);
    }
    return reservation;
  }

  private async takeShare(
    id: string,
    ttl: number,
    limit: number,
    current: LocalWindow | undefined,
  ): Promise<void> {
    const share = Math.max(
      1,
      Math.min(MAX_SHARE, Math.floor((limit - (current?.reserved ?? 0)) / SHARE_OF_REMAINING)),
    );
    const now = Date.now();
    const live = await this.take(id, share, limit, now);
    if (live) return this.add(id, share, live);
    if (current) return; // its window ended meanwhile: the next request opens the next one
    const granted = Math.min(share, limit);
    try {
      // Matches an ended window (replaced) or none (inserted); a live one collides on _id.
      await this.windows().updateOne(
        { _id: id, endsAt: { $lte: new Date(now) } },
        { $set: { hits: granted, granted, endsAt: new Date(now + ttl) } },
        { upsert: true },
      );
      this.add(id, share, { endsAt: new Date(now + ttl), hits: granted, granted });
    } catch (error) {
      if (!(error instanceof mongo.MongoServerError && error.code === 11000)) throw error;
      // Opened by another request meanwhile: take the share from it.
      const opened = await this.take(id, share, limit, now);
      if (!opened) throw new Error(`Throttle window ${id} was opened and is gone`);
      this.add(id, share, opened);
    }
  }

  /** Hands out min(share, what is left) of the live window, in one atomic update. */
  private take(
    id: string,
    share: number,
    limit: number,
    now: number,
  ): Promise<Omit<StoredWindow, '_id'> | null> {
    return this.windows().findOneAndUpdate(
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
  }

  /** What a reservation got joins what is held of its window (or starts the next window). */
  private add(id: string, share: number, stored: Omit<StoredWindow, '_id'>): void {
    const endsAt = stored.endsAt.getTime();
    const held = this.local.get(id);
    const window =
      held && held.endsAt === endsAt
        ? held
        : { endsAt, allowance: 0, reserved: 0, full: false, lowWater: 0 };
    window.allowance += stored.granted;
    window.reserved = Math.max(window.reserved, stored.hits);
    // Less than asked for: the window had less left, and now has nothing.
    window.full = stored.granted < share;
    // Near the limit (small shares) nothing is reserved ahead, so the count stays exact.
    window.lowWater = share >= PREFETCH_FROM_SHARE ? Math.ceil(share / 2) : 0;
    this.local.set(id, window);
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
