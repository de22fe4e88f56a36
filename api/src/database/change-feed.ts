import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { Connection, mongo } from 'mongoose';
import { InjectConfig } from '../config/config.module';
import type { AppConfig } from '../config/app-config';

/** What a cache holds, as the instances tell each other it changed. */
export type ChangeTopic = 'content' | 'packages' | 'gemini-keys' | 'users' | 'store-currency';

/**
 * Told what changed: the keys of the records (a block's name, a user's id), or none for "any of
 * them": the listener drops everything it holds of the topic.
 */
export type ChangeListener = (keys: readonly string[]) => void;

interface ChangeEvent {
  /** The event's number, from one counter every instance increments. */
  _id: number;
  topic: ChangeTopic;
  keys: string[];
  /** The instance that made the change (it applied it already). */
  origin: string;
  at: Date;
}

/** Events are read within a second; a day's worth is kept to read what happened (TTL index). */
const KEEP_EVENTS_SECONDS = 24 * 60 * 60;
/** A number taken but never written (its writer stopped in between) is skipped after this. */
const GAP_WAIT_MS = 5_000;
const BATCH = 1_000;

/**
 * How the API instances on one database tell each other that something they cache changed, so
 * an admin's edit, a role change or a deleted user applies on every instance within a second.
 * An event is a numbered document in `change_events`. Each instance follows them: on a replica
 * set through a change stream (at once); on a standalone server, which has none, by reading the
 * new numbers every CHANGE_FEED_POLL_MS (500 ms). When an instance may have missed events (the
 * stream broke, a read failed, a number never came), its listeners drop everything they hold.
 */
@Injectable()
export class ChangeFeed implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(ChangeFeed.name);
  private readonly origin = randomUUID();
  private readonly listeners = new Map<ChangeTopic, ChangeListener[]>();
  /** Every event up to this number has been read (polling). */
  private cursor = 0;
  /** Events read past a number not yet seen, and when each missing number was first noticed. */
  private readonly seenAhead = new Set<number>();
  private missingSince: { number: number; at: number } | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stream: mongo.ChangeStream<ChangeEvent> | null = null;
  private polling: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    @InjectConnection() private readonly connection: Connection,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** Calls `listener` when another instance changes the topic. */
  subscribe(topic: ChangeTopic, listener: ChangeListener): void {
    this.listeners.set(topic, [...(this.listeners.get(topic) ?? []), listener]);
  }

  /**
   * A change was written here: the other instances' listeners hear it once they read the event
   * (this instance has applied it already). Resolves when the event is stored; a failure is
   * logged, not thrown (the change itself is done, and the other instances' caches expire).
   */
  async publish(topic: ChangeTopic, keys: readonly string[] = []): Promise<void> {
    try {
      const counter = await this.counters().findOneAndUpdate(
        { _id: 'change_events' },
        { $inc: { value: 1 } },
        { upsert: true, returnDocument: 'after' },
      );
      if (!counter) throw new Error('the event counter was not returned');
      await this.events().insertOne({
        _id: counter.value,
        topic,
        keys: [...keys],
        origin: this.origin,
        at: new Date(),
      });
    } catch (error) {
      this.logger.error(
        `Could not tell the other instances that ${topic} changed: ${messageOf(error)}`,
      );
    }
  }

  /** Early (the database module starts first): no cache fills before the feed is followed. */
  async onModuleInit(): Promise<void> {
    await this.events().createIndex({ at: 1 }, { expireAfterSeconds: KEEP_EVENTS_SECONDS });
    const counter = await this.counters().findOne({ _id: 'change_events' });
    this.cursor = counter?.value ?? 0;
    if (await this.hasChangeStreams()) this.follow();
    else this.poll();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.stream?.close().catch(() => undefined);
    await this.polling;
  }

  /** A replica set or a sharded cluster has change streams; a standalone server does not. */
  private async hasChangeStreams(): Promise<boolean> {
    const hello = await this.connection.getClient().db('admin').command({ hello: 1 });
    return typeof hello.setName === 'string' || hello.msg === 'isdbgrid';
  }

  /** Follows the events as the database writes them; polls if the stream breaks. */
  private follow(): void {
    this.logger.log('Following changes from the other instances through a change stream');
    const stream = this.events().watch<ChangeEvent>([{ $match: { operationType: 'insert' } }]);
    this.stream = stream;
    stream.on('change', (change) => {
      if (change.operationType === 'insert') this.receive(change.fullDocument);
    });
    stream.on('error', (error) => {
      if (this.stopped) return;
      this.logger.warn(`The change stream broke (${messageOf(error)}): polling instead`);
      this.stream = null;
      void stream.close().catch(() => undefined);
      this.forgetEverything();
      void this.resumePolling();
    });
  }

  private async resumePolling(): Promise<void> {
    const newest = await this.events()
      .find({}, { projection: { _id: 1 } })
      .sort({ _id: -1 })
      .limit(1)
      .next()
      .catch(() => null);
    this.cursor = Math.max(this.cursor, newest?._id ?? 0);
    this.poll();
  }

  private poll(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.polling = this.readNew()
        .catch((error: unknown) => {
          this.logger.warn(`Could not read the other instances' changes: ${messageOf(error)}`);
          this.forgetEverything();
        })
        .finally(() => this.poll());
    }, this.config.changeFeedPollMs);
    this.timer.unref();
  }

  /** Reads the events past the cursor; numbers are taken before their events are written. */
  private async readNew(): Promise<void> {
    const found = await this.events()
      .find({ _id: { $gt: this.cursor } })
      .sort({ _id: 1 })
      .limit(BATCH)
      .toArray();
    for (const event of found) {
      if (this.seenAhead.has(event._id)) continue;
      this.seenAhead.add(event._id);
      this.receive(event);
    }
    while (this.seenAhead.size > 0) {
      const next = this.cursor + 1;
      if (this.seenAhead.delete(next)) {
        this.cursor = next;
        this.missingSince = null;
        continue;
      }
      // A later event is here, this one not yet: its writer is between its two steps, or stopped.
      const now = Date.now();
      if (this.missingSince?.number !== next) this.missingSince = { number: next, at: now };
      if (now - this.missingSince.at < GAP_WAIT_MS) break;
      this.logger.warn(`Change event ${next} never came: dropping what every cache holds`);
      this.cursor = next;
      this.missingSince = null;
      this.forgetEverything();
    }
  }

  private receive(event: ChangeEvent): void {
    if (event.origin !== this.origin) this.notify(event.topic, event.keys);
  }

  private notify(topic: ChangeTopic, keys: readonly string[]): void {
    for (const listener of this.listeners.get(topic) ?? []) listener(keys);
  }

  private forgetEverything(): void {
    for (const topic of this.listeners.keys()) this.notify(topic, []);
  }

  /** The number of the newest event ever taken (one document). */
  private counters(): mongo.Collection<{ _id: string; value: number }> {
    return this.connection.collection('change_counters');
  }

  private events(): mongo.Collection<ChangeEvent> {
    return this.connection.collection<ChangeEvent>('change_events');
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
