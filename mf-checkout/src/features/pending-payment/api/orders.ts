import type { ItemOrder, PackageOrder } from '@coldmail/contracts';
import { apiClient } from '@coldmail/session';

/** GET /orders?userEmail= — the signed-in buyer's package orders, newest first. */
export async function fetchPackageOrders(userEmail: string): Promise<PackageOrder[]> {
  const { data } = await apiClient.get<PackageOrder[]>('/orders', { params: { userEmail } });
  return data;
}

/** GET /item-orders?userEmail= — the signed-in buyer's item orders. */
export async function fetchItemOrders(userEmail: string): Promise<ItemOrder[]> {
  const { data } = await apiClient.get<ItemOrder[]>('/item-orders', { params: { userEmail } });
  return data;
}
