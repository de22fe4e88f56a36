import type { PaypalSettings } from '@coldmail/contracts';
import { api, readStateOf, type ReadState } from '@coldmail/session';
import { useQuery } from '@tanstack/react-query';

/** What the payment buttons need (GET /api/paypal-settings → { success, data }). */
export function usePaypalSettings(): ReadState<PaypalSettings> {
  return readStateOf(
    useQuery({ ...api.paypalSettings.get.query(), select: (answer) => answer.data }),
  );
}
