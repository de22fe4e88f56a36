import type { CreditPackage } from '@coldmail/contracts';
import { apiClient } from '@coldmail/session';

/** GET /packages (public): every credit package, in the order the admin keeps them. */
export async function fetchPackages(): Promise<CreditPackage[]> {
  const { data } = await apiClient.get<CreditPackage[]>('/packages');
  return data;
}
