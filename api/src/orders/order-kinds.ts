import { parseAmountToCents, toCents } from '@coldmail/contracts';
import type { ItemOrderData } from './schemas/item-order.schema';
import type { OrderKind } from './schemas/order.schema';
import type { PackageOrderData } from './schemas/package-order.schema';

export type { OrderKind } from './schemas/order.schema';

/** A stored order of either kind: `kind` tells them apart. */
export type AnyOrder = PackageOrderData | ItemOrderData;

/** The stored order of one kind. */
export type OrderOfKind<K extends OrderKind> = Extract<AnyOrder, { kind: K }>;

/** How the audit log names an order of each kind. */
export const auditKindOf = (kind: OrderKind): 'order' | 'item-order' =>
  kind === 'package' ? 'order' : 'item-order';

/** What the buyer pays for an order, in cents (orders store it as a 2-decimal string). */
export function totalCentsOf(order: { totalPrice: string }): number {
  return parseAmountToCents(order.totalPrice) ?? toCents(Number(order.totalPrice));
}

/** What the payment metrics count of an order: its whole price. */
export function moneyOf(order: AnyOrder) {
  // The currency the PayPal order was created in, which every paid order has.
  return { kind: order.kind, currency: order.currency ?? 'unknown', cents: totalCentsOf(order) };
}
