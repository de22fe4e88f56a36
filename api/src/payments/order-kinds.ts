import { Injectable } from '@nestjs/common';
import { ItemOrdersService } from '../orders/item-orders.service';
import { PackageOrdersService } from '../orders/package-orders.service';

/** The two kinds of paid order: credit packages and digital items. */
export type OrderKind = 'package' | 'item';

/** How the audit log names an order of each kind. */
export const auditKindOf = (kind: OrderKind): 'order' | 'item-order' =>
  kind === 'package' ? 'order' : 'item-order';

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
