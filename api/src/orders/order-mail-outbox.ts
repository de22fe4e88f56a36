import type { Model, Types } from 'mongoose';
import { trusted } from 'mongoose';
import type { AnyOrder } from './order-kinds';
import type { Order, OrderMailKind } from './schemas/order.schema';

/**
 * The e-mail an order owes its buyer (a receipt once paid, a notice once refunded), kept in the
 * order itself (`mail.<kind>`): owed from the write that made it due, claimed for a lease by the
 * instance that sends it, and settled once sent. The completion, PayPal's webhook and the
 * recovery sweep may all try; one sends it.
 */
export class OrderMailOutbox {
  constructor(private readonly model: Model<Order>) {}

  /**
   * Claims the sending of an order's owed message for `leaseMs`: the order when this caller
   * may send it (owed, not sent, nobody else's claim running), else null. Two instances (the
   * completion and the webhook, the sweep) never both send it.
   */
  async claim(id: Types.ObjectId, kind: OrderMailKind, leaseMs: number): Promise<AnyOrder | null> {
    const now = new Date();
    return this.model
      .findOneAndUpdate(
        { _id: id, ...owedAndFree(kind, now) },
        { $set: { [`mail.${kind}.claimedUntil`]: new Date(now.getTime() + leaseMs) } },
        { returnDocument: 'after', timestamps: false },
      )
      .lean<AnyOrder>();
  }

  /** The claimed message went (sent: no longer owed), or could not and may be tried again. */
  async settle(id: Types.ObjectId, kind: OrderMailKind, sent: boolean): Promise<void> {
    await this.model.updateOne(
      { _id: id },
      sent
        ? {
            $set: { [`mail.${kind}.sentAt`]: new Date() },
            $unset: { [`mail.${kind}.dueAt`]: 1, [`mail.${kind}.claimedUntil`]: 1 },
          }
        : { $unset: { [`mail.${kind}.claimedUntil`]: 1 } },
      { timestamps: false },
    );
  }

  /** Ids of orders whose owed message nobody is sending (for the recovery sweep; indexed). */
  async due(kind: OrderMailKind, limit: number): Promise<Types.ObjectId[]> {
    const due = await this.model
      .find(owedAndFree(kind, new Date()))
      .select({ _id: 1 })
      .limit(limit)
      .lean<{ _id: Types.ObjectId }[]>();
    return due.map((order) => order._id);
  }
}

/** An order's message of `kind` is owed (dueAt is removed when it is sent) and not being sent. */
function owedAndFree(kind: OrderMailKind, now: Date) {
  return {
    [`mail.${kind}.dueAt`]: trusted({ $exists: true }),
    $or: [
      { [`mail.${kind}.claimedUntil`]: trusted({ $exists: false }) },
      { [`mail.${kind}.claimedUntil`]: trusted({ $lt: now }) },
    ],
  };
}
