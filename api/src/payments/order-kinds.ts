import { Injectable } from '@nestjs/common';
import { ItemOrdersService } from '../orders/item-orders.service';
import { PackageOrdersService } from '../orders/package-orders.service';
import { totalCentsOf } from '../orders/payable-orders.service';
import type { ItemOrderData } from '../orders/schemas/item-order.schema';
import type { PackageOrderData } from '../orders/schemas/package-order.schema';

/** The two kinds of paid order: credit packages and digital items. */
export type OrderKind = 'package' | 'item';

/** How the audit log names an order of each kind. */
export const auditKindOf = (kind: OrderKind): 'order' | 'item-order' =>
  kind === 'package' ? 'order' : 'item-order';

/** What the payment metrics count of an order: its whole price. */
export function moneyOf(kind: OrderKind, order: PackageOrderData | ItemOrderData) {
  // The currency the PayPal order was created in, which every paid order has.
  return { kind, currency: order.currency ?? 'unknown', cents: totalCentsOf(order) };
}

/** Where each kind of order is kept: the one place payments tell the two apart by service. */
@Injectable()
export class OrderKinds {
  constructor(
    private readonly packageOrders: PackageOrdersService,
    private readonly itemOrders: ItemOrdersService,
  ) {}

  ordersOf(kind: OrderKind): PackageOrdersService | ItemOrdersService {
    return kind === 'package' ? this.packageOrders : this.itemOrders;
  }
}
