import type { PromoCodeQuote } from '@coldmail/contracts';
import { useMutation } from '@coldmail/query';
import { api, toApiError } from '@coldmail/session';

/** The product at checkout, as the quote and the order name it. */
type CheckoutProduct = { packageId: string } | { itemId: string };

export interface PromoCode {
  /** The price with the code the buyer applied, as the API quoted it; null without one. */
  applied: PromoCodeQuote | null;
  /** Why the API refused the code the buyer typed ('This code has expired.'), shown under it. */
  refusal: string | null;
  applying: boolean;
  apply(code: string): void;
  /** Removes the applied code, or the refusal of one, so the buyer pays the full price. */
  clear(): void;
}

/** Why a code was refused, in the API's words when it gave some. */
function refusalOf(error: unknown): string {
  const { status, message, fieldErrors } = toApiError(error);
  if (status >= 400 && status < 500) return Object.values(fieldErrors)[0] ?? message;
  return 'The code could not be checked. Please try again.';
}

/**
 * A promo code at checkout: Apply asks the API what the product costs with it (nothing is
 * reserved until the order is placed with it).
 */
export function usePromoCode(product: CheckoutProduct): PromoCode {
  const quote = useMutation({
    mutationFn: (code: string) => api.promoCodes.quote({ body: { code, ...product } }),
  });
  return {
    applied: quote.data ?? null,
    refusal: quote.error ? refusalOf(quote.error) : null,
    applying: quote.isPending,
    apply: (code) => quote.mutate(code),
    clear: () => quote.reset(),
  };
}
