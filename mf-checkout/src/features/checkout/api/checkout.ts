import type {
  CreditPackage,
  Item,
  ItemOrder,
  NewItemOrderBody,
  NewOrderBody,
  PackageOrder,
} from '@coldmail/contracts';
import { apiClient } from '@coldmail/session';

/** GET /package/:id */
export async function fetchPackage(id: string): Promise<CreditPackage> {
  const { data } = await apiClient.get<CreditPackage>(`/package/${encodeURIComponent(id)}`);
  return data;
}

/** GET /item/:id → { success, data } */
export async function fetchItem(id: string): Promise<Item> {
  const { data } = await apiClient.get<{ success: true; data: Item }>(
    `/item/${encodeURIComponent(id)}`,
  );
  return data.data;
}

/** POST /new-order: the server prices the order from the stored package (403 for Sellers). */
export async function createPackageOrder(body: NewOrderBody): Promise<PackageOrder> {
  const { data } = await apiClient.post<PackageOrder>('/new-order', body);
  return data;
}

/** POST /new-item-order */
export async function createItemOrder(body: NewItemOrderBody): Promise<ItemOrder> {
  const { data } = await apiClient.post<ItemOrder>('/new-item-order', body);
  return data;
}
