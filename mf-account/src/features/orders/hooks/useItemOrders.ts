import type { ItemOrder } from '@coldmail/contracts';
import { api, useSession } from '@coldmail/session';
import { toast } from '@coldmail/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { newestFirst } from '../utils/itemOrders';

export const LOAD_FAILED_TEXT = 'Could not load item orders. Please try again.';

export type ItemOrdersState =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'loaded'; orders: ItemOrder[] };

export function useItemOrders(): ItemOrdersState {
  const email = useSession((state) => state.user?.email ?? null);
  const orders = useQuery({
    ...api.itemOrders.list.query({ query: { userEmail: email ?? '' } }),
    enabled: email !== null,
    select: newestFirst,
  });
  // A retry shows the loader again, as the first load did.
  const failed = orders.isError && !orders.isFetching;
  useEffect(() => {
    if (failed) toast.error(LOAD_FAILED_TEXT, { id: 'item-orders-load-failed' });
  }, [failed]);

  if (failed) return { status: 'error', retry: () => void orders.refetch() };
  return orders.isSuccess ? { status: 'loaded', orders: orders.data } : { status: 'loading' };
}
