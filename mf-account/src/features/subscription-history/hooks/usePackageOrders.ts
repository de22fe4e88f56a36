import type { PackageOrder } from '@coldmail/contracts';
import { api, readStateOf, useSession, type ReadState } from '@coldmail/session';
import { useQuery } from '@coldmail/query';

export type PackageOrdersState = ReadState<PackageOrder[]> | { status: 'no-email' };

/** The signed-in buyer's package orders. */
export function usePackageOrders(): PackageOrdersState {
  const status = useSession((state) => state.status);
  const email = useSession((state) => state.user?.email ?? null);
  const orders = useQuery({
    ...api.packageOrders.list.query({ query: { userEmail: email ?? '' } }),
    enabled: email !== null,
  });
  if (!email && status !== 'unknown') return { status: 'no-email' };
  return readStateOf(orders);
}
