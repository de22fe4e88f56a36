import { ConflictException, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CreditsService } from '../credits/credits.service';
import { ItemOrdersService } from '../orders/item-orders.service';
import { PackageOrdersService } from '../orders/package-orders.service';
import type { CapturedPayment, OrderPayment } from '../orders/order-payment';
import type { ItemOrderData } from '../orders/schemas/item-order.schema';
import type { PackageOrderData } from '../orders/schemas/package-order.schema';
import { Telemetry } from '../telemetry/telemetry';
import { UsersService } from '../users/users.service';
import { DuplicateCapturesService } from './duplicate-captures.service';
import { OrderMailService } from './order-mail.service';
import { moneyOf, type OrderKind } from './order-kinds';
import { RefundFulfilment } from './refund-fulfilment.service';

export type Fulfilled<Order> = {
  order: Order;
  /** False for the one call that marked the order paid; true for every other call. */
  alreadyProcessed: boolean;
};

/**
 * Turns a verified capture into a paid order, exactly once, whoever calls and however often:
 * the buyer's completion call (retries, double clicks, concurrent tabs), PayPal's webhook, or
 * start-up recovery. No transactions; two single-document steps, each guarded:
 *
 * 1. the order: `{_id, paymentStatus: 'pending'}` → Paid/Completed with the capture id. One
 *    caller wins; the unique capture-id index stops one capture paying two orders.
 * 2. package orders only, the credits: a 'purchase' change in the credit ledger referenced by
 *    the order id, which the ledger makes once however often it is asked; then the order gets
 *    creditApplied. A crash between 1 and 2 leaves a paid order without creditApplied, which the
 *    next call for that order, or the next start-up, completes; step 2 can run any number of
 *    times and credits once.
 */
@Injectable()
export class FulfilmentService implements OnApplicationBootstrap {
  private readonly logger = new Logger(FulfilmentService.name);

  constructor(
    private readonly packageOrders: PackageOrdersService,
    private readonly itemOrders: ItemOrdersService,
    private readonly users: UsersService,
    private readonly credits: CreditsService,
    private readonly telemetry: Telemetry,
    private readonly orderMail: OrderMailService,
    private readonly duplicates: DuplicateCapturesService,
    private readonly refunds: RefundFulfilment,
  ) {}

  /** At start-up: what a stopped process left half done (the recovery sweep repeats it). */
  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.recover();
    } catch (error) {
      this.logger.error(error instanceof Error ? error : String(error));
    }
  }

  /**
   * Credits paid package orders, and takes back refunded ones' credits, that a stopped process
   * (or a failed step) left half done. Safe to run anywhere, any number of times: each step is
   * guarded and the ledger changes a balance once per order.
   */
  async recover(): Promise<void> {
    const unfinished = await this.packageOrders.findPaidNotCredited();
    for (const order of unfinished) await this.ensureCredited(order);
    if (unfinished.length > 0) {
      this.logger.warn(`Finished crediting ${unfinished.length} paid order(s)`);
    }
    await this.refunds.recover();
    await this.duplicates.recover();
    // Last: a refund notice then says what the refund took back.
    await this.orderMail.sendOwed();
  }

  async fulfilPackage(
    order: PackageOrderData,
    payment: CapturedPayment,
  ): Promise<Fulfilled<PackageOrderData> & { currentBalance: number | null }> {
    const result = await this.markPaid('package', this.packageOrders, order, payment);
    return { ...result, currentBalance: await this.ensureCredited(result.order) };
  }

  fulfilItem(order: ItemOrderData, payment: CapturedPayment): Promise<Fulfilled<ItemOrderData>> {
    return this.markPaid('item', this.itemOrders, order, payment);
  }

  /**
   * Step 2 for a paid package order; safe to repeat. Answers the buyer's balance afterwards
   * (null when the buyer's record is gone).
   */
  async ensureCredited(order: PackageOrderData): Promise<number | null> {
    const buyerId = order.customerId?.toHexString();
    if (!buyerId) {
      this.logger.error(
        `Paid order ${order.orderId}: no user record owns it, ${order.credit} credits not applied`,
      );
      return null;
    }
    if (!order.creditApplied) {
      const credited = await this.credits.creditPurchase(
        buyerId,
        order._id.toHexString(),
        order.credit,
      );
      if (!credited) {
        this.logger.error(
          `Paid order ${order.orderId}: no user record for its buyer, ${order.credit} credits not applied`,
        );
        return null;
      }
      const [, balance] = await Promise.all([
        this.packageOrders.markCreditApplied(order._id),
        this.users.balanceOf(buyerId),
      ]);
      return balance;
    }
    return this.users.balanceOf(buyerId);
  }

  private async markPaid<Order extends PackageOrderData | ItemOrderData>(
    kind: OrderKind,
    orders: {
      payment: OrderPayment<Order>;
      findById(id: string): Promise<Order | null>;
    },
    order: Order,
    payment: CapturedPayment,
  ): Promise<Fulfilled<Order>> {
    const won = await orders.payment.markPaid(order, payment);
    if (won) {
      this.logger.log(`Order ${order.orderId} paid (capture ${payment.captureId})`);
      this.telemetry.payment('paid', moneyOf(kind, won));
      // Not awaited: the buyer's answer does not wait for SMTP; a failure is left to the sweep.
      void this.orderMail.send(kind, won._id, 'receipt');
      return { order: won, alreadyProcessed: false };
    }
    const current = await orders.findById(order._id.toHexString());
    if (!current) {
      this.logger.error(
        `Capture ${payment.captureId} is for order ${order.orderId}, which was deleted: refund it`,
      );
      throw new ConflictException(
        `This order no longer exists. Please contact support with your PayPal transaction ID ${payment.captureId}.`,
      );
    }
    if (current.paymentStatus !== 'Paid') {
      this.logger.error(`Capture ${payment.captureId} already paid another order`);
      throw new ConflictException('This PayPal payment has already been used for another order.');
    }
    if (current.paypalTransactionID !== payment.captureId) {
      await this.duplicates.refund(kind, current, payment.captureId);
    }
    return { order: current, alreadyProcessed: true };
  }
}
