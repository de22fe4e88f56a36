import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
  OnModuleInit,
  ServiceUnavailableException,
  UnauthorizedException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { isPaid, type CreatePaypalOrderBody } from '@coldmail/contracts';
import { InjectModel } from '@nestjs/mongoose';
import { Model, mongo, trusted } from 'mongoose';
import type { AuthContext } from '../auth/auth-context';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import type { ServerTiming } from '../common/server-timing';
import { ItemOrdersService } from '../orders/item-orders.service';
import { PackageOrdersService } from '../orders/package-orders.service';
import type { CapturedPayment } from '../orders/payable-orders.service';
import type { ItemOrderData } from '../orders/schemas/item-order.schema';
import type { PackageOrderData } from '../orders/schemas/package-order.schema';
import type { PayableOrderData } from '../orders/schemas/payable-order.schema';
import { FulfilmentService } from './fulfilment.service';
import { OrderKinds, type OrderKind } from './order-kinds';
import {
  paypalCaptureSchema,
  paypalDisputeSchema,
  paypalRefundSchema,
  paypalWebhookEventSchema,
  type PaypalCapture,
  type PaypalOrder,
  type PaypalPayee,
  type WebhookTransmission,
} from './paypal-api';
import { PaypalApiError, PaypalClient, type PaypalCredentials } from './paypal.client';
import { PaypalSettingsService } from './paypal-settings.service';
import { WebhookDelivery } from './schemas/webhook-delivery.schema';
import {
  amountMatches,
  assertMayPay,
  assertPayable,
  assertPaysFor,
  captureOf,
  createdByUs,
  NOT_THIS_ORDER,
  partOfPayment,
  purchaseUnitOf,
  refundedCaptureOf,
} from './order-checks';
import { DECLINED, isDeclined, PAYPAL_FAILED, paypalFailure, paypalStep } from './paypal-failures';

/** Where PayPal serves the certificates its webhook signatures are made with. */
const PAYPAL_CERT_HOSTS = new Set([
  'api.paypal.com',
  'api-m.paypal.com',
  'api.sandbox.paypal.com',
  'api-m.sandbox.paypal.com',
]);
const CAPTURE_IN_PROGRESS =
  'Another payment for this order is being processed. Please wait a moment, then check your order.';
/** How long one PayPal order holds an order's capture: far longer than a capture takes. */
const CAPTURE_CLAIM_MS = 2 * 60_000;

/**
 * How long a webhook delivery may stay 'processing' before a retry of it takes it over: far
 * longer than any delivery takes, so a live attempt is never run twice at once.
 */
const WEBHOOK_TAKEOVER_MS = 2 * 60_000;

/** A delivery whose effects are stored (older records have no status: they are done too). */
const isDone = { status: trusted({ $ne: 'processing' as const }) };

type AnyOrder = PackageOrderData | ItemOrderData;

/** PayPal limits a purchase unit's description to 127 characters. */
const MAX_DESCRIPTION = 127;

/** How a completion call ended, when it did not fail. */
export type Completion<Order> =
  | { status: 'paid'; order: Order; alreadyProcessed: boolean; currentBalance?: number | null }
  /** PayPal accepted the payment but holds the funds (e.g. review); the webhook finishes it. */
  | { status: 'pending-at-paypal' };

/**
 * Payments through PayPal, decided on the server: the PayPal order is created from the stored
 * order's amounts, and an approved payment counts only once PayPal's own records show a
 * COMPLETED capture of exactly that amount and currency, for this order (custom_id/invoice_id).
 * The client contributes nothing but the PayPal order id.
 */
@Injectable()
export class PaymentsService implements OnModuleInit {
  private readonly logger = new Logger(PaymentsService.name);

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

  /** POST /api/paypal/orders: the buyer's pending order, priced as stored. */
  async createPaypalOrder(
    caller: AuthContext,
    { orderId, kind }: CreatePaypalOrderBody,
    timing: ServerTiming,
  ): Promise<{ id: string }> {
    const orders = this.kinds.ordersOf(kind);
    const order = await orders.findOwned(orderId, caller);
    assertPayable(order);
    assertMayPay(caller);
    const { credentials, currency } = await this.settings.forPayments();
    const money = (value: string) => ({ currency_code: currency, value });
    const paypalOrder = await paypalStep(this.logger, 'create order', () =>
      this.paypal.createOrder(
        credentials,
        {
          intent: 'CAPTURE',
          // Credits and digital items are not shipped: PayPal asks the buyer for no address.
          payment_source: {
            paypal: { experience_context: { shipping_preference: 'NO_SHIPPING' } },
          },
          purchase_units: [
            {
              reference_id: order._id.toHexString(),
              description: order.packageName.slice(0, MAX_DESCRIPTION),
              custom_id: order.orderId,
              invoice_id: order.paymentId,
              amount: {
                ...money(order.totalPrice),
                breakdown: {
                  item_total: money(order.packagePrice.toFixed(2)),
                  handling: money(order.processingFee),
                },
              },
            },
          ],
        },
        timing,
      ),
    );
    const payeeId = purchaseUnitOf(paypalOrder)?.payee?.merchant_id;
    if (!payeeId && !this.config.paypal.merchantId) {
      // Without a payee to pin, no capture of this PayPal order could be accepted.
      this.logger.error(`PayPal order ${paypalOrder.id} was created without a readable payee`);
      throw new BadGatewayException(PAYPAL_FAILED);
    }
    await orders.rememberPaypalOrder(order._id.toHexString(), paypalOrder.id, currency, payeeId);
    return { id: paypalOrder.id };
  }

  /** PUT /process-payment-complete/:id */
  async completePackagePayment(
    caller: AuthContext,
    id: string,
    paypalOrderId: string,
    timing: ServerTiming,
  ): Promise<Completion<PackageOrderData>> {
    const order = await this.packageOrders.findOwned(id, caller);
    if (isPaid(order)) {
      // Also finishes a crediting that an earlier call could not.
      const currentBalance = await this.fulfilment.ensureCredited(order);
      return { status: 'paid', order, alreadyProcessed: true, currentBalance };
    }
    assertMayPay(caller);
    const payment = await this.capture('package', order, paypalOrderId, timing);
    if (!payment) return { status: 'pending-at-paypal' };
    return { status: 'paid', ...(await this.fulfilment.fulfilPackage(order, payment)) };
  }

  /** PUT /item-update-payment-status/:id */
  async completeItemPayment(
    caller: AuthContext,
    id: string,
    paypalOrderId: string,
    timing: ServerTiming,
  ): Promise<Completion<ItemOrderData>> {
    const order = await this.itemOrders.findOwned(id, caller);
    if (isPaid(order)) return { status: 'paid', order, alreadyProcessed: true };
    assertMayPay(caller);
    const payment = await this.capture('item', order, paypalOrderId, timing);
    if (!payment) return { status: 'pending-at-paypal' };
    return { status: 'paid', ...(await this.fulfilment.fulfilItem(order, payment)) };
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
    // The local PayPal double serves its own certificates, in development and tests only.
    const { apiBase } = this.config.paypal;
    return (
      this.config.env !== 'production' && apiBase !== null && url.origin === new URL(apiBase).origin
    );
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
            await orders.recordDispute(found.order._id, dispute.data.dispute_id);
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
    const packageOrder = await this.packageOrders.findByCapture(captureId);
    if (packageOrder) return { kind: 'package', order: packageOrder };
    const itemOrder = await this.itemOrders.findByCapture(captureId);
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
      await orders.recordPaymentIssue(order._id.toHexString(), 'DENIED', capture.id);
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
    const packageOrder = await this.packageOrders.findByReference(
      capture.custom_id,
      capture.invoice_id,
    );
    const found: { kind: OrderKind; order: AnyOrder } | null = packageOrder
      ? { kind: 'package', order: packageOrder }
      : await this.itemOrders
          .findByReference(capture.custom_id, capture.invoice_id)
          .then((order) => (order ? { kind: 'item' as const, order } : null));
    if (!found) return null;
    if (!paypalOrderId || !createdByUs(found.order, paypalOrderId)) {
      this.logger.error(
        `Order ${found.order.orderId}: a capture event for PayPal order ${paypalOrderId ?? '(none)'}, which our server did not create; ignored`,
      );
      return null;
    }
    if (!this.paysOurMerchant(capture.payee, found.order)) {
      this.logger.error(
        `Order ${found.order.orderId}: capture ${capture.id} pays another merchant, or names none`,
      );
      return null;
    }
    return found;
  }

  /**
   * The payee must be our merchant: PAYPAL_MERCHANT_ID when configured, otherwise the payee
   * PayPal named when our server created the order. A payment whose payee cannot be read, or an
   * order with no pinned payee to compare with, is refused: it might pay anyone.
   */
  private paysOurMerchant(payee: PaypalPayee | undefined, order: AnyOrder): boolean {
    const expected = this.config.paypal.merchantId ?? order.paypalPayeeId;
    return expected !== undefined && expected !== null && payee?.merchant_id === expected;
  }

  /** A PayPal order our server made for this order, as PayPal has it: for its amount, paid to us. */
  private async verifiedPaypalOrder(
    credentials: PaypalCredentials,
    paypalOrderId: string,
    order: AnyOrder,
    currency: string,
    timing: ServerTiming,
  ): Promise<PaypalOrder> {
    const paypalOrder = await paypalStep(this.logger, 'get order', () =>
      this.paypal.getOrder(credentials, paypalOrderId, timing),
    );
    assertPaysFor(paypalOrder, order, currency);
    if (!this.paysOurMerchant(purchaseUnitOf(paypalOrder)?.payee, order)) {
      this.logger.error(
        `Order ${order.orderId}: PayPal order ${paypalOrderId} pays another merchant`,
      );
      throw new UnprocessableEntityException(NOT_THIS_ORDER);
    }
    return paypalOrder;
  }

  /**
   * Captures the approved PayPal order after checking it is for this order, and answers the
   * verified payment: null while PayPal holds it as PENDING. Refusals throw, leaving the order
   * pending: 402 declined, 422 not this order's payment or not approved, 502 PayPal trouble.
   */
  private async capture(
    kind: OrderKind,
    order: PackageOrderData | ItemOrderData,
    paypalOrderId: string,
    timing: ServerTiming,
  ): Promise<CapturedPayment | null> {
    assertPayable(order);
    // Only a PayPal order our server created for this order can pay it: one the buyer made
    // elsewhere with the same custom_id (and paid to anyone) is refused before PayPal is asked.
    if (!createdByUs(order, paypalOrderId)) throw new UnprocessableEntityException(NOT_THIS_ORDER);
    const { credentials, currency: settingsCurrency } = await this.settings.forPayments();
    const currency = order.currency ?? settingsCurrency;
    const orders = this.kinds.ordersOf(kind);
    const verified = (id: string) =>
      this.verifiedPaypalOrder(credentials, id, order, currency, timing);
    let paypalOrder = await verified(paypalOrderId);

    let capture = captureOf(paypalOrder);
    if (!capture) {
      if (paypalOrder.status !== 'APPROVED') {
        throw new UnprocessableEntityException(
          paypalOrder.status === 'VOIDED'
            ? 'This PayPal payment was cancelled. Please start the payment again.'
            : 'The payment has not been approved in PayPal yet.',
        );
      }
      // One PayPal order of this order is captured at a time: a buyer with two tabs, each with
      // its own approved PayPal order, must never be charged twice.
      const claim = await orders.claimCapture(order._id, paypalOrderId, CAPTURE_CLAIM_MS);
      if (!claim.claimed) {
        if (!claim.heldBy) {
          // Paid meanwhile (a concurrent completion or the webhook): answer with that payment.
          const current = await orders.findById(order._id.toHexString());
          if (current && isPaid(current) && current.paypalTransactionID) {
            return {
              captureId: current.paypalTransactionID,
              captureTime: current.captureTime ?? new Date().toISOString(),
            };
          }
          throw new ConflictException(CAPTURE_IN_PROGRESS);
        }
        const other = await verified(claim.heldBy);
        if (captureOf(other)) {
          // The order was paid through its other PayPal order: that payment is the one checked
          // and recorded below; this one is not captured.
          paypalOrder = other;
        } else if (
          !claim.lapsed ||
          !(await orders.takeOverCapture(order._id, claim.heldBy, paypalOrderId, CAPTURE_CLAIM_MS))
        ) {
          throw new ConflictException(CAPTURE_IN_PROGRESS);
        }
      }
      capture = captureOf(paypalOrder);
      if (!capture) {
        try {
          paypalOrder = await this.paypal.captureOrder(
            credentials,
            paypalOrderId,
            // The same for every attempt at this pair, so PayPal captures at most once.
            `capture-${order._id.toHexString()}-${paypalOrderId}`,
            timing,
          );
        } catch (error) {
          if (!(error instanceof PaypalApiError) || error.issue !== 'ORDER_ALREADY_CAPTURED') {
            if (error instanceof PaypalApiError && isDeclined(error)) {
              await this.recordIssue(kind, order, 'DECLINED');
            }
            // Nothing was captured: another of the order's PayPal orders may be tried.
            await orders.releaseCapture(order._id, paypalOrderId);
            throw paypalFailure(this.logger, error, 'capture');
          }
          // A concurrent call (or the buyer's other tab) captured it first: read its result.
          paypalOrder = await paypalStep(this.logger, 'get order', () =>
            this.paypal.getOrder(credentials, paypalOrderId, timing),
          );
        }
        capture = captureOf(paypalOrder);
      }
    }
    if (!capture) {
      this.logger.error(`PayPal order ${paypalOrderId} has no capture after capturing`);
      throw new BadGatewayException(PAYPAL_FAILED);
    }

    if (capture.status === 'PENDING') {
      await this.recordIssue(kind, order, 'PENDING', capture.id);
      return null;
    }
    if (capture.status !== 'COMPLETED') {
      await this.recordIssue(kind, order, capture.status, capture.id);
      await orders.releaseCapture(order._id, paypalOrderId);
      throw new HttpException(DECLINED, HttpStatus.PAYMENT_REQUIRED);
    }
    if (
      !amountMatches(capture.amount ?? purchaseUnitOf(paypalOrder)?.amount, order, currency) ||
      (capture.custom_id !== undefined && capture.custom_id !== order.orderId)
    ) {
      this.logger.error(
        `Order ${order.orderId}: capture ${capture.id} is ${capture.amount?.value} ` +
          `${capture.amount?.currency_code}, expected ${order.totalPrice} ${currency}; not fulfilled`,
      );
      throw new UnprocessableEntityException(
        'The amount PayPal captured does not match this order. Please contact support.',
      );
    }
    return {
      captureId: capture.id,
      captureTime: capture.create_time ?? new Date().toISOString(),
      ...(paypalOrder.payer?.email_address ? { payerEmail: paypalOrder.payer.email_address } : {}),
    };
  }

  private recordIssue(
    kind: OrderKind,
    order: PayableOrderData,
    status: string,
    captureId?: string,
  ): Promise<void> {
    const orders = this.kinds.ordersOf(kind);
    return orders.recordPaymentIssue(order._id.toHexString(), status, captureId);
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
