import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import {
  buttonColors,
  buttonLabels,
  buttonLayouts,
  buttonShapes,
  paypalCurrencies,
  paypalModes,
  type ButtonStyles,
} from '@coldmail/contracts';
import { SealedSecret, SealedSecretSchema } from '../../secrets/sealed-secret.schema';

@Schema({ _id: false })
export class StoredButtonStyles implements ButtonStyles {
  @Prop({ type: String, enum: buttonLayouts, required: true })
  layout!: ButtonStyles['layout'];

  @Prop({ type: String, enum: buttonColors, required: true })
  color!: ButtonStyles['color'];

  @Prop({ type: String, enum: buttonShapes, required: true })
  shape!: ButtonStyles['shape'];

  @Prop({ type: String, enum: buttonLabels, required: true })
  label!: ButtonStyles['label'];
}
const StoredButtonStylesSchema = SchemaFactory.createForClass(StoredButtonStyles);

/** The payment settings an admin saved: one document (key 'paypal'). */
@Schema({ collection: 'paypalSettings', timestamps: true, versionKey: false })
export class PaypalSettingsRecord {
  @Prop({ required: true })
  key!: string;

  @Prop({ default: '' })
  clientId!: string;

  /**
   * The client secret an admin saved, sealed (SecretCipher); only ever read by the server to call
   * PayPal (select: false keeps it out of every other read). Unset means the PAYPAL_CLIENT_SECRET
   * from the environment.
   */
  @Prop({ type: SealedSecretSchema, select: false })
  sealedClientSecret?: SealedSecret;

  /**
   * How the secret was stored before it was sealed: sealed and removed at start-up
   * (PaypalSettingsService.onModuleInit), never written any more.
   */
  @Prop({ select: false })
  clientSecret?: string;

  @Prop({ type: String, enum: paypalModes, required: true })
  mode!: (typeof paypalModes)[number];

  @Prop({ type: String, enum: paypalCurrencies, required: true })
  currency!: (typeof paypalCurrencies)[number];

  @Prop({ required: true })
  enablePayPal!: boolean;

  @Prop({ type: StoredButtonStylesSchema, required: true })
  buttonStyles!: StoredButtonStyles;
}

export const PaypalSettingsSchema = SchemaFactory.createForClass(PaypalSettingsRecord);
PaypalSettingsSchema.index({ key: 1 }, { unique: true });
