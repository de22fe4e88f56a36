import { formatCents, type StatsBucket, type StatsPoint } from '@coldmail/contracts';
import type { DayFigures } from './schemas/stats-day.schema';

const DAY_MS = 86_400_000;

/** Every day from `from` to `to` (inclusive), as YYYY-MM-DD (UTC). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(from); time <= Date.parse(to); time += DAY_MS) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}

/** The day after `day`. */
export const nextDay = (day: string): string =>
  new Date(Date.parse(day) + DAY_MS).toISOString().slice(0, 10);

/** Where a day's bucket starts: itself, its ISO week's Monday, or its month's first day. */
function bucketStartOf(day: string, bucket: StatsBucket): string {
  if (bucket === 'day') return day;
  if (bucket === 'month') return `${day.slice(0, 7)}-01`;
  const weekday = (new Date(`${day}T00:00:00.000Z`).getUTCDay() + 6) % 7; // Monday 0
  return new Date(Date.parse(day) - weekday * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The range's days grouped into buckets, in order. A bucket starts where the range does when
 * the range starts inside it (a week from a Wednesday starts that Wednesday).
 */
export function bucketsOf(
  days: readonly string[],
  bucket: StatsBucket,
): { start: string; days: string[] }[] {
  const buckets: { start: string; days: string[] }[] = [];
  let current: { key: string; start: string; days: string[] } | null = null;
  for (const day of days) {
    const key = bucketStartOf(day, bucket);
    if (!current || current.key !== key) {
      current = { key, start: day, days: [] };
      buckets.push(current);
    }
    current.days.push(day);
  }
  return buckets.map(({ start, days: inBucket }) => ({ start, days: inBucket }));
}

/** Ascending days split where one does not follow the previous. */
export function runsOf(days: readonly string[]): string[][] {
  const runs: string[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && nextDay(run.at(-1) as string) === day) run.push(day);
    else runs.push([day]);
  }
  return runs;
}

/** A bucket's point: its days' figures added up. */
export function pointOf(start: string, days: DayFigures[]): StatsPoint {
  const revenue = new Map<string, { paid: number; refunded: number; discount: number }>();
  const point = { creditsSold: 0, creditsSpent: 0, newUsers: 0, generations: 0, geminiFailures: 0 };
  for (const day of days) {
    for (const [currency, amounts] of Object.entries(day.revenue)) {
      const sum = revenue.get(currency) ?? { paid: 0, refunded: 0, discount: 0 };
      sum.paid += amounts.paidCents;
      sum.refunded += amounts.refundedCents;
      sum.discount += amounts.discountCents ?? 0;
      revenue.set(currency, sum);
    }
    point.creditsSold += day.creditsSold;
    point.creditsSpent += day.creditsSpent;
    point.newUsers += day.newUsers;
    point.generations += day.generations;
    point.geminiFailures += Object.values(day.failures).reduce((sum, count) => sum + count, 0);
  }
  return {
    start,
    revenue: [...revenue]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([currency, { paid, refunded, discount }]) => ({
        currency,
        paid: formatCents(paid),
        refunded: formatCents(refunded),
        net: formatCents(paid - refunded),
        ...(discount > 0 ? { discount: formatCents(discount) } : {}),
      })),
    ...point,
  };
}
