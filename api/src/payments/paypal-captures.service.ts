import {
  BadGatewayException,
  ConflictException,
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
  UnprocessableEntityException,
} from '@nestjs/common';
import { isPaid } from '@coldmail/contracts';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import type { ServerTiming } from '../common/server-timing';
import type { CapturedPayment } from '../orders/order-payment';
import type { AnyOrder } from '../orders/order-kinds';
import { OrdersService } from '../orders/orders.service';
import { type PaypalCapture, type PaypalOrder } from './paypal-api';
import { PaypalClient, type PaypalCredentials } from './paypal.client';
import { PaypalApiError } from './paypal-errors';
import { PaypalSettingsService } from './paypal-settings.service';
import {
  amountMatches,
  assertPayable,
  assertPaysFor,
  captureOf,
  createdByUs,
  NOT_THIS_ORDER,
  paysOurMerchant,
  purchaseUnitOf,
} from './order-checks';
import { DECLINED, isDeclined, PAYPAL_FAILED, paypalFailure, paypalStep } from './paypal-failures';

const CAPTURE_IN_PROGRESS =
  'Another payment for this order is being processed. Please wait a moment, then check your order.';
/** How long one PayPal order holds an order's capture: far longer than a capture takes. */
const CAPTURE_CLAIM_MS = 2 * 60_000;

/** What a completion call names: the approved PayPal order, or the capture the client made. */
export type CompletionRequest = { paypalOrderId: string } | { captureId: string };

/**
 * The payment a completion call names, as PayPal's own records show it: the approved PayPal
 * order captured by our server (holding the order's capture claim, so two never capture it), or
 * a capture the browser made, looked up and checked. Either counts only when it completed, for
 * this order's amount and currency, paid to our merchant; PayPal's refusals are kept on the
 * order for support.
 */
@Injectable()
export class PaypalCapturesService {
  private readonly logger = new Logger(PaypalCapturesService.name);

  constructor(
    private readonly paypal: PaypalClient,
    private readonly settings: PaypalSettingsService,
    private readonly orders: OrdersService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** The verified payment `payment` names; null while PayPal holds it as PENDING. */
  paymentOf(
    order: AnyOrder,
    payment: CompletionRequest,
    timing: ServerTiming,
  ): Promise<CapturedPayment | null> {
    return 'paypalOrderId' in payment
      ? this.capture(order, payment.paypalOrderId, timing)
      : this.reportedCapture(order, payment.captureId, timing);
  }

  /**
   * A capture the spec's client made in the browser (PayPal's JS SDK) and reports by its id. It
   * counts only as PayPal has it: completed, of a PayPal order our server created for this order
   * (that order's own capture), for the order's amount and currency, paid to our merchant. An
   * unknown id, another order's capture or any mismatch is refused (422) and changes nothing.
   */
  private async reportedCapture(
    order: AnyOrder,
    captureId: string,
    timing: ServerTiming,
  ): Promise<CapturedPayment | null> {
    assertPayable(order);
    const { credentials, currency: settingsCurrency } = await this.settings.forPayments();
    const currency = order.currency ?? settingsCurrency;
    let capture: PaypalCapture;
    try {
      capture = await this.paypal.getCapture(credentials, captureId, timing);
    } catch (error) {
      // PayPal knows no such capture (or not for our credentials): not a payment of this order.
      if (error instanceof PaypalApiError && (error.status === 404 || error.status === 400)) {
        throw new UnprocessableEntityException(NOT_THIS_ORDER);
      }
      throw paypalFailure(this.logger, error, 'get capture');
    }
    const paypalOrderId = capture.supplementary_data?.related_ids?.order_id;
    if (!paypalOrderId || !createdByUs(order, paypalOrderId)) {
      throw new UnprocessableEntityException(NOT_THIS_ORDER);
    }
    const paypalOrder = await this.verifiedPaypalOrder(
      credentials,
      paypalOrderId,
      order,
      currency,
      timing,
    );
    if (captureOf(paypalOrder)?.id !== capture.id) {
      throw new UnprocessableEntityException(NOT_THIS_ORDER);
    }
    return this.accepted(order, paypalOrder, capture, currency, paypalOrderId);
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
    if (
      !paysOurMerchant(purchaseUnitOf(paypalOrder)?.payee, order, this.config.paypal.merchantId)
    ) {
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
    order: AnyOrder,
    paypalOrderId: string,
    timing: ServerTiming,
  ): Promise<CapturedPayment | null> {
    assertPayable(order);
    // Only a PayPal order our server created for this order can pay it: one the buyer made
    // elsewhere with the same custom_id (and paid to anyone) is refused before PayPal is asked.
    if (!createdByUs(order, paypalOrderId)) throw new UnprocessableEntityException(NOT_THIS_ORDER);
    const { credentials, currency: settingsCurrency } = await this.settings.forPayments();
    const currency = order.currency ?? settingsCurrency;
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
      const claim = await this.orders.payment.claimCapture(
        order._id,
        paypalOrderId,
        CAPTURE_CLAIM_MS,
      );
      if (!claim.claimed) {
        if (!claim.heldBy) {
          // Paid meanwhile (a concurrent completion or the webhook): answer with that payment.
          const current = await this.orders.findById(order._id);
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
          !(await this.orders.payment.takeOverCapture(
            order._id,
            claim.heldBy,
            paypalOrderId,
            CAPTURE_CLAIM_MS,
          ))
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
              await this.recordIssue(order, 'DECLINED');
            }
            // Nothing was captured: another of the order's PayPal orders may be tried.
            await this.orders.payment.releaseCapture(order._id, paypalOrderId);
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
    return this.accepted(order, paypalOrder, capture, currency, paypalOrderId);
  }

  /**
   * The payment a capture of this order's PayPal order makes: null while PayPal holds it as
   * PENDING (the webhook settles it); refused when it did not complete (402) or is not for the
   * order's amount (422).
   */
  private async accepted(
    order: AnyOrder,
    paypalOrder: PaypalOrder,
    capture: PaypalCapture,
    currency: string,
    paypalOrderId: string,
  ): Promise<CapturedPayment | null> {
    if (capture.status === 'PENDING') {
      await this.recordIssue(order, 'PENDING', capture.id);
      return null;
    }
    if (capture.status !== 'COMPLETED') {
      await this.recordIssue(order, capture.status, capture.id);
      await this.orders.payment.releaseCapture(order._id, paypalOrderId);
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

  private recordIssue(order: AnyOrder, status: string, captureId?: string): Promise<void> {
    return this.orders.payment.recordPaymentIssue(order._id.toHexString(), status, captureId);
  }
}
