import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * A verified PayPal webhook delivery. It is recorded as `processing` before its effects are
 * stored and marked `done` only after them, so a process that stops in between leaves it
 * `processing`: PayPal's retry of the same transmission then takes it over once it is older than
 * the takeover age (another instance may still be at work on a fresh one). A `done` delivery is a
 * replay: answered 200 (so PayPal stops) and ignored, without asking PayPal again. Deliveries
 * recorded before this field existed are done.
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

  @Prop({ type: String, enum: ['processing', 'done'] })
  status?: 'processing' | 'done';

  /** When the current attempt at its effects started (a takeover moves it). */
  @Prop()
  startedAt?: Date;

  @Prop()
  doneAt?: Date;
}

export const WebhookDeliverySchema = SchemaFactory.createForClass(WebhookDelivery);
WebhookDeliverySchema.index({ transmissionId: 1 }, { unique: true });
