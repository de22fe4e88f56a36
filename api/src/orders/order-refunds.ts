import { orderStatus, paymentStatus } from '@coldmail/contracts';
import type { Model } from 'mongoose';
import { trusted } from 'mongoose';
import type {
  OrderRefund,
  PartialRefund,
  PayableOrder,
  PayableOrderData,
} from './schemas/payable-order.schema';

/**
 * What happens to a paid order afterwards: its refund (whole, or in parts by PayPal refund id),
 * the credits each refund takes back, and disputes. Marking an order Refunded requires it Paid,
 * so one caller wins.
 */
export class OrderRefunds<Order extends PayableOrderData> {
  constructor(private readonly model: Model<PayableOrder>) {}

  /**
   * Marks a paid order Refunded. Only one caller wins (the filter requires 'Paid'); it gets the
   * updated order, every other caller null.
   */
  async markRefunded(order: Order, refund: OrderRefund): Promise<Order | null> {
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
      .lean<Order>();
  }

  /**
   * Records a refund of part of a paid order, once per PayPal refund id; answers the order as it
   * is now, or null when it is no longer Paid.
   */
  async recordPartialRefund(
    order: Order,
    paypalReference: string,
    refund: PartialRefund,
    creditsToTakeBack: boolean,
  ): Promise<Order | null> {
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
    return this.model.findOne({ _id: order._id, paymentStatus: paymentStatus.paid }).lean<Order>();
  }

  /** Records the credits a partial refund took back; the last one clears the pending mark. */
  async recordPartialCreditsTakenBack(
    order: Order,
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
      .lean<Order>();
    const open = Object.values(updated?.partialRefunds ?? {}).some(
      (entry) => entry.creditsTakenBack === undefined,
    );
    if (updated && !open) {
      await this.model.updateOne({ _id: order._id }, { $unset: { partialCreditsPending: 1 } });
    }
  }

  /** Paid orders with a partial refund whose credits may not have been taken back yet. */
  async findPartialCreditsPending(): Promise<Order[]> {
    return this.model.find({ partialCreditsPending: true }).lean<Order[]>();
  }

  /** Records what taking back a refunded order's credits did. */
  async recordCreditsTakenBack(order: Order, taken: number, shortfall: number): Promise<void> {
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

  /** Refunded orders whose credits may not have been taken back yet. */
  async findRefundedNotReversed(): Promise<Order[]> {
    return this.model
      .find({
        paymentStatus: paymentStatus.refunded,
        'refund.creditsTakenBack': trusted({ $exists: false }),
      })
      .lean<Order[]>();
  }

  /** Keeps a dispute on a paid order for the back office (the payment is not lost yet). */
  async recordDispute(id: Order['_id'], disputeId: string): Promise<void> {
    await this.model.updateOne(
      { _id: id },
      { $set: { paymentIssue: { status: 'DISPUTED', at: new Date(), captureId: disputeId } } },
    );
  }
}
