import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { parseAmountToCents, type Stats, type StatsBucket } from '@coldmail/contracts';
import { trusted, type Model, type Types } from 'mongoose';
import { CreditEntry } from '../credits/schemas/credit-entry.schema';
import { GeminiFailureDay } from '../gemini-keys/schemas/gemini-failure-day.schema';
import { GeminiKey } from '../gemini-keys/schemas/gemini-key.schema';
import { GenerationRecord } from '../generator/schemas/generation.schema';
import { Order } from '../orders/schemas/order.schema';
import { User } from '../users/schemas/user.schema';
import { StatsDay, type DayFigures } from './schemas/stats-day.schema';
import { bucketsOf, daysBetween, nextDay, pointOf, runsOf } from './stats-days';

/** A day is final this long after it ends (a write that started before midnight has landed). */
const SETTLE_MS = 10 * 60_000;
/** How long the figures of a day not yet final (today) are reused before they are counted again. */
const FRESH_MS = 5_000;
const DAY_MS = 86_400_000;
/** How far back the recovery sweep keeps days ready. */
const KEEP_DAYS = 366;

const emptyDay = (): DayFigures => ({
  revenue: {},
  creditsSold: 0,
  creditsSpent: 0,
  newUsers: 0,
  generations: 0,
  failures: {},
});

const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`);
/** `field` within [from, to): our own operators (the connection sanitises the filter). */
const within = (from: string, to: string) => trusted({ $gte: startOf(from), $lt: startOf(to) });

/**
 * Revenue and usage over time for the admin dashboard. Each past day's figures are computed once
 * and kept (statsDays), so a year of daily, weekly or monthly points reads a year of small
 * documents, not every order and ledger entry; today's (and any day's not yet kept) are computed
 * from that day's records alone, through their date indexes, and reused for a few seconds.
 */
@Injectable()
export class StatsService {
  constructor(
    @InjectModel(StatsDay.name) private readonly statsDays: Model<StatsDay>,
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    @InjectModel(CreditEntry.name) private readonly entries: Model<CreditEntry>,
    @InjectModel(User.name) private readonly users: Model<User>,
    @InjectModel(GenerationRecord.name) private readonly generations: Model<GenerationRecord>,
    @InjectModel(GeminiFailureDay.name) private readonly failureDays: Model<GeminiFailureDay>,
    @InjectModel(GeminiKey.name) private readonly keys: Model<GeminiKey>,
  ) {}

  async overTime(from: string, to: string, bucket: StatsBucket): Promise<Stats> {
    const days = daysBetween(from, to);
    const figures = await this.figuresOf(days);
    const buckets = bucketsOf(days, bucket);
    const keyIds = [
      ...new Set(days.flatMap((day) => Object.keys(figures.get(day)?.failures ?? {}))),
    ];
    const names = new Map(
      (
        await this.keys
          .find({ _id: trusted({ $in: keyIds }) })
          .select({ name: 1 })
          .lean<{ _id: Types.ObjectId; name: string }[]>()
      ).map((key) => [key._id.toHexString(), key.name]),
    );
    return {
      from,
      to,
      bucket,
      points: buckets.map(({ start, days: inBucket }) =>
        pointOf(
          start,
          inBucket.map((day) => figures.get(day) ?? emptyDay()),
        ),
      ),
      geminiFailuresByKey: keyIds.map((keyId) => ({
        keyId,
        name: names.get(keyId) ?? 'Deleted key',
        failures: buckets.map(({ days: inBucket }) =>
          inBucket.reduce((sum, day) => sum + (figures.get(day)?.failures[keyId] ?? 0), 0),
        ),
      })),
    };
  }

  /**
   * The recovery sweep's share: the past year's final days not kept yet, the latest `batch` of
   * them at a time, so dashboards read kept days (a first year of history fills in over a few
   * sweeps instead of in one admin's request). Answers how many days it kept.
   */
  async keepPastDays(now = Date.now(), batch = 31): Promise<number> {
    const lastFinal = dayOf(new Date(now - SETTLE_MS - DAY_MS));
    const first = dayOf(new Date(Date.parse(lastFinal) - (KEEP_DAYS - 1) * DAY_MS));
    const kept = new Set(
      (
        await this.statsDays
          .find({ day: trusted({ $gte: first, $lte: lastFinal }), final: true })
          .select({ _id: 0, day: 1 })
          .lean<{ day: string }[]>()
      ).map((entry) => entry.day),
    );
    const missing = daysBetween(first, lastFinal)
      .filter((day) => !kept.has(day))
      .slice(-batch);
    if (missing.length > 0) await this.figuresOf(missing);
    return missing.length;
  }

  /**
   * Each day's figures: kept ones as they are (a final day's for good, today's for FRESH_MS),
   * the others computed and kept. Kept in the database, so every instance shares them.
   */
  private async figuresOf(days: readonly string[]): Promise<Map<string, DayFigures>> {
    const freshAfter = Date.now() - FRESH_MS;
    const kept = await this.statsDays
      .find({ day: trusted({ $gte: days[0], $lte: days.at(-1) }) })
      .select({ _id: 0, day: 1, figures: 1, final: 1, computedAt: 1 })
      .lean<{ day: string; figures: DayFigures; final?: boolean; computedAt: Date }[]>();
    const figures = new Map(
      kept
        .filter((entry) => entry.final !== false || entry.computedAt.getTime() > freshAfter)
        .map((entry) => [entry.day, entry.figures]),
    );
    const missing = days.filter((day) => !figures.has(day));
    if (missing.length === 0) return figures;
    // Each run of consecutive missing days from its own records: days kept between two runs (the
    // sweep keeps the latest first) are not read again.
    for (const run of runsOf(missing)) {
      const computed = await this.compute(run[0] as string, nextDay(run.at(-1) as string));
      for (const day of run) figures.set(day, computed.get(day) ?? emptyDay());
    }
    const finalBefore = Date.now() - SETTLE_MS;
    // Upserts: two instances computing the same day write the same figures.
    await this.statsDays.bulkWrite(
      missing.map((day) => ({
        updateOne: {
          filter: { day },
          update: {
            $set: {
              figures: figures.get(day) as DayFigures,
              final: startOf(nextDay(day)).getTime() <= finalBefore,
              computedAt: new Date(),
            },
          },
          upsert: true,
        },
      })),
      { ordered: false },
    );
    return figures;
  }

  /** The figures of every day in [from, to) from the records, through their date indexes. */
  private async compute(from: string, to: string): Promise<Map<string, DayFigures>> {
    const days = new Map<string, DayFigures>();
    const of = (day: string) => {
      let figures = days.get(day);
      if (!figures) days.set(day, (figures = emptyDay()));
      return figures;
    };
    const money = (day: string, currency: string | undefined) => {
      const revenue = of(day).revenue;
      return (revenue[currency ?? 'USD'] ??= { paidCents: 0, refundedCents: 0 });
    };
    type OrderMoney = {
      totalPrice: string;
      currency?: string;
      paidAt?: Date;
      refund?: { at: Date };
      promo?: { discount: string };
    };
    const [ledger, signUps, generated, failures, paid, refunded] = await Promise.all([
      this.entries
        .aggregate<{ _id: { day: string; reason: string }; total: number }>([
          {
            $match: {
              appliedAt: within(from, to),
              status: 'applied',
              reason: trusted({ $in: ['purchase', 'generation', 'generation-refund'] }),
            },
          },
          {
            $group: {
              _id: {
                day: { $dateToString: { format: '%Y-%m-%d', date: '$appliedAt' } },
                reason: '$reason',
              },
              total: { $sum: '$delta' },
            },
          },
        ])
        .exec(),
      this.countByDay(this.users, { createdAt: within(from, to) }),
      this.countByDay(this.generations, {
        createdAt: within(from, to),
        status: trusted({ $ne: 'failed' }),
      }),
      this.failureDays
        .find({ day: trusted({ $gte: from, $lt: to }) })
        .lean<{ day: string; keyId: Types.ObjectId; failures: number }[]>(),
      this.orders
        .find({ paidAt: within(from, to) })
        .select({ totalPrice: 1, currency: 1, paidAt: 1, 'promo.discount': 1 })
        .lean<OrderMoney[]>(),
      this.orders
        .find({ 'refund.at': within(from, to) })
        .select({ totalPrice: 1, currency: 1, refund: 1 })
        .lean<OrderMoney[]>(),
    ]);
    for (const { _id, total } of ledger) {
      const figures = of(_id.day);
      if (_id.reason === 'purchase') figures.creditsSold += total;
      else figures.creditsSpent -= total;
    }
    for (const { _id, count } of signUps) of(_id).newUsers = count;
    for (const { _id, count } of generated) of(_id).generations = count;
    for (const { day, keyId, failures: count } of failures) {
      const byKey = of(day).failures;
      byKey[keyId.toHexString()] = (byKey[keyId.toHexString()] ?? 0) + count;
    }
    for (const order of paid) {
      if (!order.paidAt) continue;
      const day = money(dayOf(order.paidAt), order.currency);
      // What was paid, after any promo code; what the code took off beside it.
      day.paidCents += centsOf(order);
      if (order.promo) {
        day.discountCents =
          (day.discountCents ?? 0) + (parseAmountToCents(order.promo.discount) ?? 0);
      }
    }
    for (const order of refunded) {
      if (order.refund) {
        money(dayOf(order.refund.at), order.currency).refundedCents += centsOf(order);
      }
    }
    return days;
  }

  /** How many records of `model` match `filter`, by the day of their createdAt. */
  private countByDay(
    model: Model<User> | Model<GenerationRecord>,
    filter: Record<string, unknown>,
  ): Promise<{ _id: string; count: number }[]> {
    return (model as Model<User>)
      .aggregate<{ _id: string; count: number }>([
        { $match: filter },
        {
          $group: {
            _id: { $dateToString: { format: '%Y-%m-%d', date: '$createdAt' } },
            count: { $sum: 1 },
          },
        },
      ])
      .exec();
  }
}

const centsOf = (order: { totalPrice: string }) => parseAmountToCents(order.totalPrice) ?? 0;
