import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** One buyer country's tax rate, as an admin set it. */
@Schema({ _id: false, versionKey: false })
export class StoredTaxRate {
  /** ISO 3166-1 alpha-2. */
  @Prop({ required: true })
  country!: string;

  /** Percent. */
  @Prop({ required: true, min: 0, max: 100 })
  rate!: number;

  @Prop({ required: true })
  label!: string;
}

/** The store's invoicing settings: one document, `_id: 'store'`. */
@Schema({ collection: 'invoice_settings', versionKey: false, timestamps: true })
export class InvoiceSettingsRecord {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ default: '' })
  sellerName!: string;

  @Prop({ default: '' })
  sellerAddress!: string;

  @Prop({ default: '' })
  sellerTaxId!: string;

  @Prop({ default: false })
  pricesIncludeTax!: boolean;

  @Prop({ type: [SchemaFactory.createForClass(StoredTaxRate)], default: [] })
  taxRates!: StoredTaxRate[];

  updatedAt?: Date;
}

export const InvoiceSettingsSchema = SchemaFactory.createForClass(InvoiceSettingsRecord);
