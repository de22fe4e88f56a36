import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { Schema as MongooseSchema } from 'mongoose';
import { contentBlockNames, type ContentBlockName } from '../content-blocks';

/**
 * One content block's saved settings. Their shape is the block's contract schema, which checks
 * them on the way in and on the way out, so it is not repeated here field by field.
 */
@Schema({ collection: 'contentBlocks', timestamps: true, versionKey: false, minimize: false })
export class ContentBlockRecord {
  @Prop({ type: String, enum: contentBlockNames, required: true })
  block!: ContentBlockName;

  @Prop({ type: MongooseSchema.Types.Mixed, required: true })
  settings!: Record<string, unknown>;
}

export const ContentBlockSchema = SchemaFactory.createForClass(ContentBlockRecord);
ContentBlockSchema.index({ block: 1 }, { unique: true });
