import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, type Types } from 'mongoose';

/**
 * One use of a promo code, held by one order from its placement. It goes (and the code's `uses`
 * with it) when the order is deleted or expires unpaid; once the order is paid or refunded it is
 * settled and kept, so a once-per-buyer code stays used by that buyer.
 */
@Schema({ collection: 'promoRedemptions', versionKey: false })
export class PromoRedemption {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  codeId!: Types.ObjectId;

  /** The buyer's user record. */
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  buyerId!: Types.ObjectId;

  /** The order holding the use (its `_id`); one use per order. */
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  orderId!: Types.ObjectId;

  /** Copied from the code when used: the unique index below applies to these only. */
  @Prop({ required: true })
  oncePerBuyer!: boolean;

  @Prop({ required: true })
  at!: Date;

  /** The order was paid (or refunded): the use is final, the recovery sweep looks no more. */
  @Prop({ default: false })
  settled!: boolean;
}

export const PromoRedemptionSchema = SchemaFactory.createForClass(PromoRedemption);
PromoRedemptionSchema.index({ orderId: 1 }, { unique: true });
// A once-per-buyer code: two orders of one buyer placed at once cannot both hold a use of it.
PromoRedemptionSchema.index(
  { buyerId: 1, codeId: 1 },
  { unique: true, partialFilterExpression: { oncePerBuyer: true } },
);
// Whether a buyer used a code (whatever the code said then), and a deleted code's uses.
PromoRedemptionSchema.index({ codeId: 1, buyerId: 1 });
// The recovery sweep's uses to look at: those of orders not yet paid.
PromoRedemptionSchema.index({ at: 1 }, { partialFilterExpression: { settled: false } });
