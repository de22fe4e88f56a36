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
import { ItemOrdersService } from '../orders/item-orders.service';
import { PackageOrdersService } from '../orders/package-orders.service';
import type { ItemOrderData } from '../orders/schemas/item-order.schema';
import type { PackageOrderData } from '../orders/schemas/package-order.schema';
import { FulfilmentService } from './fulfilment.service';
import { OrderKinds, type OrderKind } from './order-kinds';
import {
  amountMatches,
  createdByUs,
  partOfPayment,
  paysOurMerchant,
  refundedCaptureOf,
} from './order-checks';
import {
  paypalCaptureSchema,
  paypalDisputeSchema,
  paypalRefundSchema,
  paypalWebhookEventSchema,
  type PaypalCapture,
  type WebhookTransmission,
} from './paypal-api';
import { paypalStep } from './paypal-failures';
import { PaypalClient } from './paypal.client';
import { PaypalSettingsService } from './paypal-settings.service';
import { WebhookDelivery } from './schemas/webhook-delivery.schema';

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

type AnyOrder = PackageOrderData | ItemOrderData;

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
    private readonly packageOrders: PackageOrdersService,
    private readonly itemOrders: ItemOrdersService,
    private readonly kinds: OrderKinds,
    private readonly fulfilment: FulfilmentService,
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
      await this.applyEvent(event.data.event_type, event.data.id, event.data.resource);
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

  private async applyEvent(type: string, eventId: string, resource: unknown): Promise<void> {
    switch (type) {
      case 'PAYMENT.CAPTURE.COMPLETED':
      case 'PAYMENT.CAPTURE.DENIED': {
        const capture = paypalCaptureSchema.safeParse(resource);
        const found = capture.success ? await this.orderForCapture(capture.data) : null;
        if (!capture.success || !found) {
          this.logger.warn(`${type} (${eventId}) matches none of our orders; ignored`);
          return;
        }
        return this.applyCaptureEvent(type, capture.data, found);
      }
      case 'PAYMENT.CAPTURE.REFUNDED':
      case 'PAYMENT.CAPTURE.REVERSED': {
        const refund = paypalRefundSchema.safeParse(resource);
        const captureId = refund.success ? refundedCaptureOf(refund.data) : undefined;
        const found = captureId ? await this.paidOrderOfCapture(captureId) : null;
        if (!refund.success || !found) {
          this.logger.warn(`${type} (${eventId}) matches none of our orders; ignored`);
          return;
        }
        // A refund of part of the payment (PayPal names its amount) keeps the order paid and
        // gives back credits in proportion; one of the whole payment (or of no stated amount)
        // refunds the order.
        const partCents = partOfPayment(refund.data.amount, found.order);
        if (partCents !== null && /^[A-Z0-9]{1,64}$/.test(refund.data.id)) {
          await this.fulfilment.partialRefund(found.kind, found.order, {
            paypalReference: refund.data.id,
            amountCents: partCents,
            at: new Date(),
          });
          return;
        }
        await this.fulfilment.refund(found.kind, found.order, {
          source: type === 'PAYMENT.CAPTURE.REVERSED' ? 'paypal-reversal' : 'paypal-refund',
          paypalReference: refund.data.id,
          at: new Date(),
        });
        return;
      }
      case 'CUSTOMER.DISPUTE.CREATED':
      case 'CUSTOMER.DISPUTE.RESOLVED': {
        const dispute = paypalDisputeSchema.safeParse(resource);
        if (!dispute.success) return;
        const lost =
          type === 'CUSTOMER.DISPUTE.RESOLVED' &&
          dispute.data.dispute_outcome?.outcome_code === 'RESOLVED_BUYER_FAVOUR';
        for (const transaction of dispute.data.disputed_transactions ?? []) {
          const captureId = transaction.seller_transaction_id;
          const found = captureId ? await this.paidOrderOfCapture(captureId) : null;
          if (!found) continue;
          if (lost) {
            await this.fulfilment.refund(found.kind, found.order, {
              source: 'dispute',
              paypalReference: dispute.data.dispute_id,
              at: new Date(),
            });
          } else if (type === 'CUSTOMER.DISPUTE.CREATED') {
            const orders = this.kinds.ordersOf(found.kind);
            await orders.refunds.recordDispute(found.order._id, dispute.data.dispute_id);
            this.logger.warn(
              `Order ${found.order.orderId}: dispute ${dispute.data.dispute_id} opened`,
            );
          }
        }
        return;
      }
      default:
        return;
    }
  }

  /** The order a capture paid (package orders first), whatever its status now. */
  private async paidOrderOfCapture(
    captureId: string,
  ): Promise<{ kind: OrderKind; order: AnyOrder } | null> {
    const packageOrder = await this.packageOrders.payment.findByCapture(captureId);
    if (packageOrder) return { kind: 'package', order: packageOrder };
    const itemOrder = await this.itemOrders.payment.findByCapture(captureId);
    return itemOrder ? { kind: 'item', order: itemOrder } : null;
  }

  private async applyCaptureEvent(
    type: string,
    capture: PaypalCapture,
    found: { kind: OrderKind; order: PackageOrderData | ItemOrderData },
  ): Promise<void> {
    const { kind, order } = found;
    const orders = this.kinds.ordersOf(kind);
    if (type === 'PAYMENT.CAPTURE.DENIED') {
      // The order stays pending (the buyer may pay again); the denial is kept for support.
      await orders.payment.recordPaymentIssue(order._id.toHexString(), 'DENIED', capture.id);
      this.logger.warn(`Order ${order.orderId}: PayPal denied capture ${capture.id}`);
      return;
    }
    const currency = order.currency ?? (await this.settings.currency());
    if (capture.status !== 'COMPLETED' || !amountMatches(capture.amount, order, currency)) {
      this.logger.error(
        `Order ${order.orderId}: webhook capture ${capture.id} (${capture.status}, ` +
          `${capture.amount?.value} ${capture.amount?.currency_code}) does not pay it; ignored`,
      );
      return;
    }
    const payment = {
      captureId: capture.id,
      captureTime: capture.create_time ?? new Date().toISOString(),
    };
    if (kind === 'package') {
      await this.fulfilment.fulfilPackage(order as PackageOrderData, payment);
    } else {
      await this.fulfilment.fulfilItem(order as ItemOrderData, payment);
    }
  }

  /**
   * The order a capture event is about: by its references (custom_id and invoice_id, both
   * required), and only if the capture belongs to a PayPal order our server created for it and
   * pays our merchant.
   */
  private async orderForCapture(
    capture: PaypalCapture,
  ): Promise<{ kind: OrderKind; order: AnyOrder } | null> {
    if (!capture.custom_id || !capture.invoice_id) return null;
    const paypalOrderId = capture.supplementary_data?.related_ids?.order_id;
    const packageOrder = await this.packageOrders.payment.findByReference(
      capture.custom_id,
      capture.invoice_id,
    );
    const found: { kind: OrderKind; order: AnyOrder } | null = packageOrder
      ? { kind: 'package', order: packageOrder }
      : await this.itemOrders.payment
          .findByReference(capture.custom_id, capture.invoice_id)
          .then((order) => (order ? { kind: 'item' as const, order } : null));
    if (!found) return null;
    if (!paypalOrderId || !createdByUs(found.order, paypalOrderId)) {
      this.logger.error(
        `Order ${found.order.orderId}: a capture event for PayPal order ${paypalOrderId ?? '(none)'}, which our server did not create; ignored`,
      );
      return null;
    }
    if (!paysOurMerchant(capture.payee, found.order, this.config.paypal.merchantId)) {
      this.logger.error(
        `Order ${found.order.orderId}: capture ${capture.id} pays another merchant, or names none`,
      );
      return null;
    }
    return found;
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
