import { ConflictException, ForbiddenException, NotFoundException } from '@nestjs/common';
import {
  orderAmountsOf,
  orderStatus,
  paymentStatus,
  toCents,
  type BillingForm,
  type NewItemOrderBody,
  type NewOrderBody,
} from '@coldmail/contracts';
import type { Model } from 'mongoose';
import { mongo, Types } from 'mongoose';
import type { AuthContext } from '../auth/auth-context';
import { ownerIdOf } from '../auth/auth-context';
import type { AppConfig } from '../config/app-config';
import type { ItemsService } from '../items/items.service';
import type { PackagesService } from '../packages/packages.service';
import type { StoreCurrency } from '../packages/store-currency';
import type { InvoicesService } from '../invoices/invoices.service';
import type { PromoCodesService, ReservedUse } from '../promo-codes/promo-codes.service';
import { newOrderCode } from './order-codes';
import { formatOrderDate } from './order-dates';
import type { OrderTotals } from './order-totals';
import type { OrderKind, OrderOfKind } from './order-kinds';
import type { Order } from './schemas/order.schema';
import type { PackageOrderData } from './schemas/package-order.schema';

export const SELLERS_CANNOT_PURCHASE = 'Sellers cannot purchase products';

/** Fresh codes per attempt; a collision of both in five tries is astronomically unlikely. */
const MAX_CODE_ATTEMPTS = 5;

/** What the price of an order comes from: the stored package or item. */
interface Product {
  _id: string;
  price: number;
}

/**
 * Placing an order: priced from the stored package or item in the store's currency, less a promo
 * code's discount when the buyer gave one, under two new unique codes (orderId, sent to PayPal as
 * custom_id; paymentId, its invoice_id), for a buyer who is not a Seller and has fewer unpaid
 * orders than the store allows.
 */
export class OrderCreation {
  constructor(
    private readonly model: Model<Order>,
    private readonly packages: PackagesService,
    private readonly items: ItemsService,
    private readonly storeCurrency: StoreCurrency,
    private readonly config: AppConfig,
    private readonly totals: OrderTotals,
    private readonly promoCodes: PromoCodesService,
    private readonly invoices: InvoicesService,
  ) {}

  /**
   * A pending order for a package, priced from the stored package: the client chooses the
   * package and types the billing details, nothing else.
   */
  async packageOrder(
    caller: AuthContext,
    body: NewOrderBody,
    network: string,
  ): Promise<PackageOrderData> {
    this.assertMayPurchase(caller);
    const creditPackage = await this.packages.findById(body.packageId);
    if (!creditPackage) throw new NotFoundException('Package not found');
    return this.insertPending('package', caller, network, body, creditPackage, {
      packageId: creditPackage._id,
      packageName: creditPackage.packageName,
      credit: creditPackage.credit,
      Validity: creditPackage.validity,
      ...(creditPackage.icon ? { featuredImage: creditPackage.icon } : {}),
    });
  }

  /** A pending order for an item, priced from the stored item. */
  async itemOrder(caller: AuthContext, body: NewItemOrderBody, network: string) {
    this.assertMayPurchase(caller);
    const item = await this.items.findById(body.itemId);
    if (!item) throw new NotFoundException('Item not found');
    return this.insertPending('item', caller, network, body, item, {
      itemId: new Types.ObjectId(item._id),
      packageName: item.name,
      slug: item.slug,
      ...(item.imageUrl ? { imageUrl: item.imageUrl } : {}),
      ...(item.guidelines ? { guidelines: item.guidelines } : {}),
      accessUrl: item.accessUrl,
    });
  }

  /** Who may place an order: a buyer with a user record who is not a Seller. */
  private assertMayPurchase(caller: AuthContext): void {
    if (!caller.user) {
      throw new ForbiddenException('Your account is not set up yet. Please sign in again.');
    }
    if (caller.user.userRole === 'Seller') throw new ForbiddenException(SELLERS_CANNOT_PURCHASE);
  }

  /**
   * A new pending order for the caller: what was bought (`details`), priced from the stored
   * product's price in the store's currency, less the promo code's discount (the order reserves
   * one of its uses, given back if the order is not stored), and the billing details they typed,
   * dated today.
   */
  private async insertPending<K extends OrderKind>(
    kind: K,
    caller: AuthContext,
    /** The caller's network (addressKey), which a promo code's guesses count against too. */
    network: string,
    { promoCode, companyName, companyTaxId, ...billing }: BillingForm & { promoCode?: string },
    product: Product,
    details: Record<string, unknown>,
  ): Promise<OrderOfKind<K>> {
    const customerId = new Types.ObjectId(ownerIdOf(caller));
    // A bound on what one account can leave unpaid (orders are free to place). Counted before
    // the insert: buyers placing orders at once may pass it by those few, which bounds it still.
    const limit = this.config.openOrdersLimit;
    if (limit > 0) {
      // Of this kind: each kind has its own bound.
      const open = await this.model.countDocuments({
        customerId,
        kind,
        paymentStatus: paymentStatus.pending,
      });
      if (open >= limit) {
        throw new ConflictException(
          `You have ${limit} orders waiting for payment. Pay one of them first; unpaid orders are removed after ${Math.round(this.config.pendingOrderMs / 86_400_000)} days.`,
        );
      }
    }
    // The store's currency now: the order is shown and paid in it, whatever changes later.
    const currency = await this.storeCurrency.current();
    const priceCents = toCents(product.price);
    const _id = new Types.ObjectId();
    const reserved: ReservedUse | null = promoCode
      ? await this.promoCodes.reserve(
          promoCode,
          { buyerId: customerId.toHexString(), network },
          _id,
          {
            kind,
            productId: product._id,
            priceCents,
            currency,
            at: new Date(),
          },
        )
      : null;
    // The buyer country's tax of the day, kept with the order (an unknown country pays none).
    const tax = await this.invoices.taxFor(billing.country).catch(async (error: unknown) => {
      if (reserved) await this.promoCodes.release(_id);
      throw error;
    });
    const amounts = orderAmountsOf(priceCents, reserved?.discountCents ?? 0, tax);
    const order = {
      ...details,
      _id,
      kind,
      currency,
      packagePrice: priceCents / 100,
      processingFee: amounts.processingFee,
      totalPrice: amounts.total,
      ...(reserved
        ? {
            promo: {
              codeId: reserved.codeId,
              code: reserved.code,
              subtotal: amounts.subtotal,
              discount: amounts.discount,
            },
          }
        : {}),
      ...(tax ? { tax: { ...tax, amount: amounts.tax } } : {}),
      ...(companyName ? { companyName } : {}),
      ...(companyTaxId ? { companyTaxId } : {}),
      customerId,
      customerEmail: caller.email,
      customerName: billing.customerName,
      address: billing.address,
      country: billing.country,
      orderDate: formatOrderDate(new Date()),
      paymentStatus: paymentStatus.pending,
      orderStatus: orderStatus.pending,
    };
    try {
      return await this.insertWithCodes<K>(order);
    } catch (error) {
      if (reserved) await this.promoCodes.release(_id);
      throw error;
    }
  }

  /** Inserts an order under new orderId/paymentId codes, retrying when a code is taken. */
  private async insertWithCodes<K extends OrderKind>(
    fields: Record<string, unknown>,
  ): Promise<OrderOfKind<K>> {
    for (let attempt = 1; ; attempt++) {
      try {
        // Through the base model: `kind` picks the kind's schema.
        const created = await this.model.create({
          ...fields,
          orderId: newOrderCode(),
          paymentId: newOrderCode(),
        });
        const order = created.toObject() as unknown as OrderOfKind<K>;
        await this.totals.add(order.kind, 1);
        return order;
      } catch (error) {
        if (!isCodeCollision(error) || attempt >= MAX_CODE_ATTEMPTS) throw error;
      }
    }
  }
}

function isCodeCollision(error: unknown): boolean {
  if (!(error instanceof mongo.MongoServerError) || error.code !== 11000) return false;
  const keys = Object.keys((error.keyPattern as Record<string, unknown> | undefined) ?? {});
  return keys.includes('orderId') || keys.includes('paymentId');
}
