import type { Model, Types } from 'mongoose';
import { paymentStatus } from '@coldmail/contracts';
import { trusted } from 'mongoose';
import type { IssuedCreditNote, IssuedInvoice } from '../invoices/invoices.service';
import type { AnyOrder } from './order-kinds';
import type { Order } from './schemas/order.schema';

/**
 * The documents an order keeps: its invoice once paid, a credit note per refund. Each is written
 * once (a guard in the filter), whoever issues it first: the payment, a retry or the sweep.
 */
export class OrderDocuments {
  constructor(private readonly model: Model<Order>) {}

  /** False when the order had an invoice already (another issuer's was kept). */
  async keepInvoice(orderId: Types.ObjectId, invoice: IssuedInvoice): Promise<boolean> {
    const kept = await this.model.updateOne(
      { _id: orderId, invoice: trusted({ $exists: false }) },
      { $set: { invoice } },
      { timestamps: false },
    );
    return kept.modifiedCount === 1;
  }

  async keepCreditNote(orderId: Types.ObjectId, note: IssuedCreditNote): Promise<void> {
    await this.model.updateOne(
      { _id: orderId, 'creditNotes.reference': trusted({ $ne: note.reference }) },
      { $push: { creditNotes: note } },
      { timestamps: false },
    );
  }

  /** Paid (or since refunded) orders whose invoice a stopped process left unissued. */
  withoutInvoice(limit: number): Promise<AnyOrder[]> {
    return this.model
      .find({
        paidAt: trusted({ $exists: true }),
        paymentStatus: trusted({ $ne: paymentStatus.pending }),
        invoice: trusted({ $exists: false }),
      })
      .limit(limit)
      .lean<AnyOrder[]>();
  }
}
