import type { ItemOrder } from '@coldmail/contracts';
import { apiClient } from '@coldmail/session';

/** GET /item-orders?userEmail= — the signed-in buyer's item orders; accessUrl only once paid. */
export async function fetchItemOrders(userEmail: string): Promise<ItemOrder[]> {
  const { data } = await apiClient.get<ItemOrder[]>('/item-orders', { params: { userEmail } });
  return data;
}
