import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { paypalCurrencies } from '@coldmail/contracts';
import { SchemaTypes, type Types } from 'mongoose';

const promoCodeKinds = ['percent', 'fixed'] as const;
type PromoCodeKind = (typeof promoCodeKinds)[number];

/** The products a code applies to: all of them, or the packages and items listed. */
@Schema({ _id: false })
class PromoCodeScope {
  @Prop({ required: true })
  all!: boolean;

  @Prop({ type: [SchemaTypes.ObjectId], default: [] })
  packageIds!: Types.ObjectId[];

  @Prop({ type: [SchemaTypes.ObjectId], default: [] })
  itemIds!: Types.ObjectId[];
}

/**
 * A promo code an admin made. `uses` counts the orders holding one of its uses; it only changes
 * through a guarded `$inc` (promo-codes.service.ts), so it never passes `maxUses`.
 */
@Schema({ collection: 'promoCodes', timestamps: true, versionKey: false })
export class PromoCode {
  /** Upper-case A-Z0-9-_, 3 to 32 characters; unique (index below). */
  @Prop({ required: true })
  code!: string;

  @Prop({ type: String, required: true, enum: promoCodeKinds })
  kind!: PromoCodeKind;

  /** Percent codes: whole percent of the price, 1 to 100. */
  @Prop()
  percent?: number;

  /** Fixed codes: the amount taken off, in `currency`. */
  @Prop()
  amount?: number;

  /** Fixed codes: the store's currency when the code was saved. */
  @Prop({ type: String, enum: paypalCurrencies })
  currency?: string;

  @Prop({ type: Date, default: null })
  expiresAt!: Date | null;

  @Prop({ type: Number, default: null })
  maxUses!: number | null;

  @Prop({ default: false })
  oncePerBuyer!: boolean;

  @Prop({ type: SchemaFactory.createForClass(PromoCodeScope), required: true })
  appliesTo!: PromoCodeScope;

  @Prop({ default: false })
  paused!: boolean;

  @Prop({ default: 0, min: 0 })
  uses!: number;

  createdAt!: Date;
  updatedAt!: Date;
}

export type PromoCodeData = PromoCode & { _id: Types.ObjectId };

export const PromoCodeSchema = SchemaFactory.createForClass(PromoCode);
PromoCodeSchema.index({ code: 1 }, { unique: true });
// The back office's list, newest first.
PromoCodeSchema.index({ createdAt: -1, _id: -1 });
