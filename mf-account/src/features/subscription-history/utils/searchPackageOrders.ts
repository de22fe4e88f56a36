import type { PackageOrder } from '@coldmail/contracts';

/** Spec: the search matches orderId, orderStatus or the package name, case-insensitively. */
export function searchPackageOrders(
  orders: readonly PackageOrder[],
  query: string,
): PackageOrder[] {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return [...orders];
  return orders.filter((order) =>
    [order.orderId, order.orderStatus, order.packageName].some((field) =>
      field?.toLowerCase().includes(wanted),
    ),
  );
}
