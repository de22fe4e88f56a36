import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, type Types } from 'mongoose';

export type GenerationStatus = 'pending' | 'done' | 'failed';

/** One generated email (or an attempt): its inputs, its result and what it cost. */
@Schema({ collection: 'generations', timestamps: true, versionKey: false })
export class GenerationRecord {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  userId!: Types.ObjectId;

  @Prop({ default: '' })
  recipientName!: string;

  @Prop({ default: '' })
  senderName!: string;

  @Prop({ default: '' })
  purpose!: string;

  @Prop({ default: '' })
  keyDetails!: string;

  @Prop({ default: 'professional' })
  tone!: string;

  @Prop({ default: '' })
  prompt!: string;

  @Prop({ default: '' })
  subject!: string;

  @Prop({ default: '' })
  body!: string;

  /** pending while the model writes; failed ones had their credit refunded. */
  @Prop({ type: String, required: true, default: 'pending' })
  status!: GenerationStatus;

  /** A streamed generation: when its first words were sent to the reader (it is paid for). */
  @Prop()
  textSentAt?: Date;

  /** Set when its credit was given back. */
  @Prop({ type: Boolean, default: false })
  refunded!: boolean;

  /** The tokens the model's call used, as Gemini reported them (admins see the keys' totals). */
  @Prop({ type: Number })
  tokens?: number;

  createdAt!: Date;
  updatedAt!: Date;
}

export type GenerationData = GenerationRecord & { _id: Types.ObjectId };

export const GenerationSchema = SchemaFactory.createForClass(GenerationRecord);
// A user's history, newest first.
GenerationSchema.index({ userId: 1, createdAt: -1, _id: -1 });
// The statistics: generations within a range of days.
GenerationSchema.index({ createdAt: 1 });
