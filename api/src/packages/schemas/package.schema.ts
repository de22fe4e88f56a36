import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { DEFAULT_PACKAGE_VALIDITY_DAYS, MAX_PACKAGES } from '@coldmail/contracts';
import type { Types } from 'mongoose';

@Schema({ collection: 'packages', timestamps: true, versionKey: false })
export class CreditPackage {
  @Prop({ required: true, trim: true })
  packageName!: string;

  /** USD, at most two decimals. */
  @Prop({ required: true, min: 0 })
  price!: number;

  @Prop({ required: true, min: 0, validate: { validator: Number.isInteger } })
  credit!: number;

  /** Days the membership lasts from the order's creation. */
  @Prop({ default: DEFAULT_PACKAGE_VALIDITY_DAYS, validate: { validator: Number.isInteger } })
  validity!: number;

  @Prop()
  icon?: string;

  /**
   * 1..MAX_PACKAGES, unique (index below): the store can never hold more than MAX_PACKAGES
   * packages, even when two admins add one at the same moment. Deleting a package frees its slot.
   */
  @Prop({ required: true, min: 1, max: MAX_PACKAGES })
  slot!: number;

  @Prop() pointOne?: string;
  @Prop() pointTwo?: string;
  @Prop() pointThree?: string;
  @Prop() pointFour?: string;
  @Prop() pointFive?: string;
  @Prop() pointSix?: string;
  @Prop() pointSeven?: string;
  @Prop() pointEight?: string;
  @Prop() pointNine?: string;
  @Prop() pointTen?: string;

  createdAt!: Date;
  updatedAt!: Date;
}

export type CreditPackageData = CreditPackage & { _id: Types.ObjectId };

export const CreditPackageSchema = SchemaFactory.createForClass(CreditPackage);
CreditPackageSchema.index({ slot: 1 }, { unique: true });
