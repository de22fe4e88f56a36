import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, type Types } from 'mongoose';
import type { OrderData } from './order.schema';

/** What an order for a digital item has besides every order's fields (admin doc: Item order). */
@Schema()
class ItemOrder {
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

export type ItemOrderData = OrderData & ItemOrder & { kind: 'item' };

export const ItemOrderSchema = SchemaFactory.createForClass(ItemOrder);
