import type { ItemOrder } from '@coldmail/contracts';
import { api, readStateOf, useSession, type ReadState } from '@coldmail/session';
import { toast } from '@coldmail/ui';
import { useQuery } from '@coldmail/query';
import { useEffect } from 'react';
import { newestFirst } from '../utils/itemOrders';

export const LOAD_FAILED_TEXT = 'Could not load item orders. Please try again.';

/** The signed-in buyer's item orders, newest first; a failure is also told in a toast. */
export function useItemOrders(): ReadState<ItemOrder[]> {
  const email = useSession((state) => state.user?.email ?? null);
  const orders = readStateOf(
    useQuery({
      ...api.itemOrders.list.query({ query: { userEmail: email ?? '' } }),
      enabled: email !== null,
      select: newestFirst,
    }),
  );
  const failed = orders.status === 'error';
  useEffect(() => {
    if (failed) toast.error(LOAD_FAILED_TEXT, { id: 'item-orders-load-failed' });
  }, [failed]);
  return orders;
}
