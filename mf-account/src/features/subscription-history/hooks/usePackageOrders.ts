import type { PackageOrder } from '@coldmail/contracts';
import { useApiRequest, useSession, type RequestState } from '@coldmail/session';
import { fetchPackageOrders } from '../api/orders';

export type PackageOrdersState = RequestState<PackageOrder[]> | { status: 'no-email' };

/** The signed-in buyer's package orders. */
export function usePackageOrders(): PackageOrdersState {
  const status = useSession((state) => state.status);
  const email = useSession((state) => state.user?.email ?? null);
  const request = useApiRequest(email ? `orders:${email}` : null, () =>
    fetchPackageOrders(email ?? ''),
  );
  if (!email && status !== 'unknown') return { status: 'no-email' };
  return request;
}
