import { ConflictException, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { CreditsService } from '../credits/credits.service';
import { moneyOf, type AnyOrder } from '../orders/order-kinds';
import type { CapturedPayment } from '../orders/order-payment';
import { OrdersService } from '../orders/orders.service';
import type { PackageOrderData } from '../orders/schemas/package-order.schema';
import { Telemetry } from '../telemetry/telemetry';
import { UsersService } from '../users/users.service';
import { DuplicateCapturesService } from './duplicate-captures.service';
import { OrderMailService } from './order-mail.service';
import { InvoiceIssuing } from './invoice-issuing';
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
    private readonly orders: OrdersService,
    private readonly users: UsersService,
    private readonly credits: CreditsService,
    private readonly telemetry: Telemetry,
    private readonly orderMail: OrderMailService,
    private readonly duplicates: DuplicateCapturesService,
    private readonly refunds: RefundFulfilment,
    private readonly issuing: InvoiceIssuing,
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
    const unfinished = await this.orders.findPaidNotCredited();
    for (const order of unfinished) await this.ensureCredited(order);
    if (unfinished.length > 0) {
      this.logger.warn(`Finished crediting ${unfinished.length} paid order(s)`);
    }
    await this.refunds.recover();
    await this.duplicates.recover();
    await this.issuing.recover();
    // Last: a refund notice then says what the refund took back, a receipt names its invoice.
    await this.orderMail.sendOwed();
  }

  /**
   * Step 1 for any order, and step 2 for a package order; answers a package buyer's balance
   * afterwards (null when the buyer's record is gone).
   */
  async fulfil(
    order: AnyOrder,
    payment: CapturedPayment,
  ): Promise<Fulfilled<AnyOrder> & { currentBalance?: number | null }> {
    const result = await this.markPaid(order, payment);
    if (result.order.kind !== 'package') return result;
    return { ...result, currentBalance: await this.ensureCredited(result.order) };
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
        this.orders.markCreditApplied(order._id),
        this.users.balanceOf(buyerId),
      ]);
      return balance;
    }
    return this.users.balanceOf(buyerId);
  }

  private async markPaid(order: AnyOrder, payment: CapturedPayment): Promise<Fulfilled<AnyOrder>> {
    const won = await this.orders.payment.markPaid(order, payment);
    if (won) {
      this.logger.log(`Order ${order.orderId} paid (capture ${payment.captureId})`);
      this.telemetry.payment('paid', moneyOf(won));
      // Before the receipt, which names and links it.
      const invoiced = await this.issuing.invoice(won);
      // Not awaited: the buyer's answer does not wait for SMTP; a failure is left to the sweep.
      void this.orderMail.send(won._id, 'receipt');
      return { order: invoiced, alreadyProcessed: false };
    }
    const current = await this.orders.findById(order._id);
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
      await this.duplicates.refund(current, payment.captureId);
    }
    return { order: current, alreadyProcessed: true };
  }
}
