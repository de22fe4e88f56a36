import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, type Types } from 'mongoose';

/** Failed Gemini calls of one key on one day (UTC): what the statistics draw over time. */
@Schema({ collection: 'geminiFailureDays', versionKey: false })
export class GeminiFailureDay {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  keyId!: Types.ObjectId;

  /** YYYY-MM-DD */
  @Prop({ required: true })
  day!: string;

  @Prop({ required: true, default: 0 })
  failures!: number;
}

export const GeminiFailureDaySchema = SchemaFactory.createForClass(GeminiFailureDay);
// One counter per key and day, counted up by every instance with $inc.
GeminiFailureDaySchema.index({ day: 1, keyId: 1 }, { unique: true });
