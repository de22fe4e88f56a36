import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { orderStatus, paymentStatus } from '@coldmail/contracts';
import { Schema as MongooseSchemaTypes, type Schema as MongooseSchema, type Types } from 'mongoose';

/** A refusal PayPal reported for a pending order (e.g. PAYMENT.CAPTURE.DENIED), kept for support. */
@Schema({ _id: false })
export class PaymentIssue {
  /** PayPal's capture status or event, e.g. 'DENIED'. */
  @Prop({ required: true })
  status!: string;

  @Prop()
  captureId?: string;

  @Prop({ required: true })
  at!: Date;
}
const PaymentIssueSchema = SchemaFactory.createForClass(PaymentIssue);

/** A refund of part of a paid order's payment. */
export interface PartialRefund {
  amountCents: number;
  at: Date;
  /** Package orders: the credits taken back for it, once done. */
  creditsTakenBack?: number;
  shortfall?: number;
}

/** How a paid order's money went back to the buyer. */
/** The messages an order sends its buyer. */
export type OrderMailKind = 'receipt' | 'refund';
const orderMailKinds: readonly OrderMailKind[] = ['receipt', 'refund'];
/** dueAt while the message is owed (removed when it is sent, so only owed ones are indexed). */
export interface OrderMailState {
  dueAt?: Date;
  claimedUntil?: Date;
  sentAt?: Date;
}

export type RefundSource = 'admin' | 'paypal-refund' | 'paypal-reversal' | 'dispute';

/** The refund of a paid order, as recorded when it was marked Refunded. */
@Schema({ _id: false })
export class OrderRefund {
  @Prop({ required: true, type: String })
  source!: RefundSource;

  /** PayPal's refund id (admin refunds, refund and reversal events) or dispute id. */
  @Prop()
  paypalReference?: string;

  @Prop({ required: true })
  at!: Date;

  /** The admin who refunded it, for back-office refunds. */
  @Prop()
  by?: string;

  /**
   * Package orders: set once the credits are taken back through the ledger. A Refunded order
   * without it (the process stopped between the two writes) is finished at the next start.
   */
  @Prop()
  creditsTakenBack?: number;

  /** Credits the buyer had already spent, which the balance could not give back. */
  @Prop()
  shortfall?: number;
}
const OrderRefundSchema = SchemaFactory.createForClass(OrderRefund);

/**
 * The promo code an order was placed with, and what it took off: the order's own copy, kept
 * whatever happens to the code later. subtotal - discount + processingFee = totalPrice.
 */
@Schema({ _id: false })
class OrderPromo {
  @Prop({ type: MongooseSchemaTypes.ObjectId, required: true })
  codeId!: Types.ObjectId;

  /** The code's text, upper-case. */
  @Prop({ required: true })
  code!: string;

  /** 2-decimal string: the price before the discount (packagePrice). */
  @Prop({ required: true })
  subtotal!: string;

  /** 2-decimal string. */
  @Prop({ required: true })
  discount!: string;
}
const OrderPromoSchema = SchemaFactory.createForClass(OrderPromo);

/** The buyer country's tax an order was placed with: the rate of that day, kept with it. */
@Schema({ _id: false })
class OrderTax {
  /** ISO 3166-1 alpha-2. */
  @Prop({ required: true })
  country!: string;

  @Prop({ required: true })
  label!: string;

  /** Percent. */
  @Prop({ required: true })
  rate!: number;

  /** True: totalPrice includes the tax; false: it was added to the price and fee. */
  @Prop({ required: true })
  inclusive!: boolean;

  /** 2-decimal string. */
  @Prop({ required: true })
  amount!: string;
}
const OrderTaxSchema = SchemaFactory.createForClass(OrderTax);

/** A paid order's invoice: its number, and the seller as they were when it was issued. */
@Schema({ _id: false })
class OrderInvoice {
  @Prop({ required: true })
  number!: string;

  @Prop({ required: true })
  issuedAt!: Date;

  @Prop({ type: Object, required: true })
  seller!: { name: string; address: string; taxId: string };
}
const OrderInvoiceSchema = SchemaFactory.createForClass(OrderInvoice);

/** A refund's credit note. */
@Schema({ _id: false })
class OrderCreditNote {
  @Prop({ required: true })
  number!: string;

  @Prop({ required: true })
  issuedAt!: Date;

  /** The refund it is for: PayPal's refund id, or 'refund' for the order's whole refund. */
  @Prop({ required: true })
  reference!: string;

  @Prop({ required: true })
  amountCents!: number;
}
const OrderCreditNoteSchema = SchemaFactory.createForClass(OrderCreditNote);

/** The two kinds of order: credit packages and digital items. */
export const orderKinds = ['package', 'item'] as const;
export type OrderKind = (typeof orderKinds)[number];

/**
 * An order of either kind, in one collection: the spec's order fields, priced on the server, and
 * the record of the PayPal payment. `kind` says what was bought; each kind's own fields are in its
 * discriminator schema (package-order.schema.ts, item-order.schema.ts).
 */
@Schema({
  collection: 'orders',
  discriminatorKey: 'kind',
  timestamps: true,
  versionKey: false,
})
export class Order {
  @Prop({ type: String, required: true, enum: orderKinds })
  kind!: OrderKind;

  /** 8 characters A-Z0-9; sent to PayPal as custom_id. Unique. */
  @Prop({ required: true })
  orderId!: string;

  /** 8 characters A-Z0-9; sent to PayPal as invoice_id. Unique. */
  @Prop({ required: true })
  paymentId!: string;

  /** The package's or item's name. */
  @Prop({ required: true })
  packageName!: string;

  @Prop({ required: true })
  packagePrice!: number;

  /** 2-decimal string. */
  @Prop({ required: true })
  processingFee!: string;

  /** 2-decimal string: what PayPal must capture, to the cent (after any promo code). */
  @Prop({ required: true })
  totalPrice!: string;

  /** Placed with a promo code: which, and what it took off. */
  @Prop({ type: OrderPromoSchema })
  promo?: OrderPromo;

  @Prop({ type: OrderTaxSchema })
  tax?: OrderTax;

  /** A business buyer's company name and tax id, for the invoice. */
  @Prop()
  companyName?: string;

  @Prop()
  companyTaxId?: string;

  @Prop({ type: OrderInvoiceSchema })
  invoice?: OrderInvoice;

  @Prop({ type: [OrderCreditNoteSchema], default: undefined })
  creditNotes?: OrderCreditNote[];

  /** 'pending' until a verified capture makes it 'Paid'. */
  @Prop({ required: true, default: paymentStatus.pending })
  paymentStatus!: string;

  /** 'pending' until a verified capture makes it 'Completed'. */
  @Prop({ required: true, default: orderStatus.pending })
  orderStatus!: string;

  @Prop()
  paymentMethod?: string;

  /**
   * The buyer: their user record, which owns the order (who may see and pay it, whom its credits
   * go to). Set on every order since issue 30; older orders get it at start-up from their e-mail.
   */
  @Prop({ type: MongooseSchemaTypes.ObjectId, index: false })
  customerId?: Types.ObjectId;

  /** The buyer's address when they ordered (display data, not who owns it); lower-case. */
  @Prop({ required: true, lowercase: true })
  customerEmail!: string;

  @Prop({ required: true })
  customerName!: string;

  @Prop({ required: true })
  address!: string;

  @Prop({ required: true })
  country!: string;

  /** dd/mm/yyyy (UTC) */
  @Prop({ required: true })
  orderDate!: string;

  /** The PayPal order last created for this order, and the currency it was created in. */
  @Prop()
  paypalOrderId?: string;

  /**
   * Every PayPal order our server created for this order (retries create more than one): only
   * these can pay it, never one a buyer made elsewhere with the same custom_id.
   */
  @Prop({ type: [String], default: undefined })
  paypalOrderIds?: string[];

  /** The merchant PayPal named as payee when our server created the PayPal order. */
  @Prop()
  paypalPayeeId?: string;

  @Prop()
  currency?: string;

  /**
   * The one PayPal order of this order being captured, and until when the claim holds: two
   * completions (two tabs, each with its own approved PayPal order) never capture twice.
   */
  @Prop({ type: Object })
  captureClaim?: { paypalOrderId: string; until: Date };

  /** The PayPal capture id; unique among orders (index below): a capture pays one order. */
  @Prop()
  paypalTransactionID?: string;

  @Prop()
  payerEmail?: string;

  @Prop()
  captureTime?: string;

  /** When our server recorded the payment (the revenue statistics count it on this day). */
  @Prop()
  paidAt?: Date;

  @Prop({ type: PaymentIssueSchema })
  paymentIssue?: PaymentIssue;

  @Prop({ type: OrderRefundSchema })
  refund?: OrderRefund;

  /**
   * Refunds of part of the payment (made in PayPal), by PayPal refund id: the order stays Paid
   * (an item's access too) until they add up to the whole payment. A package order gives back
   * credits in proportion, each refund's share once (creditsTakenBack).
   */
  @Prop({ type: Object })
  partialRefunds?: Record<string, PartialRefund>;

  /**
   * Captures of this order after the one that paid it (a buyer who paid again in another tab),
   * by capture id: each is refunded in full (refundId once PayPal refunded it; the recovery
   * sweep retries one that failed).
   */
  @Prop({ type: Object })
  duplicateCaptures?: Record<string, { at: Date; refundId?: string }>;

  /** A partial refund's credits are still to be taken back (the recovery sweep finishes it). */
  @Prop()
  partialCreditsPending?: boolean;

  /**
   * The e-mail the order owes its buyer: a receipt once paid, a notice once refunded. Owed from
   * the write that made it so (dueAt), claimed by the instance sending it (claimedUntil), sent
   * once (sentAt, and dueAt goes); what a stopped process left unsent, the recovery sweep sends.
   */
  @Prop({ type: Object })
  mail?: Partial<Record<OrderMailKind, OrderMailState>>;

  createdAt!: Date;
  updatedAt!: Date;
}

/** What every stored order has, whatever its kind. */
export type OrderData = Order & { _id: Types.ObjectId };

export const OrderSchema = SchemaFactory.createForClass(Order);
addOrderIndexes(OrderSchema);

function addOrderIndexes(schema: MongooseSchema): void {
  // Unique across both kinds: an order code names one order (PayPal's custom_id and invoice_id).
  schema.index({ orderId: 1 }, { unique: true });
  schema.index({ paymentId: 1 }, { unique: true });
  // A capture pays for one order only.
  schema.index(
    { paypalTransactionID: 1 },
    { unique: true, partialFilterExpression: { paypalTransactionID: { $type: 'string' } } },
  );
  // A buyer's own list of one kind, newest first; and the admin list. With _id the order is
  // total, so a page of either is read from the index in order and stops when full.
  schema.index({ customerId: 1, kind: 1, createdAt: -1, _id: -1 });
  // The admin's ?userEmail= search, which also finds orders placed under an earlier address.
  schema.index({ customerEmail: 1, kind: 1, createdAt: -1, _id: -1 });
  schema.index({ kind: 1, createdAt: -1, _id: -1 });
  // The revenue statistics: orders paid, and refunded, within a range of days.
  schema.index({ paidAt: 1 }, { partialFilterExpression: { paidAt: { $type: 'date' } } });
  schema.index({ 'refund.at': 1 }, { partialFilterExpression: { 'refund.at': { $type: 'date' } } });
  // The messages still owed, for the recovery sweep: only those are in the index.
  for (const kind of orderMailKinds) {
    schema.index(
      { [`mail.${kind}.dueAt`]: 1 },
      { partialFilterExpression: { [`mail.${kind}.dueAt`]: { $exists: true } } },
    );
  }
  // Refunds finished at start-up (see OrderRefund.creditsTakenBack), and package orders paid
  // but not credited yet (see PackageOrder.creditApplied).
  schema.index({ paymentStatus: 1, creditApplied: 1 });
  schema.index(
    { partialCreditsPending: 1 },
    { partialFilterExpression: { partialCreditsPending: true } },
  );
}
