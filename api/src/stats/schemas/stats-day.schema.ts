import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * The figures of one past day (UTC), computed once it is over and kept: a day's orders, ledger
 * entries, sign-ups and generations never change after it ends (payments and refunds are dated
 * when our server records them), so a range of days is read from here, not from every record.
 */
@Schema({ collection: 'statsDays', versionKey: false })
export class StatsDay {
  /** YYYY-MM-DD */
  @Prop({ required: true })
  day!: string;

  @Prop({ type: Object, required: true })
  figures!: DayFigures;

  /** Whether the day is over (its figures kept for good); today's are counted again soon. */
  @Prop({ default: true })
  final!: boolean;

  @Prop({ required: true })
  computedAt!: Date;
}

/**
 * One day's figures; money in cents by currency, Gemini failures by key id. discountCents (what
 * promo codes took off the orders paid that day) is missing from days kept before promo codes,
 * when there was none.
 */
export interface DayFigures {
  revenue: Record<string, { paidCents: number; refundedCents: number; discountCents?: number }>;
  creditsSold: number;
  creditsSpent: number;
  newUsers: number;
  generations: number;
  failures: Record<string, number>;
}

export const StatsDaySchema = SchemaFactory.createForClass(StatsDay);
StatsDaySchema.index({ day: 1 }, { unique: true });
