import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  isPaid,
  type ItemOrder as ItemOrderRecord,
  type NewItemOrderBody,
} from '@coldmail/contracts';
import { Types, type Model } from 'mongoose';
import type { AuthContext } from '../auth/auth-context';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import { ItemsService } from '../items/items.service';
import { mayView } from './order-access';
import { PayableOrdersService } from './payable-orders.service';
import { StoreCurrency } from '../packages/store-currency';
import { ItemOrder, ItemOrderData } from './schemas/item-order.schema';
import type { PayableOrder } from './schemas/payable-order.schema';

/** Orders for digital items. */
@Injectable()
export class ItemOrdersService extends PayableOrdersService<ItemOrderData> {
  constructor(
    @InjectModel(ItemOrder.name) orders: Model<ItemOrder>,
    private readonly items: ItemsService,
    storeCurrency: StoreCurrency,
    @InjectConfig() config: AppConfig,
  ) {
    super(orders as unknown as Model<PayableOrder>, storeCurrency, config);
  }

  /** A pending order for an item, priced from the stored item. */
  async create(caller: AuthContext, body: NewItemOrderBody): Promise<ItemOrderData> {
    this.assertMayPurchase(caller);
    const item = await this.items.findById(body.itemId);
    if (!item) throw new NotFoundException('Item not found');
    return this.insertPending(caller, body, item.price, {
      itemId: new Types.ObjectId(item._id),
      packageName: item.name,
      slug: item.slug,
      ...(item.imageUrl ? { imageUrl: item.imageUrl } : {}),
      ...(item.guidelines ? { guidelines: item.guidelines } : {}),
      accessUrl: item.accessUrl,
    });
  }

  protected paidFields(): Record<string, unknown> {
    return {};
  }
}

/**
 * The API's shape of an item order. accessUrl is included only once the order is paid, and only
 * for its buyer or an admin.
 */
export function toItemOrderRecord(order: ItemOrderData, caller: AuthContext): ItemOrderRecord {
  const itemId = order.itemId.toHexString();
  const revealAccess = isPaid(order) && mayView(order, caller);
  return {
    _id: order._id.toHexString(),
    orderId: order.orderId,
    paymentId: order.paymentId,
    itemId,
    packageId: itemId,
    packageName: order.packageName,
    packagePrice: order.packagePrice,
    processingFee: order.processingFee,
    totalPrice: order.totalPrice,
    paymentStatus: order.paymentStatus,
    orderStatus: order.orderStatus,
    ...(order.paymentMethod ? { paymentMethod: order.paymentMethod } : {}),
    customerEmail: order.customerEmail,
    customerName: order.customerName,
    address: order.address,
    country: order.country,
    orderDate: order.orderDate,
    currency: order.currency ?? 'USD',
    slug: order.slug,
    ...(order.imageUrl ? { imageUrl: order.imageUrl } : {}),
    ...(order.guidelines ? { guidelines: order.guidelines } : {}),
    ...(revealAccess ? { accessUrl: order.accessUrl } : {}),
    ...(order.paypalTransactionID ? { paypalTransactionID: order.paypalTransactionID } : {}),
    ...(order.payerEmail ? { payerEmail: order.payerEmail } : {}),
    ...(order.captureTime ? { captureTime: order.captureTime } : {}),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}
