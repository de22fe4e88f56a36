import type { ItemOrder, PackageOrder } from '@coldmail/contracts';
import { api, readStateOf, useSession, type ReadState } from '@coldmail/session';
import { toast } from '@coldmail/ui';
import { useQuery, type UseQueryResult } from '@coldmail/query';
import { useEffect } from 'react';
import { pendingNewestFirst } from '../utils/pending';

function usePendingState<Order>(
  query: UseQueryResult<Order[]>,
  failureText: string,
  toastId: string,
): ReadState<Order[]> {
  const orders = readStateOf(query);
  const failed = orders.status === 'error';
  useEffect(() => {
    // One toast per failure, however often the screen renders.
    if (failed) toast.error(failureText, { id: toastId });
  }, [failed, failureText, toastId]);
  return orders;
}

const useSignedInEmail = () => useSession((state) => state.user?.email ?? null);

export function usePendingPackageOrders(): ReadState<PackageOrder[]> {
  const email = useSignedInEmail();
  const query = useQuery({
    ...api.packageOrders.list.query({ query: { userEmail: email ?? '' } }),
    enabled: email !== null,
    select: pendingNewestFirst,
  });
  return usePendingState(
    query,
    'Could not load orders. Please try again.',
    'package-orders-load-failed',
  );
}

export function usePendingItemOrders(): ReadState<ItemOrder[]> {
  const email = useSignedInEmail();
  const query = useQuery({
    ...api.itemOrders.list.query({ query: { userEmail: email ?? '' } }),
    enabled: email !== null,
    select: pendingNewestFirst,
  });
  return usePendingState(
    query,
    'Could not load item orders. Please try again.',
    'item-orders-load-failed',
  );
}
