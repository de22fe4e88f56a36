import { orderStatus, paymentStatus } from '@coldmail/contracts';
import type { Model, Types } from 'mongoose';
import { mongo, trusted } from 'mongoose';
import { membershipValidity } from './order-dates';
import type { AnyOrder } from './order-kinds';
import type { Order } from './schemas/order.schema';

/** PayPal orders remembered per order: more than any buyer's retries. */
const MAX_PAYPAL_ORDERS = 10;

/** A verified PayPal capture, as fulfilment records it on the order. */
export interface CapturedPayment {
  captureId: string;
  captureTime: string;
  payerEmail?: string;
}

/**
 * An order's way from pending to paid: the PayPal orders created for it, the claim one of them
 * holds on its capture (so two never capture it), the verified capture that pays it, PayPal's
 * refusals, and captures that came after the one that paid it. Every write that changes the
 * payment state has `paymentStatus: 'pending'` in its filter, so it happens at most once.
 */
export class OrderPayment {
  constructor(private readonly model: Model<Order>) {}

  /** PayPal's references: custom_id is our orderId, invoice_id our paymentId. */
  async findByReference(orderId: string, paymentId: string | undefined): Promise<AnyOrder | null> {
    return this.model
      .findOne(paymentId === undefined ? { orderId } : { orderId, paymentId })
      .lean<AnyOrder>();
  }

  /**
   * Remembers a PayPal order our server created for a pending order: its id (among the last few
   * created, since a buyer may retry), its currency and the payee PayPal named.
   */
  async rememberPaypalOrder(
    id: string,
    paypalOrderId: string,
    currency: string,
    payeeId: string | undefined,
  ): Promise<void> {
    await this.model.updateOne(
      { _id: id, paymentStatus: paymentStatus.pending },
      {
        $set: { paypalOrderId, currency, ...(payeeId ? { paypalPayeeId: payeeId } : {}) },
        $push: { paypalOrderIds: { $each: [paypalOrderId], $slice: -MAX_PAYPAL_ORDERS } },
      },
    );
  }

  /**
   * Claims the order's capture for one of its PayPal orders: 'claimed' when it was free, lapsed,
   * or already this PayPal order's; otherwise which PayPal order holds it and whether its claim
   * has lapsed (its caller stopped).
   */
  async claimCapture(
    id: Types.ObjectId,
    paypalOrderId: string,
    holdMs: number,
    retried = false,
  ): Promise<{ claimed: true } | { claimed: false; heldBy: string; lapsed: boolean }> {
    const now = new Date();
    const claimed = await this.model.findOneAndUpdate(
      {
        _id: id,
        paymentStatus: paymentStatus.pending,
        $or: [
          { captureClaim: trusted({ $exists: false }) },
          { 'captureClaim.paypalOrderId': paypalOrderId },
        ],
      },
      { $set: { captureClaim: { paypalOrderId, until: new Date(now.getTime() + holdMs) } } },
    );
    if (claimed) return { claimed: true };
    const current = await this.model
      .findById(id)
      .select({ captureClaim: 1, paymentStatus: 1 })
      .lean();
    const claim = current?.captureClaim;
    // Released between the two reads: try once more while the order is still pending.
    if (!claim && current?.paymentStatus === paymentStatus.pending && !retried) {
      return this.claimCapture(id, paypalOrderId, holdMs, true);
    }
    // Paid (or deleted) meanwhile: the claim is moot, and the caller's next read says so.
    if (!claim) return { claimed: false, heldBy: '', lapsed: false };
    return { claimed: false, heldBy: claim.paypalOrderId, lapsed: claim.until <= now };
  }

  /** Moves a lapsed claim from the PayPal order that held it to another; false if it changed. */
  async takeOverCapture(
    id: Types.ObjectId,
    from: string,
    to: string,
    holdMs: number,
  ): Promise<boolean> {
    const now = new Date();
    const moved = await this.model.updateOne(
      {
        _id: id,
        paymentStatus: paymentStatus.pending,
        'captureClaim.paypalOrderId': from,
        'captureClaim.until': trusted({ $lte: now }),
      },
      { $set: { captureClaim: { paypalOrderId: to, until: new Date(now.getTime() + holdMs) } } },
    );
    return moved.modifiedCount === 1;
  }

  /** Frees the claim of a PayPal order that captured nothing (declined, not approved...). */
  async releaseCapture(id: Types.ObjectId, paypalOrderId: string): Promise<void> {
    await this.model.updateOne(
      { _id: id, 'captureClaim.paypalOrderId': paypalOrderId },
      { $unset: { captureClaim: 1 } },
    );
  }

  /**
   * Marks a pending order paid. Only one caller can win (the filter requires 'pending'); it gets
   * the updated order, every other caller gets null.
   */
  async markPaid(order: AnyOrder, payment: CapturedPayment): Promise<AnyOrder | null> {
    try {
      return await this.model
        .findOneAndUpdate(
          // With its kind, so the kind's own fields (paidFieldsOf) are written too.
          { _id: order._id, kind: order.kind, paymentStatus: paymentStatus.pending },
          {
            $set: {
              paymentStatus: paymentStatus.paid,
              orderStatus: orderStatus.completed,
              paymentMethod: 'Paypal',
              paypalTransactionID: payment.captureId,
              captureTime: payment.captureTime,
              paidAt: new Date(),
              ...(payment.payerEmail ? { payerEmail: payment.payerEmail } : {}),
              ...paidFieldsOf(order),
              // Owed with the payment itself: no process can record one and forget the receipt.
              'mail.receipt': { dueAt: new Date() },
            },
            $unset: { paymentIssue: 1, captureClaim: 1 },
          },
          { returnDocument: 'after' },
        )
        .lean<AnyOrder>();
    } catch (error) {
      // The capture already paid another order (unique paypalTransactionID).
      if (error instanceof mongo.MongoServerError && error.code === 11000) return null;
      throw error;
    }
  }

  /** Keeps PayPal's refusal on a pending order, for support; the order stays payable. */
  async recordPaymentIssue(id: string, status: string, captureId?: string): Promise<void> {
    await this.model.updateOne(
      { _id: id, paymentStatus: paymentStatus.pending },
      { $set: { paymentIssue: { status, at: new Date(), ...(captureId ? { captureId } : {}) } } },
    );
  }

  /** The paid order a PayPal capture paid, whoever asks (refund and dispute events). */
  async findByCapture(captureId: string): Promise<AnyOrder | null> {
    return this.model.findOne({ paypalTransactionID: captureId }).lean<AnyOrder>();
  }

  /** Notes a capture of the order after the one that paid it, and its refund once made. */
  async recordDuplicateCapture(
    id: Types.ObjectId,
    captureId: string,
    refundId?: string,
  ): Promise<void> {
    // PayPal's capture ids are letters and digits: never a path of their own in the document.
    if (!/^[A-Za-z0-9-]+$/.test(captureId)) throw new Error(`Unexpected capture id ${captureId}`);
    const key = `duplicateCaptures.${captureId}`;
    await this.model.updateOne(
      refundId ? { _id: id } : { _id: id, [key]: trusted({ $exists: false }) },
      { $set: refundId ? { [`${key}.refundId`]: refundId } : { [`${key}.at`]: new Date() } },
    );
  }

  /** Orders with a duplicate capture not refunded yet (the recovery sweep's). */
  async findUnrefundedDuplicates(): Promise<AnyOrder[]> {
    const orders = await this.model
      .find({ duplicateCaptures: trusted({ $exists: true }) })
      .select({ duplicateCaptures: 1, orderId: 1 })
      .lean<AnyOrder[]>();
    return orders.filter((order) =>
      Object.values(order.duplicateCaptures ?? {}).some((capture) => !capture.refundId),
    );
  }
}

/** The fields a verified capture sets on an order of its kind besides the common ones. */
function paidFieldsOf(order: AnyOrder): Record<string, unknown> {
  return order.kind === 'package'
    ? { MembershipValidity: membershipValidity(order.createdAt, order.Validity) }
    : {};
}
