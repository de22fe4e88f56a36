import type { BillingForm } from '@coldmail/contracts';
import { useMe, useSession } from '@coldmail/session';
import { listedCountry } from '../utils/countries';

export interface Buyer {
  /** False while the user's record (role, name, address) is still loading. */
  ready: boolean;
  /**
   * The signed-in user's record could not be loaded: whether they may buy (a Seller may not) is
   * not known, so the form waits for a retry.
   */
  recordFailed: boolean;
  isSeller: boolean;
  /** The login e-mail, shown read-only; orders are always placed for it. */
  email: string;
  /** The billing form prefilled from the profile. */
  billingDefaults: BillingForm;
}

export function useBuyer(): Buyer {
  const status = useSession((state) => state.status);
  const { record: profile, status: profileStatus, isSeller } = useMe();
  const email = useSession((state) => state.user?.email ?? '');
  return {
    ready: profile !== null || profileStatus === 'error' || status === 'signed-out',
    recordFailed: profile === null && profileStatus === 'error' && status === 'signed-in',
    isSeller,
    email,
    billingDefaults: {
      customerName: profile?.userName ?? '',
      address: profile?.address ?? '',
      country: listedCountry(profile?.country),
    },
  };
}
