import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * A PayPal webhook delivery the API has verified and acted on. A delivery whose transmission id
 * is here is a replay: answered 200 (so PayPal stops) and ignored, without asking PayPal again.
 */
@Schema({ collection: 'paypal_webhook_deliveries', versionKey: false })
export class WebhookDelivery {
  @Prop({ required: true })
  transmissionId!: string;

  @Prop({ required: true })
  eventId!: string;

  @Prop({ required: true })
  eventType!: string;

  @Prop({ required: true })
  receivedAt!: Date;
}

export const WebhookDeliverySchema = SchemaFactory.createForClass(WebhookDelivery);
WebhookDeliverySchema.index({ transmissionId: 1 }, { unique: true });
