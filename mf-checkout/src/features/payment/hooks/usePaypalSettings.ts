import type { PaypalSettings } from '@coldmail/contracts';
import { api, readStateOf, type ReadState } from '@coldmail/session';
import { useQuery } from '@coldmail/query';

/**
 * What the payment buttons need (GET /api/paypal-settings?view=payments → { success, data }):
 * what buyers see, also when an admin opens the page.
 */
export function usePaypalSettings(): ReadState<PaypalSettings> {
  return readStateOf(
    useQuery({
      ...api.paypalSettings.get.query({ query: { view: 'payments' } }),
      select: (answer) => answer.data,
    }),
  );
}
