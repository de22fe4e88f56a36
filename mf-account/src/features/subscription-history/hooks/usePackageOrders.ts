import type { PackageOrder } from '@coldmail/contracts';
import { api, useSession, type ApiError } from '@coldmail/session';
import { useQuery } from '@tanstack/react-query';

export type PackageOrdersState =
  | { status: 'loading' }
  | { status: 'no-email' }
  | { status: 'error'; error: ApiError }
  | { status: 'loaded'; orders: PackageOrder[] };

/** The signed-in buyer's package orders. */
export function usePackageOrders(): PackageOrdersState {
  const status = useSession((state) => state.status);
  const email = useSession((state) => state.user?.email ?? null);
  const orders = useQuery({
    ...api.packageOrders.list.query({ query: { userEmail: email ?? '' } }),
    enabled: email !== null,
  });
  if (!email && status !== 'unknown') return { status: 'no-email' };
  if (orders.isError) return { status: 'error', error: orders.error };
  return orders.isSuccess ? { status: 'loaded', orders: orders.data } : { status: 'loading' };
}
