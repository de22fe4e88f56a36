import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  HttpException,
  HttpStatus,
  Injectable,
  Logger,
  ServiceUnavailableException,
  UnauthorizedException,
  UnprocessableEntityException,
} from '@nestjs/common';
import {
  isPaid,
  parseAmountToCents,
  paymentStatus,
  toCents,
  type CreatePaypalOrderBody,
} from '@coldmail/contracts';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import type { ServerTiming } from '../common/server-timing';
import { ItemOrdersService } from '../orders/item-orders.service';
import { PackageOrdersService } from '../orders/package-orders.service';
import type { CapturedPayment } from '../orders/payable-orders.service';
import type { ItemOrderData } from '../orders/schemas/item-order.schema';
import type { PackageOrderData } from '../orders/schemas/package-order.schema';
import type { PayableOrderData } from '../orders/schemas/payable-order.schema';
import { FulfilmentService, type OrderKind } from './fulfilment.service';
import {
  paypalCaptureSchema,
  paypalWebhookEventSchema,
  type PaypalCapture,
  type PaypalMoney,
  type PaypalOrder,
  type WebhookTransmission,
} from './paypal-api';
import { PaypalApiError, PaypalClient } from './paypal.client';
import { PaypalSettingsService } from './paypal-settings.service';

/** PayPal limits a purchase unit's description to 127 characters. */
const MAX_DESCRIPTION = 127;
const DECLINED =
  'PayPal declined the payment. Please try another payment method; your order is still pending.';
const UNREACHABLE = 'PayPal could not be reached. Please try again in a moment.';
const PAYPAL_FAILED = 'PayPal could not process the payment. Please try again or contact support.';

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
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    private readonly paypal: PaypalClient,
    private readonly settings: PaypalSettingsService,
    private readonly packageOrders: PackageOrdersService,
    private readonly itemOrders: ItemOrdersService,
    private readonly fulfilment: FulfilmentService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** POST /api/paypal/orders: the buyer's pending order, priced as stored. */
  async createPaypalOrder(
    callerEmail: string,
    { orderId, kind }: CreatePaypalOrderBody,
    timing: ServerTiming,
  ): Promise<{ id: string }> {
    const orders = kind === 'package' ? this.packageOrders : this.itemOrders;
    const order = await orders.findOwned(orderId, callerEmail);
    assertPayable(order);
    const { credentials, currency } = await this.settings.forPayments();
    const money = (value: string) => ({ currency_code: currency, value });
    const paypalOrder = await this.paypalStep('create order', () =>
      this.paypal.createOrder(
        credentials,
        {
          intent: 'CAPTURE',
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
    await orders.rememberPaypalOrder(order._id.toHexString(), paypalOrder.id, currency);
    return { id: paypalOrder.id };
  }

  /** PUT /process-payment-complete/:id */
  async completePackagePayment(
    callerEmail: string,
    id: string,
    paypalOrderId: string,
    timing: ServerTiming,
  ): Promise<Completion<PackageOrderData>> {
    const order = await this.packageOrders.findOwned(id, callerEmail);
    if (isPaid(order)) {
      // Also finishes a crediting that an earlier call could not.
      const currentBalance = await this.fulfilment.ensureCredited(order);
      return { status: 'paid', order, alreadyProcessed: true, currentBalance };
    }
    const payment = await this.capture('package', order, paypalOrderId, timing);
    if (!payment) return { status: 'pending-at-paypal' };
    return { status: 'paid', ...(await this.fulfilment.fulfilPackage(order, payment)) };
  }

  /** PUT /item-update-payment-status/:id */
  async completeItemPayment(
    callerEmail: string,
    id: string,
    paypalOrderId: string,
    timing: ServerTiming,
  ): Promise<Completion<ItemOrderData>> {
    const order = await this.itemOrders.findOwned(id, callerEmail);
    if (isPaid(order)) return { status: 'paid', order, alreadyProcessed: true };
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
    const verified = await this.paypalStep('verify webhook', () =>
      this.paypal.verifyWebhookSignature(credentials, complete, webhookId, rawEvent),
    );
    if (!verified) {
      this.logger.warn(`Refused a webhook with an invalid signature (${complete.transmissionId})`);
      throw new UnauthorizedException('Webhook signature could not be verified');
    }
    const event = paypalWebhookEventSchema.safeParse(JSON.parse(rawEvent));
    if (!event.success) throw new BadRequestException('Malformed webhook event');
    const { event_type: type, resource } = event.data;
    if (type !== 'PAYMENT.CAPTURE.COMPLETED' && type !== 'PAYMENT.CAPTURE.DENIED') return;

    const capture = paypalCaptureSchema.safeParse(resource);
    const found = capture.success ? await this.orderForCapture(capture.data) : null;
    if (!capture.success || !found) {
      this.logger.warn(`${type} (${event.data.id}) matches no order; ignored`);
      return;
    }
    await this.applyCaptureEvent(type, capture.data, found);
  }

  private async applyCaptureEvent(
    type: string,
    capture: PaypalCapture,
    found: { kind: OrderKind; order: PackageOrderData | ItemOrderData },
  ): Promise<void> {
    const { kind, order } = found;
    const orders = kind === 'package' ? this.packageOrders : this.itemOrders;
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

  private async orderForCapture(
    capture: PaypalCapture,
  ): Promise<{ kind: OrderKind; order: PackageOrderData | ItemOrderData } | null> {
    if (!capture.custom_id) return null;
    const packageOrder = await this.packageOrders.findByReference(
      capture.custom_id,
      capture.invoice_id,
    );
    if (packageOrder) return { kind: 'package', order: packageOrder };
    const itemOrder = await this.itemOrders.findByReference(capture.custom_id, capture.invoice_id);
    return itemOrder ? { kind: 'item', order: itemOrder } : null;
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
    const { credentials, currency: settingsCurrency } = await this.settings.forPayments();
    const currency = order.currency ?? settingsCurrency;
    let paypalOrder = await this.paypalStep('get order', () =>
      this.paypal.getOrder(credentials, paypalOrderId, timing),
    );
    assertPaysFor(paypalOrder, order, currency);

    let capture = captureOf(paypalOrder);
    if (!capture) {
      if (paypalOrder.status !== 'APPROVED') {
        throw new UnprocessableEntityException(
          paypalOrder.status === 'VOIDED'
            ? 'This PayPal payment was cancelled. Please start the payment again.'
            : 'The payment has not been approved in PayPal yet.',
        );
      }
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
          throw this.paypalFailure(error, 'capture');
        }
        // A concurrent call (or the buyer's other tab) captured it first: read its result.
        paypalOrder = await this.paypalStep('get order', () =>
          this.paypal.getOrder(credentials, paypalOrderId, timing),
        );
      }
      capture = captureOf(paypalOrder);
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
    const orders = kind === 'package' ? this.packageOrders : this.itemOrders;
    return orders.recordPaymentIssue(order._id.toHexString(), status, captureId);
  }

  /** Runs one PayPal call, turning its failure into a clear answer for the client. */
  private async paypalStep<T>(operation: string, step: () => Promise<T>): Promise<T> {
    try {
      return await step();
    } catch (error) {
      throw this.paypalFailure(error, operation);
    }
  }

  /** PayPal's details go to the log; the client gets a plain sentence. */
  private paypalFailure(error: unknown, operation: string): unknown {
    if (!(error instanceof PaypalApiError)) return error;
    this.logger.warn({ msg: `PayPal ${operation} failed`, paypal: error.toLog() });
    if (isDeclined(error)) return new HttpException(DECLINED, HttpStatus.PAYMENT_REQUIRED);
    if (error.status === 0 || error.status >= 500 || error.status === 429) {
      return new BadGatewayException(UNREACHABLE);
    }
    if (error.status === 401 || error.status === 403) {
      this.logger.error('PayPal refused our credentials: check the payment settings');
      return new ServiceUnavailableException(
        'Payments are temporarily unavailable. Please contact support.',
      );
    }
    if (error.status === 404) {
      return new UnprocessableEntityException('PayPal does not know this payment.');
    }
    if (error.issue === 'ORDER_NOT_APPROVED') {
      return new UnprocessableEntityException('The payment has not been approved in PayPal yet.');
    }
    return error.status === 422
      ? new UnprocessableEntityException(PAYPAL_FAILED)
      : new BadGatewayException(PAYPAL_FAILED);
  }
}

function assertPayable(order: PayableOrderData): void {
  if (isPaid(order)) throw new ConflictException('This order is already paid.');
  // Exactly the value the guarded writes of payable-orders.service match, case included: any
  // other spelling could be captured at PayPal but never recorded as paid.
  if (order.paymentStatus !== paymentStatus.pending) {
    throw new ConflictException('This order can no longer be paid.');
  }
}

function purchaseUnitOf(paypalOrder: PaypalOrder) {
  return paypalOrder.purchase_units?.[0];
}

function captureOf(paypalOrder: PaypalOrder): PaypalCapture | undefined {
  return purchaseUnitOf(paypalOrder)?.payments?.captures?.[0];
}

/**
 * The PayPal order must be the one created for this order: same custom_id and invoice_id, and
 * exactly its total in its currency. Otherwise a buyer could pay a cheap order and present that
 * payment for an expensive one.
 */
function assertPaysFor(paypalOrder: PaypalOrder, order: PayableOrderData, currency: string): void {
  const unit = purchaseUnitOf(paypalOrder);
  const belongs =
    unit !== undefined &&
    paypalOrder.purchase_units?.length === 1 &&
    unit.custom_id === order.orderId &&
    (unit.invoice_id === undefined || unit.invoice_id === order.paymentId);
  if (!belongs) {
    throw new UnprocessableEntityException('This PayPal payment is not for this order.');
  }
  if (!amountMatches(unit.amount, order, currency)) {
    throw new UnprocessableEntityException('The PayPal payment amount does not match this order.');
  }
}

function amountMatches(
  amount: PaypalMoney | undefined,
  order: PayableOrderData,
  currency: string,
): boolean {
  if (!amount || amount.currency_code !== currency) return false;
  const expected = parseAmountToCents(order.totalPrice) ?? toCents(Number(order.totalPrice));
  return parseAmountToCents(amount.value) === expected;
}

function isDeclined(error: PaypalApiError): boolean {
  return error.issue === 'INSTRUMENT_DECLINED' || error.issue === 'TRANSACTION_REFUSED';
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
