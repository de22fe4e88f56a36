import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { SchemaTypes, type Types } from 'mongoose';
import type { OrderData } from './order.schema';

/** What an order for a credit package has besides every order's fields (spec: Order). */
@Schema()
class PackageOrder {
  @Prop({ type: SchemaTypes.ObjectId, required: true })
  packageId!: Types.ObjectId;

  /** Credits the buyer gets once paid, as the package had them when ordered. */
  @Prop({ required: true })
  credit!: number;

  /** Days, from the package when ordered. */
  @Prop({ required: true })
  Validity!: number;

  @Prop()
  featuredImage?: string;

  /** Set on payment: createdAt + Validity days. */
  @Prop()
  MembershipValidity?: Date;

  /**
   * Set once the credits are in the buyer's balance. A paid order without it (the process
   * stopped between the two writes) is credited by the next completion call, webhook or start-up.
   */
  @Prop({ default: false })
  creditApplied!: boolean;
}

export type PackageOrderData = OrderData & PackageOrder & { kind: 'package' };

export const PackageOrderSchema = SchemaFactory.createForClass(PackageOrder);
