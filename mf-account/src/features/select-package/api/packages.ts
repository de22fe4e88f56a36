import type { CreditPackage } from '@coldmail/contracts';
import { apiClient } from '@coldmail/session';

/** GET /packages — the credit packages on sale. */
export async function fetchPackages(): Promise<CreditPackage[]> {
  const { data } = await apiClient.get<CreditPackage[]>('/packages');
  return data;
}
