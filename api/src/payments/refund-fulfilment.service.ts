import { ConflictException, Injectable, Logger } from '@nestjs/common';
import { isRefunded } from '@coldmail/contracts';
import { CreditsService } from '../credits/credits.service';
import { moneyOf, totalCentsOf, type AnyOrder } from '../orders/order-kinds';
import { OrdersService } from '../orders/orders.service';
import type { OrderRefund } from '../orders/schemas/order.schema';
import type { PackageOrderData } from '../orders/schemas/package-order.schema';
import { Telemetry } from '../telemetry/telemetry';
import { InvoiceIssuing } from './invoice-issuing';
import { OrderMailService } from './order-mail.service';

/** The money the order's partial refunds have given back so far. */
function partiallyRefundedCents(order: AnyOrder): number {
  return Object.values(order.partialRefunds ?? {}).reduce(
    (sum, entry) => sum + entry.amountCents,
    0,
  );
}

/**
 * Turns a refund of a paid order into its effects, exactly once however often it is reported
 * (PayPal's webhook, an admin's refund, the recovery sweep): the order marked Refunded, or its
 * partial refunds recorded, and a package order's credits taken back through the ledger in
 * proportion to the money refunded.
 */
@Injectable()
export class RefundFulfilment {
  private readonly logger = new Logger(RefundFulfilment.name);

  constructor(
    private readonly orders: OrdersService,
    private readonly credits: CreditsService,
    private readonly telemetry: Telemetry,
    private readonly orderMail: OrderMailService,
    private readonly issuing: InvoiceIssuing,
  ) {}

  /** Takes back the credits of refunds a stopped process (or a failed step) left half done. */
  async recover(): Promise<void> {
    const refunded = await this.orders.refunds.findRefundedNotReversed();
    for (const order of refunded) await this.takeBackCredits(order);
    if (refunded.length > 0) this.logger.warn(`Finished ${refunded.length} refund(s)`);
    const partly = await this.orders.refunds.findPartialCreditsPending();
    for (const order of partly) {
      for (const reference of Object.keys(order.partialRefunds ?? {})) {
        await this.takeBackPartial(order, reference);
      }
    }
  }

  /**
   * A refund of part of a paid order's payment (made in PayPal), once per PayPal refund id. The
   * order stays Paid, and an item's access link stays; a package order gives back its credits in
   * proportion to the money refunded (rounded down, so never more than were bought). Refunds
   * that add up to the whole payment make it a refunded order, whose remaining credits go then.
   */
  async partialRefund(
    order: AnyOrder,
    refund: { paypalReference: string; amountCents: number; at: Date },
  ): Promise<void> {
    const recorded = await this.orders.refunds.recordPartialRefund(
      order,
      refund.paypalReference,
      { amountCents: refund.amountCents, at: refund.at },
      order.kind === 'package',
    );
    if (!recorded) return;
    this.telemetry.payment('refunded', { ...moneyOf(recorded), cents: refund.amountCents });
    await this.issuing.creditNote(recorded, refund.paypalReference, refund.amountCents, refund.at);
    const refundedCents = partiallyRefundedCents(recorded);
    if (refundedCents >= totalCentsOf(recorded)) {
      await this.refund(recorded, {
        source: 'paypal-refund',
        paypalReference: refund.paypalReference,
        at: refund.at,
      });
      return;
    }
    this.logger.warn(
      `Order ${order.orderId}: ${refund.amountCents} cents refunded (${refundedCents} in all)`,
    );
    if (recorded.kind === 'package') await this.takeBackPartial(recorded, refund.paypalReference);
  }

  /**
   * One partial refund's share of the credits: what the refunds up to and including it are
   * worth, less what those before it are worth (in the order they came), so the shares add up
   * to the credits of the money refunded so far. Safe to repeat (the ledger takes it once).
   */
  private async takeBackPartial(order: PackageOrderData, reference: string): Promise<void> {
    const entries = Object.entries(order.partialRefunds ?? {}).sort(
      ([a, x], [b, y]) => x.at.getTime() - y.at.getTime() || a.localeCompare(b),
    );
    const index = entries.findIndex(([id]) => id === reference);
    const entry = entries[index]?.[1];
    if (!entry || entry.creditsTakenBack !== undefined) return;
    const buyerId = order.customerId?.toHexString();
    if (!order.creditApplied || !buyerId) {
      await this.orders.refunds.recordPartialCreditsTakenBack(order, reference, 0, 0);
      return;
    }
    const total = totalCentsOf(order);
    const worth = (cents: number) => Math.floor((order.credit * Math.min(cents, total)) / total);
    const before = entries.slice(0, index).reduce((sum, [, other]) => sum + other.amountCents, 0);
    const share = worth(before + entry.amountCents) - worth(before);
    if (share === 0) {
      await this.orders.refunds.recordPartialCreditsTakenBack(order, reference, 0, 0);
      return;
    }
    const reversed = await this.credits.reversePayment(buyerId, reference, share);
    await this.orders.refunds.recordPartialCreditsTakenBack(
      order,
      reference,
      reversed ? -reversed.delta : 0,
      reversed ? reversed.shortfall : share,
    );
  }

  /**
   * Turns a paid order into a refunded one, exactly once however many refund events, admin clicks
   * or retries arrive: the order is marked Refunded (guarded by 'Paid'), then a package order's
   * credits are taken back through the ledger (once per order, never below zero: what the buyer
   * already spent is the shortfall). An item order's access link is withdrawn with its Paid
   * status. Answers the order as it is now, and whether this call is the one that refunded it.
   */
  async refund(
    order: AnyOrder,
    refund: OrderRefund,
  ): Promise<{ order: AnyOrder; refundedNow: boolean }> {
    const won = await this.orders.refunds.markRefunded(order, refund);
    if (won) {
      this.logger.warn(`Order ${order.orderId} refunded (${refund.source})`);
      // What partial refunds gave back has been counted as each came.
      const money = moneyOf(won);
      const rest = Math.max(0, money.cents - partiallyRefundedCents(won));
      this.telemetry.payment('refunded', { ...money, cents: rest });
      // What this refund gave back beyond the partial refunds' own credit notes.
      await this.issuing.creditNote(won, 'refund', rest, refund.at ?? new Date());
    }
    let current = won ?? (await this.orders.findById(order._id));
    if (!current) throw new ConflictException('This order no longer exists.');
    if (current.kind === 'package' && isRefunded(current)) {
      await this.takeBackCredits(current);
      current = (await this.orders.findById(order._id)) ?? current;
    }
    // The buyer is told once, by whichever call refunded it (the sweep, should this one stop).
    if (won) void this.orderMail.send(won._id, 'refund');
    return { order: current, refundedNow: won !== null };
  }

  /** Step 2 of a package order's refund; safe to repeat (the ledger takes back once per order). */
  private async takeBackCredits(order: PackageOrderData): Promise<void> {
    if (order.refund?.creditsTakenBack !== undefined) return;
    if (!order.creditApplied) {
      // Its credits never reached the balance: nothing to take back.
      await this.orders.refunds.recordCreditsTakenBack(order, 0, 0);
      return;
    }
    const buyerId = order.customerId?.toHexString();
    // Partial refunds before this one took back their share already (their shortfall included).
    const takenBefore = Object.values(order.partialRefunds ?? {}).reduce(
      (sum, entry) => sum + (entry.creditsTakenBack ?? 0) + (entry.shortfall ?? 0),
      0,
    );
    const remaining = Math.max(0, order.credit - takenBefore);
    const reversed =
      buyerId && remaining > 0
        ? await this.credits.reversePayment(buyerId, order._id.toHexString(), remaining)
        : null;
    if (buyerId && remaining === 0) {
      await this.orders.refunds.recordCreditsTakenBack(order, 0, 0);
      return;
    }
    if (!reversed) {
      this.logger.error(`Refunded order ${order.orderId}: its buyer has no record any more`);
      await this.orders.refunds.recordCreditsTakenBack(order, 0, remaining);
      return;
    }
    const taken = -reversed.delta;
    await this.orders.refunds.recordCreditsTakenBack(order, taken, reversed.shortfall);
    if (reversed.shortfall > 0) {
      this.logger.warn(
        `Refunded order ${order.orderId}: ${reversed.shortfall} of its ${order.credit} credits were already spent`,
      );
    }
  }
}
