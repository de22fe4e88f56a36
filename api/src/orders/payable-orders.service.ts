import {
  ConflictException,
  ForbiddenException,
  NotFoundException,
  type OnModuleInit,
} from '@nestjs/common';
import {
  isPaid,
  orderStatus,
  parseAmountToCents,
  paymentStatus,
  priceBreakdownOf,
  toCents,
  type BillingForm,
  type OrderSortKey,
  type orderListQuerySchema,
} from '@coldmail/contracts';
import type { z } from 'zod';
import type { Model } from 'mongoose';
import { mongo, trusted, Types } from 'mongoose';
import { StoreCurrency } from '../packages/store-currency';
import type { AuthContext } from '../auth/auth-context';
import type { AppConfig } from '../config/app-config';
import { containsText } from '../common/search';
import { ownerIdOf } from '../auth/auth-context';
import { isBuyer, listedOrders, mayView, type ListedOrders } from './order-access';
import { formatOrderDate } from './order-dates';
import { newOrderCode } from './order-codes';
import { OrderMailOutbox } from './order-mail-outbox';
import type {
  OrderRefund,
  PartialRefund,
  PayableOrder,
  PayableOrderData,
} from './schemas/payable-order.schema';

/** What the back office's search box looks in. */
const SEARCHED_FIELDS = ['orderId', 'customerName', 'paymentStatus', 'orderStatus', 'packageName'];

/** The stored field each sort key orders by (orderDate is a display string; createdAt is its time). */
const SORT_FIELDS: Record<OrderSortKey, string> = {
  orderDate: 'createdAt',
  orderId: 'orderId',
  customerName: 'customerName',
  packageName: 'packageName',
  totalPrice: 'packagePrice',
  paymentStatus: 'paymentStatus',
  orderStatus: 'orderStatus',
};

/** PayPal orders remembered per order: more than any buyer's retries. */
const MAX_PAYPAL_ORDERS = 10;

/** Fresh codes per attempt; a collision of both in five tries is astronomically unlikely. */
const MAX_CODE_ATTEMPTS = 5;

/** What the buyer pays for an order, in cents (orders store it as a 2-decimal string). */
export function totalCentsOf(order: Pick<PayableOrder, 'totalPrice'>): number {
  return parseAmountToCents(order.totalPrice) ?? toCents(Number(order.totalPrice));
}

export const SELLERS_CANNOT_PURCHASE = 'Sellers cannot purchase products';

/** A verified PayPal capture, as fulfilment records it on the order. */
export interface CapturedPayment {
  captureId: string;
  captureTime: string;
  payerEmail?: string;
}

/**
 * What package orders and item orders share: creation with unique codes and the buyer's billing
 * details, who may see an order, pending-only deletes, and the guarded writes payments make. Every write that changes the
 * payment state has `paymentStatus: 'pending'` in its filter, so it happens at most once.
 */
export abstract class PayableOrdersService<Order extends PayableOrderData> implements OnModuleInit {
  /** The e-mail each order owes its buyer (order-mail-outbox.ts). */
  readonly mail: OrderMailOutbox<Order>;

  protected constructor(
    private readonly model: Model<PayableOrder>,
    private readonly storeCurrency: StoreCurrency,
    private readonly config: AppConfig,
  ) {
    this.mail = new OrderMailOutbox<Order>(model);
  }

  /**
   * Builds the unique indexes before the first order is written; older orders get a currency
   * and, if paid, the day they were paid (from PayPal's capture time) for the statistics.
   */
  async onModuleInit(): Promise<void> {
    await this.model.init();
    await this.storeCurrency.adoptInto(this.model);
    await this.adoptPaidAt();
  }

  /** Idempotent and safe on several instances at once: only paid orders without it are touched. */
  private async adoptPaidAt(): Promise<void> {
    const unset = this.model
      .find({
        paidAt: trusted({ $exists: false }),
        captureTime: trusted({ $exists: true }),
      })
      .select({ captureTime: 1, updatedAt: 1 })
      .lean<{ _id: Types.ObjectId; captureTime?: string; updatedAt: Date }[]>()
      .cursor();
    for await (const order of unset) {
      const captured = order.captureTime ? new Date(order.captureTime) : order.updatedAt;
      const paidAt = Number.isNaN(captured.getTime()) ? order.updatedAt : captured;
      await this.model.updateOne(
        { _id: order._id, paidAt: trusted({ $exists: false }) },
        { $set: { paidAt } },
        { timestamps: false },
      );
    }
  }

  /** The fields a verified capture sets besides the common ones (e.g. MembershipValidity). */
  protected abstract paidFields(order: Order): Record<string, unknown>;

  /** Who may place an order: a buyer with a user record who is not a Seller. */
  protected assertMayPurchase(caller: AuthContext): void {
    if (!caller.user) {
      throw new ForbiddenException('Your account is not set up yet. Please sign in again.');
    }
    if (caller.user.userRole === 'Seller') throw new ForbiddenException(SELLERS_CANNOT_PURCHASE);
  }

  /**
   * A new pending order for the caller: what was bought (`product`), priced from its stored
   * `price` in the store's currency, and the billing details they typed, dated today.
   */
  protected async insertPending(
    caller: AuthContext,
    billing: BillingForm,
    price: number,
    product: Record<string, unknown>,
  ): Promise<Order> {
    const customerId = new Types.ObjectId(ownerIdOf(caller));
    // A bound on what one account can leave unpaid (orders are free to place). Counted before
    // the insert: buyers placing orders at once may pass it by those few, which bounds it still.
    const limit = this.config.openOrdersLimit;
    if (limit > 0) {
      const open = await this.model.countDocuments({
        customerId,
        paymentStatus: paymentStatus.pending,
      });
      if (open >= limit) {
        throw new ConflictException(
          `You have ${limit} orders waiting for payment. Pay or delete one of them first.`,
        );
      }
    }
    const amounts = priceBreakdownOf(price);
    return this.insertWithCodes({
      ...product,
      // The store's currency now: the order is shown and paid in it, whatever changes later.
      currency: await this.storeCurrency.current(),
      packagePrice: amounts.priceCents / 100,
      processingFee: amounts.processingFee,
      totalPrice: amounts.total,
      customerId,
      customerEmail: caller.email,
      customerName: billing.customerName,
      address: billing.address,
      country: billing.country,
      orderDate: formatOrderDate(new Date()),
      paymentStatus: paymentStatus.pending,
      orderStatus: orderStatus.pending,
    });
  }

  /** Inserts an order under new orderId/paymentId codes, retrying when a code is taken. */
  private async insertWithCodes(fields: Record<string, unknown>): Promise<Order> {
    for (let attempt = 1; ; attempt++) {
      try {
        const created = await this.model.create({
          ...fields,
          orderId: newOrderCode(),
          paymentId: newOrderCode(),
        });
        return created.toObject() as unknown as Order;
      } catch (error) {
        if (!isCodeCollision(error) || attempt >= MAX_CODE_ATTEMPTS) throw error;
      }
    }
  }

  async findById(id: string): Promise<Order | null> {
    return this.model.findById(id).lean<Order>();
  }

  /**
   * The order for its buyer or an admin. Anyone else gets the same 404 as for a missing order,
   * so order ids reveal nothing.
   */
  async findVisible(id: string, caller: AuthContext): Promise<Order> {
    const order = await this.findById(id);
    if (!order || !mayView(order, caller)) throw new NotFoundException('Order not found');
    return order;
  }

  /** The order for its buyer only (paying is the buyer's business). */
  async findOwned(id: string, caller: AuthContext): Promise<Order> {
    const order = await this.findById(id);
    if (!order || !isBuyer(order, caller)) throw new NotFoundException('Order not found');
    return order;
  }

  /**
   * The orders a list call may return, newest first: `?userEmail=` the caller's own (anyone) or
   * anybody's (admins); without it, every order (admins only).
   */
  async listFor(caller: AuthContext, userEmail: string | undefined): Promise<Order[]> {
    return this.list(listedOrders(caller, userEmail));
  }

  /** Newest first. An admin's search by address finds orders placed under it. */
  private async list(listed: ListedOrders): Promise<Order[]> {
    const filter =
      listed.kind === 'all'
        ? {}
        : listed.kind === 'own'
          ? { customerId: new Types.ObjectId(listed.customerId) }
          : { customerEmail: listed.email };
    return this.model.find(filter).sort({ createdAt: -1, _id: -1 }).lean<Order[]>();
  }

  /**
   * Orders placed before orders carried their buyer's record id get it once, from the record
   * their e-mail belongs to now (run at every start; only orders without one are touched, so it
   * is idempotent and safe on several instances at once). An order whose address has no record
   * stays without an owner: only admins see it.
   */
  async adoptOwners(recordOfEmail: (email: string) => Promise<string | null>): Promise<number> {
    const emails: string[] = await this.model.distinct('customerEmail', {
      customerId: trusted({ $exists: false }),
    });
    let adopted = 0;
    for (const email of emails) {
      const userId = await recordOfEmail(email);
      if (!userId) continue;
      const result = await this.model.updateMany(
        { customerEmail: email, customerId: trusted({ $exists: false }) },
        { $set: { customerId: new Types.ObjectId(userId) } },
        { timestamps: false },
      );
      adopted += result.modifiedCount;
    }
    return adopted;
  }

  /**
   * What the back office's order list selects: `q` matches order id, customer name, payment and
   * order status and package (or item) name, any case; sorted on the server.
   */
  private adminSelection({ q, sort, dir }: z.output<typeof orderListQuerySchema>) {
    const pattern = q ? containsText(q) : null;
    const filter = pattern ? { $or: SEARCHED_FIELDS.map((field) => ({ [field]: pattern })) } : {};
    const order = dir === 'asc' ? 1 : -1;
    return {
      filter,
      sort: { [SORT_FIELDS[sort]]: order, _id: order } as const,
      searched: !!pattern,
    };
  }

  /** One page of every order for the back office. */
  async adminPage(query: z.output<typeof orderListQuerySchema>): Promise<{
    items: Order[];
    total: number;
    page: number;
    pageSize: number;
  }> {
    const { page, pageSize } = query;
    const { filter, sort, searched } = this.adminSelection(query);
    const [items, total] = await Promise.all([
      this.model
        .find(filter)
        .sort(sort)
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<Order[]>(),
      // Without a search the collection's count is enough (no scan of every document).
      searched ? this.model.countDocuments(filter) : this.model.estimatedDocumentCount(),
    ]);
    return { items, total, page, pageSize };
  }

  /** Every order the back office's list selects, in its order, read as it is sent (the export). */
  adminRows(query: z.output<typeof orderListQuerySchema>): AsyncIterable<Order> {
    const { filter, sort } = this.adminSelection(query);
    return this.model.find(filter).sort(sort).lean<Order[]>().cursor() as AsyncIterable<Order>;
  }

  /**
   * Pending orders nobody touched since `before` (no payment started or tried since), whose
   * payment no PayPal order can still complete: removed. An order whose capture is being
   * claimed is left to its capture. Answers how many went.
   */
  async expirePending(before: Date): Promise<number> {
    const expired = await this.model.deleteMany({
      paymentStatus: paymentStatus.pending,
      updatedAt: trusted({ $lt: before }),
      captureClaim: trusted({ $exists: false }),
    });
    return expired.deletedCount;
  }

  /** Only pending orders may go; a paid one is a 409 that says why. */
  async deletePending(id: string): Promise<void> {
    const result = await this.model.deleteOne({ _id: id, paymentStatus: paymentStatus.pending });
    if (result.deletedCount > 0) return;
    const order = await this.model.findById(id).select({ paymentStatus: 1 }).lean();
    if (!order) throw new NotFoundException('Order not found');
    throw new ConflictException(
      isPaid(order)
        ? 'This order has been paid and cannot be deleted; only pending orders can be deleted.'
        : 'Only pending orders can be deleted.',
    );
  }

  /** PayPal's references: custom_id is our orderId, invoice_id our paymentId. */
  async findByReference(orderId: string, paymentId: string | undefined): Promise<Order | null> {
    return this.model
      .findOne(paymentId === undefined ? { orderId } : { orderId, paymentId })
      .lean<Order>();
  }

  /**
   * Remembers a PayPal order our server created for a pending order: its id (among the last few
   * created, since a buyer may retry), its currency and the payee PayPal named.
   */
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
  async findUnrefundedDuplicates(): Promise<Order[]> {
    const orders = await this.model
      .find({ duplicateCaptures: trusted({ $exists: true }) })
      .select({ duplicateCaptures: 1, orderId: 1 })
      .lean<Order[]>();
    return orders.filter((order) =>
      Object.values(order.duplicateCaptures ?? {}).some((capture) => !capture.refundId),
    );
  }

  /** The paid order a PayPal capture paid, whoever asks (refund and dispute events). */
  async findByCapture(captureId: string): Promise<Order | null> {
    return this.model.findOne({ paypalTransactionID: captureId }).lean<Order>();
  }

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

  /**
   * Marks a pending order paid. Only one caller can win (the filter requires 'pending'); it gets
   * the updated order, every other caller gets null.
   */
  async markPaid(order: Order, payment: CapturedPayment): Promise<Order | null> {
    try {
      return await this.model
        .findOneAndUpdate(
          { _id: order._id, paymentStatus: paymentStatus.pending },
          {
            $set: {
              paymentStatus: paymentStatus.paid,
              orderStatus: orderStatus.completed,
              paymentMethod: 'Paypal',
              paypalTransactionID: payment.captureId,
              captureTime: payment.captureTime,
              paidAt: new Date(),
              ...(payment.payerEmail ? { payerEmail: payment.payerEmail } : {}),
              ...this.paidFields(order),
              // Owed with the payment itself: no process can record one and forget the receipt.
              'mail.receipt': { dueAt: new Date() },
            },
            $unset: { paymentIssue: 1, captureClaim: 1 },
          },
          { returnDocument: 'after' },
        )
        .lean<Order>();
    } catch (error) {
      // The capture already paid another order of this kind (unique paypalTransactionID).
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
}

function isCodeCollision(error: unknown): boolean {
  if (!(error instanceof mongo.MongoServerError) || error.code !== 11000) return false;
  const keys = Object.keys((error.keyPattern as Record<string, unknown> | undefined) ?? {});
  return keys.includes('orderId') || keys.includes('paymentId');
}
