import { z } from 'zod';

export const statsBuckets = ['day', 'week', 'month'] as const;
export type StatsBucket = (typeof statsBuckets)[number];

/** The longest range one request may ask for, in days (about two years of daily buckets). */
export const MAX_STATS_DAYS = 731;

const day = z.iso.date('Use YYYY-MM-DD');

/**
 * GET /api/admin/stats: `from` and `to` are inclusive days (UTC); buckets are days, ISO weeks
 * (from Monday) or calendar months, the first and last cut to the range.
 */
export const statsQuerySchema = z
  .strictObject({ from: day, to: day, bucket: z.enum(statsBuckets).default('day') })
  .refine(({ from, to }) => from <= to, { message: 'from must not be after to', path: ['to'] })
  .refine(({ from, to }) => (Date.parse(to) - Date.parse(from)) / 86_400_000 < MAX_STATS_DAYS, {
    message: `At most ${MAX_STATS_DAYS} days`,
    path: ['to'],
  });
export type StatsQuery = z.input<typeof statsQuerySchema>;

/** Money of one currency in a bucket, as 2-decimal strings. */
const revenueSchema = z.object({
  currency: z.string(),
  /** Orders paid in the bucket (packages and items). */
  paid: z.string(),
  /** Orders refunded or reversed in the bucket. */
  refunded: z.string(),
  /** paid - refunded. */
  net: z.string(),
  /**
   * What promo codes took off the orders paid in the bucket (their `paid` is after it); only
   * where a code was used.
   */
  discount: z.string().optional(),
});
export type StatsRevenue = z.infer<typeof revenueSchema>;

export const statsPointSchema = z.object({
  /** The bucket's first day (YYYY-MM-DD). */
  start: z.string(),
  /** One entry per currency with money in the bucket. */
  revenue: z.array(revenueSchema),
  /** Credits bought (ledger: purchase). */
  creditsSold: z.number().int(),
  /** Credits used by generations, less those given back for failed ones (ledger). */
  creditsSpent: z.number().int(),
  newUsers: z.number().int(),
  /** Generations that wrote an email (failed ones are not counted). */
  generations: z.number().int(),
  /** Failed Gemini calls, every key together. */
  geminiFailures: z.number().int(),
});
export type StatsPoint = z.infer<typeof statsPointSchema>;

export const statsSchema = z.object({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(statsBuckets),
  points: z.array(statsPointSchema),
  /** Failed Gemini calls per key, one count per bucket (in the points' order). */
  geminiFailuresByKey: z.array(
    z.object({ keyId: z.string(), name: z.string(), failures: z.array(z.number().int()) }),
  ),
});
export type Stats = z.infer<typeof statsSchema>;
