import type { ItemOrder } from '@coldmail/contracts';
import { useApiRequest, useSession } from '@coldmail/session';
import { toast } from '@coldmail/ui';
import { useEffect, useMemo } from 'react';
import { fetchItemOrders } from '../api/itemOrders';
import { newestFirst } from '../utils/itemOrders';

export const LOAD_FAILED_TEXT = 'Could not load item orders. Please try again.';

export type ItemOrdersState =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'loaded'; orders: ItemOrder[] };

export function useItemOrders(): ItemOrdersState {
  const email = useSession((state) => state.user?.email ?? null);
  const request = useApiRequest(email ? `item-orders:${email}` : null, () =>
    fetchItemOrders(email ?? ''),
  );
  const failed = request.status === 'error';
  useEffect(() => {
    if (failed) toast.error(LOAD_FAILED_TEXT, { id: 'item-orders-load-failed' });
  }, [failed]);
  const data = request.status === 'loaded' ? request.data : null;
  const orders = useMemo(() => (data ? newestFirst(data) : null), [data]);

  if (request.status === 'error') return { status: 'error', retry: request.reload };
  return orders ? { status: 'loaded', orders } : { status: 'loading' };
}
