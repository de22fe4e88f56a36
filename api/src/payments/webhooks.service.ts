import {
  BadRequestException,
  ConflictException,
  UnauthorizedException,
  Injectable,
  Logger,
  type OnModuleInit,
  ServiceUnavailableException,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { Model, mongo, trusted } from 'mongoose';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import { paypalWebhookEventSchema, type WebhookTransmission } from './paypal-api';
import { paypalStep } from './paypal-failures';
import { PaypalClient } from './paypal.client';
import { PaypalSettingsService } from './paypal-settings.service';
import { WebhookDelivery } from './schemas/webhook-delivery.schema';
import { WebhookEvents } from './webhook-events';

/** Where PayPal serves the certificates its webhook signatures are made with. */
const PAYPAL_CERT_HOSTS = new Set([
  'api.paypal.com',
  'api-m.paypal.com',
  'api.sandbox.paypal.com',
  'api-m.sandbox.paypal.com',
]);
/**
 * How long a webhook delivery may stay 'processing' before a retry of it takes it over: far
 * longer than any delivery takes, so a live attempt is never run twice at once.
 */
const WEBHOOK_TAKEOVER_MS = 2 * 60_000;

/** A delivery whose effects are stored (older records have no status: they are done too). */
const isDone = { status: trusted({ $ne: 'processing' as const }) };

/**
 * PayPal's webhook events: only those PayPal itself vouches for are read, each delivery is
 * applied once (even when PayPal retries it while the first attempt still runs), and a capture,
 * refund or dispute changes an order only when it is for a PayPal order our server created for
 * it and pays our merchant.
 */
@Injectable()
export class WebhooksService implements OnModuleInit {
  private readonly logger = new Logger(WebhooksService.name);

  constructor(
    private readonly paypal: PaypalClient,
    private readonly settings: PaypalSettingsService,
    private readonly events: WebhookEvents,
    @InjectModel(WebhookDelivery.name) private readonly deliveries: Model<WebhookDelivery>,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** The unique transmission index, which refuses a replayed webhook, must exist before one comes. */
  async onModuleInit(): Promise<void> {
    await this.deliveries.init();
  }

  /**
   * POST /api/paypal/webhook. Only events PayPal itself vouches for (verify-webhook-signature)
   * are acted on; anything else is refused before it is read.
   */
  async handleWebhook(
    transmission: Partial<WebhookTransmission>,
    rawEvent: string | undefined,
  ): Promise<void> {
    const webhookId = this.config.paypal.webhookId;
    const credentials = await this.settings.credentials();
    if (!webhookId || !credentials) {
      this.logger.warn('A PayPal webhook arrived but PAYPAL_WEBHOOK_ID or credentials are unset');
      throw new ServiceUnavailableException('Webhooks are not configured');
    }
    const complete = completeTransmission(transmission);
    if (!complete || !rawEvent) {
      throw new BadRequestException('Missing PayPal transmission headers or event');
    }
    // Only PayPal's certificates can vouch for a delivery: anything else is refused without
    // asking PayPal (a forged delivery must not make us call out at all).
    if (!this.isPaypalCertUrl(complete.certUrl)) {
      this.logger.warn(`Refused a webhook naming a foreign certificate URL (${complete.certUrl})`);
      throw new BadRequestException('The webhook certificate is not PayPal’s');
    }
    if (await this.deliveries.exists({ transmissionId: complete.transmissionId, ...isDone })) {
      this.logger.warn(`Ignored a replayed webhook (${complete.transmissionId})`);
      return;
    }
    const verified = await paypalStep(this.logger, 'verify webhook', () =>
      this.paypal.verifyWebhookSignature(credentials, complete, webhookId, rawEvent),
    );
    if (!verified) {
      this.logger.warn(`Refused a webhook with an invalid signature (${complete.transmissionId})`);
      throw new UnauthorizedException('Webhook signature could not be verified');
    }
    const event = paypalWebhookEventSchema.safeParse(JSON.parse(rawEvent));
    if (!event.success) throw new BadRequestException('Malformed webhook event');
    const claim = await this.claimDelivery(complete.transmissionId, event.data);
    if (claim === 'done') {
      this.logger.warn(`Ignored a replayed webhook (${complete.transmissionId})`);
      return;
    }
    if (claim === 'in-progress') {
      // PayPal retries a delivery that is not answered 2xx: by then this attempt has finished
      // (and the retry is a replay) or stopped (and the retry takes it over).
      throw new ConflictException('This webhook delivery is being processed');
    }
    try {
      await this.events.apply(event.data.event_type, event.data.id, event.data.resource);
    } catch (error) {
      // Not done: forget the delivery, so PayPal's retry of it is not taken for a replay.
      await this.deliveries.deleteOne({ transmissionId: complete.transmissionId });
      throw error;
    }
    await this.deliveries.updateOne(
      { transmissionId: complete.transmissionId },
      { $set: { status: 'done', doneAt: new Date() } },
    );
  }

  /**
   * Records a delivery as being processed by this call: 'claimed' when it is new, or when an
   * earlier attempt has been processing it for longer than the takeover age (its process
   * stopped); 'done' when it was processed already; 'in-progress' when another attempt is
   * under way.
   */
  private async claimDelivery(
    transmissionId: string,
    event: { id: string; event_type: string },
  ): Promise<'claimed' | 'done' | 'in-progress'> {
    const now = new Date();
    try {
      await this.deliveries.create({
        transmissionId,
        eventId: event.id,
        eventType: event.event_type,
        receivedAt: now,
        status: 'processing',
        startedAt: now,
      });
      return 'claimed';
    } catch (error) {
      if (!(error instanceof mongo.MongoServerError && error.code === 11000)) throw error;
    }
    const stalledBefore = new Date(now.getTime() - WEBHOOK_TAKEOVER_MS);
    const takenOver = await this.deliveries.findOneAndUpdate(
      { transmissionId, status: 'processing', startedAt: trusted({ $lt: stalledBefore }) },
      { $set: { startedAt: now } },
    );
    if (takenOver) {
      this.logger.warn(`Took over webhook ${transmissionId}, left half done by a stopped process`);
      return 'claimed';
    }
    const current = await this.deliveries.exists({ transmissionId, ...isDone });
    return current ? 'done' : 'in-progress';
  }

  private isPaypalCertUrl(certUrl: string): boolean {
    let url: URL;
    try {
      url = new URL(certUrl);
    } catch {
      return false;
    }
    if (url.protocol === 'https:' && PAYPAL_CERT_HOSTS.has(url.hostname)) return true;
    // The local PayPal double serves its own certificates: PAYPAL_API_BASE names it (in
    // production only on loopback, for a production build tested on one machine).
    const { apiBase } = this.config.paypal;
    return apiBase !== null && url.origin === new URL(apiBase).origin;
  }
}

function completeTransmission(
  transmission: Partial<WebhookTransmission>,
): WebhookTransmission | null {
  const { authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime } = transmission;
  if (!authAlgo || !certUrl || !transmissionId || !transmissionSig || !transmissionTime) {
    return null;
  }
  return { authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime };
}
