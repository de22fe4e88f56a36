import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Types } from 'mongoose';

/** The two numbered documents: invoices of paid orders, and credit notes of refunds. */
export type NumberSeries = 'INV' | 'CN';

/**
 * A number given in a series: `_id` is the number itself ('INV-2026-000042'), so two instances
 * giving the same next number collide on insert, and one of them takes the one after. Numbers are
 * never removed: each series has no gap within a year.
 */
@Schema({ collection: 'document_numbers', versionKey: false })
export class DocumentNumber {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  series!: NumberSeries;

  @Prop({ required: true })
  year!: number;

  @Prop({ required: true, min: 1 })
  sequence!: number;

  /** The order it was given for. */
  @Prop({ type: Types.ObjectId, required: true })
  orderId!: Types.ObjectId;

  /** What in the order it numbers: 'invoice', or the refund's reference for a credit note. */
  @Prop({ required: true })
  subject!: string;

  @Prop({ required: true })
  issuedAt!: Date;
}

export const DocumentNumberSchema = SchemaFactory.createForClass(DocumentNumber);
// The year's last number of a series, to give the next.
DocumentNumberSchema.index({ series: 1, year: 1, sequence: -1 });
// One number per thing numbered, however many calls race to number it.
DocumentNumberSchema.index({ series: 1, orderId: 1, subject: 1 }, { unique: true });
