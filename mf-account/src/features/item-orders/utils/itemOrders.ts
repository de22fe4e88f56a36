import { isPaid, type ItemOrder } from '@coldmail/contracts';

/** Spec: item order lists are sorted client side, newest first. */
export function newestFirst(orders: readonly ItemOrder[]): ItemOrder[] {
  return [...orders].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** The item's access link, shown once the order is paid (the API only sends it then). */
export function accessLinkOf(order: ItemOrder): string | null {
  return isPaid(order) && order.accessUrl ? order.accessUrl : null;
}
