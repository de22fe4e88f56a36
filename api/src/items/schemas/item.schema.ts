import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Types } from 'mongoose';

@Schema({ collection: 'items', timestamps: true, versionKey: false })
export class Item {
  @Prop({ required: true, trim: true })
  name!: string;

  /** Lower-case, in the item's public URL (/premium/{slug}/{itemId}); unique (index below). */
  @Prop({ required: true, lowercase: true, trim: true })
  slug!: string;

  /** USD, at most two decimals. */
  @Prop({ required: true, min: 0 })
  price!: number;

  @Prop()
  imageUrl?: string;

  @Prop()
  guidelines?: string;

  /** Where the buyer gets the product; revealed only to a buyer who has paid (and admins). */
  @Prop({ required: true })
  accessUrl!: string;

  createdAt!: Date;
  updatedAt!: Date;
}

export type ItemData = Item & { _id: Types.ObjectId };

export const ItemSchema = SchemaFactory.createForClass(Item);
ItemSchema.index({ slug: 1 }, { unique: true });
ItemSchema.index({ createdAt: -1, _id: -1 });
