import { BadGatewayException, Injectable, Logger } from '@nestjs/common';
import { isPaid, type CreatePaypalOrderBody } from '@coldmail/contracts';
import type { AuthContext } from '../auth/auth-context';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import type { ServerTiming } from '../common/server-timing';
import type { AnyOrder, OrderKind } from '../orders/order-kinds';
import { OrdersService } from '../orders/orders.service';
import { DuplicateCapturesService } from './duplicate-captures.service';
import { PaypalCapturesService, type CompletionRequest } from './paypal-captures.service';
import { FulfilmentService } from './fulfilment.service';
import { PaypalClient } from './paypal.client';
import { PaypalSettingsService } from './paypal-settings.service';
import {
  assertMayPay,
  assertPayable,
  captureOf,
  createdByUs,
  purchaseUnitOf,
} from './order-checks';
import { PAYPAL_FAILED, paypalStep } from './paypal-failures';

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
export class CheckoutService {
  private readonly logger = new Logger(CheckoutService.name);

  constructor(
    private readonly paypal: PaypalClient,
    private readonly settings: PaypalSettingsService,
    private readonly orders: OrdersService,
    private readonly fulfilment: FulfilmentService,
    private readonly duplicates: DuplicateCapturesService,
    private readonly captures: PaypalCapturesService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** POST /api/paypal/orders: the buyer's pending order, priced as stored. */
  async createPaypalOrder(
    caller: AuthContext,
    { orderId, kind }: CreatePaypalOrderBody,
    timing: ServerTiming,
  ): Promise<{ id: string }> {
    const order = await this.orders.findOwned(kind, orderId, caller);
    assertPayable(order);
    assertMayPay(caller);
    const { credentials, currency: settingsCurrency } = await this.settings.forPayments();
    // The order's own currency (the store's when it was placed), never one changed since.
    const currency = order.currency ?? settingsCurrency;
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
                // PayPal checks that the parts add up: item_total + tax_total + handling -
                // discount = value. A tax inside the prices is in item_total already.
                breakdown: {
                  item_total: money(order.packagePrice.toFixed(2)),
                  ...(order.tax && !order.tax.inclusive
                    ? { tax_total: money(order.tax.amount) }
                    : {}),
                  handling: money(order.processingFee),
                  ...(order.promo ? { discount: money(order.promo.discount) } : {}),
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
    await this.orders.payment.rememberPaypalOrder(
      order._id.toHexString(),
      paypalOrder.id,
      currency,
      payeeId,
    );
    return { id: paypalOrder.id };
  }

  /**
   * PUT /process-payment-complete/:id (packages) and /item-update-payment-status/:id (items).
   * `payment`: the PayPal order the buyer approved, which the server captures (our pages), or a
   * capture the spec's client made in the browser, which the server only looks up and checks
   * (see reportedCapture).
   */
  async completePayment(
    kind: OrderKind,
    caller: AuthContext,
    id: string,
    payment: CompletionRequest,
    timing: ServerTiming,
  ): Promise<Completion<AnyOrder>> {
    const order = await this.orders.findOwned(kind, id, caller);
    if (isPaid(order)) {
      await this.refundIfPaidAgain(order, payment, timing);
      // Also finishes a crediting that an earlier call could not.
      const currentBalance =
        order.kind === 'package' ? await this.fulfilment.ensureCredited(order) : undefined;
      return { status: 'paid', order, alreadyProcessed: true, currentBalance };
    }
    assertMayPay(caller);
    const captured = await this.captures.paymentOf(order, payment, timing);
    if (!captured) return { status: 'pending-at-paypal' };
    return { status: 'paid', ...(await this.fulfilment.fulfil(order, captured)) };
  }

  /**
   * A completion of an order that is paid already, naming another of its payments: a PayPal
   * order of this order captured too (a browser capture in one tab while our server captured
   * another in a second). That money goes back (DuplicateCapturesService); the answer is the
   * order as paid. Only this order's own payments are looked at; a failure to look is logged.
   */
  private async refundIfPaidAgain(
    order: AnyOrder,
    payment: CompletionRequest,
    timing: ServerTiming,
  ): Promise<void> {
    if ('captureId' in payment && payment.captureId === order.paypalTransactionID) return;
    try {
      const { credentials } = await this.settings.forPayments();
      const paypalOrderId =
        'paypalOrderId' in payment
          ? payment.paypalOrderId
          : (await this.paypal.getCapture(credentials, payment.captureId, timing))
              .supplementary_data?.related_ids?.order_id;
      if (!paypalOrderId || !createdByUs(order, paypalOrderId)) return;
      const capture = captureOf(await this.paypal.getOrder(credentials, paypalOrderId, timing));
      if (capture?.status === 'COMPLETED' && capture.id !== order.paypalTransactionID) {
        await this.duplicates.refund(order, capture.id);
      }
    } catch (error) {
      this.logger.warn(
        `Order ${order.orderId} is paid; could not check the other payment reported for it: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
