import { orderStatus, paymentStatus } from '@coldmail/contracts';
import type { Model, Types } from 'mongoose';
import { trusted } from 'mongoose';
import type { AnyOrder } from './order-kinds';
import type { Order, OrderRefund, PartialRefund } from './schemas/order.schema';
import type { PackageOrderData } from './schemas/package-order.schema';

/**
 * What happens to a paid order afterwards: its refund (whole, or in parts by PayPal refund id),
 * the credits each refund takes back, and disputes. Marking an order Refunded requires it Paid,
 * so one caller wins.
 */
export class OrderRefunds {
  constructor(private readonly model: Model<Order>) {}

  /**
   * Marks a paid order Refunded. Only one caller wins (the filter requires 'Paid'); it gets the
   * updated order, every other caller null.
   */
  async markRefunded(order: AnyOrder, refund: OrderRefund): Promise<AnyOrder | null> {
    return this.model
      .findOneAndUpdate(
        { _id: order._id, paymentStatus: paymentStatus.paid },
        {
          $set: {
            paymentStatus: paymentStatus.refunded,
            orderStatus: orderStatus.refunded,
            refund,
            // Owed with the refund itself: no process can record one and forget the notice.
            'mail.refund': { dueAt: new Date() },
          },
        },
        { returnDocument: 'after' },
      )
      .lean<AnyOrder>();
  }

  /**
   * Records a refund of part of a paid order, once per PayPal refund id; answers the order as it
   * is now, or null when it is no longer Paid.
   */
  async recordPartialRefund(
    order: AnyOrder,
    paypalReference: string,
    refund: PartialRefund,
    creditsToTakeBack: boolean,
  ): Promise<AnyOrder | null> {
    await this.model.updateOne(
      {
        _id: order._id,
        paymentStatus: paymentStatus.paid,
        [`partialRefunds.${paypalReference}`]: trusted({ $exists: false }),
      },
      {
        $set: {
          [`partialRefunds.${paypalReference}`]: refund,
          ...(creditsToTakeBack ? { partialCreditsPending: true } : {}),
        },
      },
    );
    return this.model
      .findOne({ _id: order._id, paymentStatus: paymentStatus.paid })
      .lean<AnyOrder>();
  }

  /** Records the credits a partial refund took back; the last one clears the pending mark. */
  async recordPartialCreditsTakenBack(
    order: AnyOrder,
    paypalReference: string,
    taken: number,
    shortfall: number,
  ): Promise<void> {
    const updated = await this.model
      .findOneAndUpdate(
        { _id: order._id },
        {
          $set: {
            [`partialRefunds.${paypalReference}.creditsTakenBack`]: taken,
            ...(shortfall > 0
              ? { [`partialRefunds.${paypalReference}.shortfall`]: shortfall }
              : {}),
          },
        },
        { returnDocument: 'after' },
      )
      .lean<AnyOrder>();
    const open = Object.values(updated?.partialRefunds ?? {}).some(
      (entry) => entry.creditsTakenBack === undefined,
    );
    if (updated && !open) {
      await this.model.updateOne({ _id: order._id }, { $unset: { partialCreditsPending: 1 } });
    }
  }

  /** Paid package orders with a partial refund whose credits may not be taken back yet. */
  async findPartialCreditsPending(): Promise<PackageOrderData[]> {
    return this.model
      .find({ kind: 'package', partialCreditsPending: true })
      .lean<PackageOrderData[]>();
  }

  /** Records what taking back a refunded order's credits did. */
  async recordCreditsTakenBack(order: AnyOrder, taken: number, shortfall: number): Promise<void> {
    await this.model.updateOne(
      { _id: order._id, paymentStatus: paymentStatus.refunded },
      {
        $set: {
          'refund.creditsTakenBack': taken,
          ...(shortfall > 0 ? { 'refund.shortfall': shortfall } : {}),
        },
      },
    );
  }

  /** Refunded package orders whose credits may not have been taken back yet. */
  async findRefundedNotReversed(): Promise<PackageOrderData[]> {
    return this.model
      .find({
        kind: 'package',
        paymentStatus: paymentStatus.refunded,
        'refund.creditsTakenBack': trusted({ $exists: false }),
      })
      .lean<PackageOrderData[]>();
  }

  /**
   * A dispute PayPal closed without the buyer winning: the order's payment is no longer at issue
   * (only the dispute it recorded is cleared, not a later one).
   */
  async resolveDispute(id: Types.ObjectId, disputeId: string): Promise<void> {
    await this.model.updateOne(
      { _id: id, 'paymentIssue.status': 'DISPUTED', 'paymentIssue.captureId': disputeId },
      { $unset: { paymentIssue: '' } },
    );
  }

  /** Keeps a dispute on a paid order for the back office (the payment is not lost yet). */
  async recordDispute(id: Types.ObjectId, disputeId: string): Promise<void> {
    await this.model.updateOne(
      { _id: id },
      { $set: { paymentIssue: { status: 'DISPUTED', at: new Date(), captureId: disputeId } } },
    );
  }
}
