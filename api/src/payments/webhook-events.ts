import { Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import type { AnyOrder } from '../orders/order-kinds';
import { OrdersService } from '../orders/orders.service';
import { FulfilmentService } from './fulfilment.service';
import { RefundFulfilment } from './refund-fulfilment.service';
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
  type PaypalCapture,
} from './paypal-api';
import { PaypalSettingsService } from './paypal-settings.service';

/**
 * The outcomes of a resolved dispute (Disputes v1 `outcome_code`) in which the buyer gets the
 * payment back from the merchant: PayPal found for the buyer, or the merchant accepted the claim.
 * In the others the merchant keeps it (found for the seller, the claim denied or cancelled, or
 * PayPal paid the buyer out of its own funds), and the order stays paid.
 */
const LOST_DISPUTE_OUTCOMES = new Set(['RESOLVED_BUYER_FAVOUR', 'ACCEPTED']);

/**
 * What a verified PayPal webhook event does to its order (WebhooksService has checked PayPal
 * vouches for it and claimed the delivery): a capture completes or is denied, a refund or
 * reversal refunds, a dispute is noted. An event changes an order only when it is for a PayPal
 * order our server created for it and pays our merchant.
 */
@Injectable()
export class WebhookEvents {
  private readonly logger = new Logger(WebhookEvents.name);

  constructor(
    private readonly settings: PaypalSettingsService,
    private readonly orders: OrdersService,
    private readonly fulfilment: FulfilmentService,
    private readonly refundFulfilment: RefundFulfilment,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** Applies a verified event of `type` to the order it is about; other types are ignored. */
  async apply(type: string, eventId: string, resource: unknown): Promise<void> {
    switch (type) {
      case 'PAYMENT.CAPTURE.COMPLETED':
      case 'PAYMENT.CAPTURE.DENIED': {
        const capture = paypalCaptureSchema.safeParse(resource);
        const order = capture.success ? await this.orderForCapture(capture.data) : null;
        if (!capture.success || !order) {
          this.logger.warn(`${type} (${eventId}) matches none of our orders; ignored`);
          return;
        }
        return this.applyCaptureEvent(type, capture.data, order);
      }
      case 'PAYMENT.CAPTURE.REFUNDED':
      case 'PAYMENT.CAPTURE.REVERSED': {
        const refund = paypalRefundSchema.safeParse(resource);
        const captureId = refund.success ? refundedCaptureOf(refund.data) : undefined;
        const order = captureId ? await this.orders.payment.findByCapture(captureId) : null;
        if (!refund.success || !order) {
          this.logger.warn(`${type} (${eventId}) matches none of our orders; ignored`);
          return;
        }
        // A refund of part of the payment (PayPal names its amount) keeps the order paid and
        // gives back credits in proportion; one of the whole payment (or of no stated amount)
        // refunds the order.
        const partCents = partOfPayment(refund.data.amount, order);
        if (partCents !== null && /^[A-Z0-9]{1,64}$/.test(refund.data.id)) {
          await this.refundFulfilment.partialRefund(order, {
            paypalReference: refund.data.id,
            amountCents: partCents,
            at: new Date(),
          });
          return;
        }
        await this.refundFulfilment.refund(order, {
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
          LOST_DISPUTE_OUTCOMES.has(dispute.data.dispute_outcome?.outcome_code ?? '');
        for (const transaction of dispute.data.disputed_transactions ?? []) {
          const captureId = transaction.seller_transaction_id;
          const order = captureId ? await this.orders.payment.findByCapture(captureId) : null;
          if (!order) continue;
          if (lost) {
            await this.refundFulfilment.refund(order, {
              source: 'dispute',
              paypalReference: dispute.data.dispute_id,
              at: new Date(),
            });
          } else if (type === 'CUSTOMER.DISPUTE.CREATED') {
            await this.orders.refunds.recordDispute(order._id, dispute.data.dispute_id);
            this.logger.warn(`Order ${order.orderId}: dispute ${dispute.data.dispute_id} opened`);
          } else {
            await this.orders.refunds.resolveDispute(order._id, dispute.data.dispute_id);
            this.logger.log(
              `Order ${order.orderId}: dispute ${dispute.data.dispute_id} closed (${dispute.data.dispute_outcome?.outcome_code ?? 'no outcome'})`,
            );
          }
        }
        return;
      }
      default:
        return;
    }
  }

  private async applyCaptureEvent(
    type: string,
    capture: PaypalCapture,
    order: AnyOrder,
  ): Promise<void> {
    if (type === 'PAYMENT.CAPTURE.DENIED') {
      // The order stays pending (the buyer may pay again); the denial is kept for support.
      await this.orders.payment.recordPaymentIssue(order._id.toHexString(), 'DENIED', capture.id);
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
    await this.fulfilment.fulfil(order, payment);
  }

  /**
   * The order a capture event is about: by its references (custom_id and invoice_id, both
   * required), and only if the capture belongs to a PayPal order our server created for it and
   * pays our merchant.
   */
  private async orderForCapture(capture: PaypalCapture): Promise<AnyOrder | null> {
    if (!capture.custom_id || !capture.invoice_id) return null;
    const paypalOrderId = capture.supplementary_data?.related_ids?.order_id;
    const order = await this.orders.payment.findByReference(capture.custom_id, capture.invoice_id);
    if (!order) return null;
    if (!paypalOrderId || !createdByUs(order, paypalOrderId)) {
      this.logger.error(
        `Order ${order.orderId}: a capture event for PayPal order ${paypalOrderId ?? '(none)'}, which our server did not create; ignored`,
      );
      return null;
    }
    if (!paysOurMerchant(capture.payee, order, this.config.paypal.merchantId)) {
      this.logger.error(
        `Order ${order.orderId}: capture ${capture.id} pays another merchant, or names none`,
      );
      return null;
    }
    return order;
  }
}
