import type { Item } from '@coldmail/contracts';
import { apiClient } from '@coldmail/session';

/** GET /item/:id (public): the item for sale, without its access link. */
export async function fetchItem(id: string): Promise<Item> {
  const { data } = await apiClient.get<{ success: boolean; data: Item }>(`/item/${id}`);
  return data.data;
}
