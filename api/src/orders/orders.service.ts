import {
  ConflictException,
  Injectable,
  NotFoundException,
  type OnModuleInit,
} from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  isPaid,
  paymentStatus,
  type OrderSortKey,
  type orderListQuerySchema,
} from '@coldmail/contracts';
import type { z } from 'zod';
import type { Model } from 'mongoose';
import { trusted, Types } from 'mongoose';
import type { AuthContext } from '../auth/auth-context';
import { containsText } from '../common/search';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import { ItemsService } from '../items/items.service';
import { PackagesService } from '../packages/packages.service';
import { StoreCurrency } from '../packages/store-currency';
import { InvoicesService } from '../invoices/invoices.service';
import { PromoCodesService } from '../promo-codes/promo-codes.service';
import { isBuyer, listedOrders, mayView } from './order-access';
import { OrderDocuments } from './order-documents';
import { OrderCreation } from './order-creation';
import { adoptOrderKinds } from './order-kinds.migration';
import type { AnyOrder, OrderKind, OrderOfKind } from './order-kinds';
import { OrderMailOutbox } from './order-mail-outbox';
import { adoptPaidAt } from './order-migrations';
import { OrderPayment } from './order-payment';
import { OrderRefunds } from './order-refunds';
import { OrderTotals } from './order-totals';
import { Order, orderKinds } from './schemas/order.schema';
import type { PackageOrderData } from './schemas/package-order.schema';

/** Orders whose promo code uses are looked at in one read (releaseAbandonedPromoCodeUses). */
const PROMO_SWEEP_BATCH = 500;

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

/** A page of the back office's order list. */
export interface OrderPage<Stored> {
  items: Stored[];
  total: number;
  page: number;
  pageSize: number;
}

type ListQuery = z.output<typeof orderListQuerySchema>;

/**
 * Orders of both kinds, one collection (`kind` says what was bought): who may see an order, the
 * buyer's and the back office's lists, pending-only deletes; its parts place orders (`creation`)
 * and make the guarded writes payments need (`payment`, `refunds`, `mail`). Every write that changes the
 * payment state has `paymentStatus: 'pending'` in its filter, so it happens at most once.
 */
@Injectable()
export class OrdersService implements OnModuleInit {
  /** Placing an order (order-creation.ts). */
  readonly creation: OrderCreation;
  /** The e-mail each order owes its buyer (order-mail-outbox.ts). */
  readonly mail: OrderMailOutbox;
  /** From pending to paid (order-payment.ts). */
  readonly payment: OrderPayment;
  /** Refunds and disputes of paid orders (order-refunds.ts). */
  readonly refunds: OrderRefunds;
  /** How many orders of each kind there are (order-totals.ts). */
  readonly totals: OrderTotals;
  /** Invoices and credit notes kept with orders (order-documents.ts). */
  readonly documents: OrderDocuments;

  constructor(
    @InjectModel(Order.name) private readonly model: Model<Order>,
    packages: PackagesService,
    items: ItemsService,
    private readonly storeCurrency: StoreCurrency,
    @InjectConfig() config: AppConfig,
    private readonly promoCodes: PromoCodesService,
    invoices: InvoicesService,
  ) {
    this.totals = new OrderTotals(model);
    this.creation = new OrderCreation(
      model,
      packages,
      items,
      storeCurrency,
      config,
      this.totals,
      promoCodes,
      invoices,
    );
    this.mail = new OrderMailOutbox(model);
    this.payment = new OrderPayment(model);
    this.refunds = new OrderRefunds(model);
    this.documents = new OrderDocuments(model);
  }

  /**
   * Builds the unique indexes before the first order is written; orders written by earlier
   * versions get their kind (order-kinds.migration.ts), a currency and, if paid, the day they
   * were paid (from PayPal's capture time) for the statistics.
   */
  async onModuleInit(): Promise<void> {
    await this.model.init();
    await this.adoptEarlierOrders();
    await this.storeCurrency.adoptInto(this.model);
    await adoptPaidAt(this.model);
  }

  /** Orders an earlier version wrote elsewhere or without a kind (start-up and the sweep). */
  async adoptEarlierOrders(): Promise<number> {
    const adopted = await adoptOrderKinds(this.model);
    if (adopted > 0) await this.totals.recount();
    return adopted;
  }

  /** The order with this id, of either kind. */
  async findById(id: string | Types.ObjectId): Promise<AnyOrder | null> {
    return this.model.findById(id).lean<AnyOrder>();
  }

  /** The order with this id if it is of `kind` (another kind's id is not found). */
  async findOfKind<K extends OrderKind>(kind: K, id: string): Promise<OrderOfKind<K> | null> {
    return this.model.findOne({ _id: id, kind }).lean<OrderOfKind<K>>();
  }

  /**
   * The order for its buyer or an admin. Anyone else gets the same 404 as for a missing order,
   * so order ids reveal nothing.
   */
  async findVisible<K extends OrderKind>(
    kind: K,
    id: string,
    caller: AuthContext,
  ): Promise<OrderOfKind<K>> {
    // An 8-character code names the order as the specification's links do (/pay-now/{orderId}).
    const order = Types.ObjectId.isValid(id)
      ? await this.findOfKind(kind, id)
      : await this.model.findOne({ orderId: id, kind }).lean<OrderOfKind<K>>();
    if (!order || !mayView(order, caller)) throw new NotFoundException('Order not found');
    return order;
  }

  /** The order for its buyer only (paying is the buyer's business). */
  async findOwned<K extends OrderKind>(
    kind: K,
    id: string,
    caller: AuthContext,
  ): Promise<OrderOfKind<K>> {
    const order = await this.findOfKind(kind, id);
    if (!order || !isBuyer(order, caller)) throw new NotFoundException('Order not found');
    return order;
  }

  /**
   * The orders of `kind` a list call may return, newest first: `?userEmail=` the caller's own
   * (anyone) or anybody's (admins; an address finds orders placed under it); without it, every
   * order (admins only).
   */
  async listFor<K extends OrderKind>(
    kind: K,
    caller: AuthContext,
    userEmail: string | undefined,
  ): Promise<OrderOfKind<K>[]> {
    const listed = listedOrders(caller, userEmail);
    const whose =
      listed.kind === 'all'
        ? {}
        : listed.kind === 'own'
          ? { customerId: new Types.ObjectId(listed.customerId) }
          : { customerEmail: listed.email };
    return this.model
      .find({ ...whose, kind })
      .sort({ createdAt: -1, _id: -1 })
      .lean<OrderOfKind<K>[]>();
  }

  /**
   * What the back office's order list selects: `q` matches order id, customer name, payment and
   * order status and package (or item) name, any case; sorted on the server.
   */
  private adminSelection(kind: OrderKind, { q, sort, dir }: ListQuery) {
    const pattern = q ? containsText(q) : null;
    const filter = {
      kind,
      ...(pattern ? { $or: SEARCHED_FIELDS.map((field) => ({ [field]: pattern })) } : {}),
    };
    const order = dir === 'asc' ? 1 : -1;
    return {
      filter,
      sort: { [SORT_FIELDS[sort]]: order, _id: order } as const,
      searched: !!pattern,
    };
  }

  /** One page of every order of `kind` for the back office. */
  async adminPage<K extends OrderKind>(
    kind: K,
    query: ListQuery,
  ): Promise<OrderPage<OrderOfKind<K>>> {
    const { page, pageSize } = query;
    const { filter, sort, searched } = this.adminSelection(kind, query);
    const [items, total] = await Promise.all([
      this.model
        .find(filter)
        .sort(sort)
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean<OrderOfKind<K>[]>(),
      // Without a search the kind's kept total is enough (no count of every order).
      searched ? this.model.countDocuments(filter) : this.totals.of(kind),
    ]);
    return { items, total, page, pageSize };
  }

  /** Every order the back office's list selects, in its order, read as it is sent (the export). */
  adminRows<K extends OrderKind>(kind: K, query: ListQuery): AsyncIterable<OrderOfKind<K>> {
    const { filter, sort } = this.adminSelection(kind, query);
    return this.model.find(filter).sort(sort).lean<OrderOfKind<K>[]>().cursor() as AsyncIterable<
      OrderOfKind<K>
    >;
  }

  /**
   * Pending orders nobody touched since `before` (no payment started or tried since), whose
   * payment no PayPal order can still complete: removed. An order whose capture is being
   * claimed is left to its capture. Answers how many went. The promo code uses they held are
   * given back by releaseAbandonedPromoCodeUses, which the recovery sweep runs next.
   */
  async expirePending(before: Date): Promise<number> {
    let removed = 0;
    for (const kind of orderKinds) {
      const expired = await this.model.deleteMany({
        kind,
        paymentStatus: paymentStatus.pending,
        updatedAt: trusted({ $lt: before }),
        captureClaim: trusted({ $exists: false }),
      });
      await this.totals.add(kind, -expired.deletedCount);
      removed += expired.deletedCount;
    }
    return removed;
  }

  /** Only pending orders of `kind` may go; a paid one is a 409 that says why. */
  async deletePending(kind: OrderKind, id: string): Promise<void> {
    const result = await this.model.deleteOne({
      _id: id,
      kind,
      paymentStatus: paymentStatus.pending,
    });
    if (result.deletedCount > 0) {
      await this.totals.add(kind, -1);
      await this.promoCodes.release(new Types.ObjectId(id));
      return;
    }
    const order = await this.model.findOne({ _id: id, kind }).select({ paymentStatus: 1 }).lean();
    if (!order) throw new NotFoundException('Order not found');
    throw new ConflictException(
      isPaid(order)
        ? 'This order has been paid and cannot be deleted; only pending orders can be deleted.'
        : 'Only pending orders can be deleted.',
    );
  }

  /**
   * Gives back the promo code uses of orders that are gone (expired unpaid, or deleted by a
   * process that stopped before giving its use back), and settles those of orders paid since.
   * Only uses taken before `before` are looked at: an order being placed reserves its use just
   * before it is stored. Answers how many uses were given back.
   */
  async releaseAbandonedPromoCodeUses(before: Date): Promise<number> {
    let released = 0;
    let batch: Types.ObjectId[] = [];
    const settleOrRelease = async () => {
      const orders = await this.model
        .find({ _id: trusted({ $in: batch }) })
        .select({ paymentStatus: 1 })
        .lean<{ _id: Types.ObjectId; paymentStatus: string }[]>();
      const stored = new Set(orders.map((order) => order._id.toHexString()));
      const gone = batch.filter((orderId) => !stored.has(orderId.toHexString()));
      for (const orderId of gone) {
        if (await this.promoCodes.release(orderId)) released += 1;
      }
      await this.promoCodes.settle(
        orders
          .filter((order) => order.paymentStatus !== paymentStatus.pending)
          .map(({ _id }) => _id),
      );
      batch = [];
    };
    for await (const { orderId } of this.promoCodes.unsettledOrders(before)) {
      batch.push(orderId);
      if (batch.length >= PROMO_SWEEP_BATCH) await settleOrRelease();
    }
    if (batch.length > 0) await settleOrRelease();
    return released;
  }

  /** Second step of a package order's fulfilment, after the buyer's balance was credited. */
  async markCreditApplied(id: Types.ObjectId): Promise<void> {
    await this.model.updateOne({ _id: id, kind: 'package' }, { $set: { creditApplied: true } });
  }

  /** Paid package orders whose credits may not be in the buyer's balance yet (creditApplied). */
  async findPaidNotCredited(): Promise<PackageOrderData[]> {
    return this.model
      .find({ kind: 'package', paymentStatus: paymentStatus.paid, creditApplied: false })
      .lean<PackageOrderData[]>();
  }

  /**
   * A buyer deleted their account: their orders stay, as accounting requires, with the buyer's
   * and PayPal payer's addresses replaced by `placeholder` (name and billing address are kept)
   * and no e-mail owed to the buyer any more. The orders' dates are left as they were, so a
   * pending one still expires when it would have.
   */
  async forgetBuyerAddress(customerId: string, placeholder: string): Promise<void> {
    const buyer = { customerId: new Types.ObjectId(customerId) };
    await this.model.updateMany(
      buyer,
      {
        $set: { customerEmail: placeholder },
        $unset: { 'mail.receipt.dueAt': 1, 'mail.refund.dueAt': 1 },
      },
      { timestamps: false },
    );
    await this.model.updateMany(
      { ...buyer, payerEmail: trusted({ $exists: true }) },
      { $set: { payerEmail: placeholder } },
      { timestamps: false },
    );
  }
}
