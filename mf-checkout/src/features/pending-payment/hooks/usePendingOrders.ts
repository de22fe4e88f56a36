import type { ItemOrder, PackageOrder } from '@coldmail/contracts';
import { useApiRequest, useSession } from '@coldmail/session';
import { toast } from '@coldmail/ui';
import { useEffect, useMemo } from 'react';
import { fetchItemOrders, fetchPackageOrders } from '../api/orders';
import { pendingNewestFirst } from '../utils/pending';

export type PendingOrdersState<Order> =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'loaded'; orders: Order[] };

function usePending<Order extends { paymentStatus: string; createdAt: string }>(
  kind: string,
  load: (email: string) => Promise<Order[]>,
  failureText: string,
): PendingOrdersState<Order> {
  const email = useSession((state) => state.user?.email ?? null);
  const request = useApiRequest(email ? `${kind}:${email}` : null, () => load(email ?? ''));
  const failed = request.status === 'error';
  useEffect(() => {
    // One toast per failure, however often the screen renders.
    if (failed) toast.error(failureText, { id: `${kind}-load-failed` });
  }, [failed, failureText, kind]);

  const orders = request.status === 'loaded' ? request.data : null;
  const pending = useMemo(() => (orders ? pendingNewestFirst(orders) : null), [orders]);
  if (request.status === 'error') return { status: 'error', retry: request.reload };
  return pending ? { status: 'loaded', orders: pending } : { status: 'loading' };
}

export function usePendingPackageOrders(): PendingOrdersState<PackageOrder> {
  return usePending(
    'package-orders',
    fetchPackageOrders,
    'Could not load orders. Please try again.',
  );
}

export function usePendingItemOrders(): PendingOrdersState<ItemOrder> {
  return usePending(
    'item-orders',
    fetchItemOrders,
    'Could not load item orders. Please try again.',
  );
}
