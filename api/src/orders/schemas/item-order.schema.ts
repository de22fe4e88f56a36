import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, type Types } from 'mongoose';
import { addPayableOrderIndexes, PayableOrder } from './payable-order.schema';

/** An order for a digital item (admin doc: Item order). */
@Schema({ collection: 'itemOrders', timestamps: true, versionKey: false })
export class ItemOrder extends PayableOrder {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  itemId!: Types.ObjectId;

  @Prop({ required: true })
  slug!: string;

  @Prop()
  imageUrl?: string;

  @Prop()
  guidelines?: string;

  /** The item's access URL when ordered; sent only to its buyer (or admins) once paid. */
  @Prop({ required: true })
  accessUrl!: string;
}

export type ItemOrderData = ItemOrder & { _id: Types.ObjectId };

export const ItemOrderSchema = SchemaFactory.createForClass(ItemOrder);
addPayableOrderIndexes(ItemOrderSchema);
