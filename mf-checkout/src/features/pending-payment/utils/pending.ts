import { isPending } from '@coldmail/contracts';

interface OrderLike {
  paymentStatus: string;
  createdAt: string;
}

/** The pending orders, newest first (the API's order is not relied on). */
export function pendingNewestFirst<Order extends OrderLike>(orders: readonly Order[]): Order[] {
  return orders.filter(isPending).sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
