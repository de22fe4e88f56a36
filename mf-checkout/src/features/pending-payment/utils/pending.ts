interface OrderLike {
  paymentStatus: string;
  createdAt: string;
}

/** Spec: an order is pending while its paymentStatus is 'pending', compared case-insensitively. */
export function isPending(order: Pick<OrderLike, 'paymentStatus'>): boolean {
  return order.paymentStatus.trim().toLowerCase() === 'pending';
}

/** The pending orders, newest first (the API's order is not relied on). */
export function pendingNewestFirst<Order extends OrderLike>(orders: readonly Order[]): Order[] {
  return orders.filter(isPending).sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}
