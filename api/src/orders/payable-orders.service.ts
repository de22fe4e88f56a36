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
import { adoptPaidAt } from './order-migrations';
import { OrderPayment } from './order-payment';
import { OrderRefunds } from './order-refunds';
import type { PayableOrder, PayableOrderData } from './schemas/payable-order.schema';

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

/** Fresh codes per attempt; a collision of both in five tries is astronomically unlikely. */
const MAX_CODE_ATTEMPTS = 5;

/** What the buyer pays for an order, in cents (orders store it as a 2-decimal string). */
export function totalCentsOf(order: Pick<PayableOrder, 'totalPrice'>): number {
  return parseAmountToCents(order.totalPrice) ?? toCents(Number(order.totalPrice));
}

export const SELLERS_CANNOT_PURCHASE = 'Sellers cannot purchase products';

/**
 * What package orders and item orders share: creation with unique codes and the buyer's billing
 * details, who may see an order, pending-only deletes, and the guarded writes payments make. Every write that changes the
 * payment state has `paymentStatus: 'pending'` in its filter, so it happens at most once.
 */
export abstract class PayableOrdersService<Order extends PayableOrderData> implements OnModuleInit {
  /** The e-mail each order owes its buyer (order-mail-outbox.ts). */
  readonly mail: OrderMailOutbox<Order>;
  /** From pending to paid (order-payment.ts). */
  readonly payment: OrderPayment<Order>;
  /** Refunds and disputes of paid orders (order-refunds.ts). */
  readonly refunds: OrderRefunds<Order>;

  protected constructor(
    private readonly model: Model<PayableOrder>,
    private readonly storeCurrency: StoreCurrency,
    private readonly config: AppConfig,
  ) {
    this.mail = new OrderMailOutbox<Order>(model);
    this.payment = new OrderPayment<Order>(model, (order) => this.paidFields(order));
    this.refunds = new OrderRefunds<Order>(model);
  }

  /**
   * Builds the unique indexes before the first order is written; older orders get a currency
   * and, if paid, the day they were paid (from PayPal's capture time) for the statistics.
   */
  async onModuleInit(): Promise<void> {
    await this.model.init();
    await this.storeCurrency.adoptInto(this.model);
    await adoptPaidAt(this.model);
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
}

function isCodeCollision(error: unknown): boolean {
  if (!(error instanceof mongo.MongoServerError) || error.code !== 11000) return false;
  const keys = Object.keys((error.keyPattern as Record<string, unknown> | undefined) ?? {});
  return keys.includes('orderId') || keys.includes('paymentId');
}
