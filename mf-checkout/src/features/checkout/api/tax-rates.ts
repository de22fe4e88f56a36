import { useQuery } from '@coldmail/query';
import { api } from '@coldmail/session';
import { countryCodeOf } from '../utils/countries';

/** The tax a buyer country pays, before its amount is known. */
interface CountryTax {
  label: string;
  rate: number;
  /** True: the price contains it; false: it is added to the price. */
  inclusive: boolean;
}

export interface CheckoutTax {
  /** The store's rates are still loading. */
  pending: boolean;
  /** They could not be loaded: the tax is not known here (the pay-now page shows the order's). */
  failed: boolean;
  /** The chosen country's tax; null where it pays none, or none is chosen yet. */
  tax: CountryTax | null;
}

/**
 * The tax of the country chosen at checkout (its English name, as the billing form lists it), as
 * the API will place the order with it: the country's rate under the store's rates, none for a
 * country without one or with a rate of 0.
 */
export function useCheckoutTax(countryName: string): CheckoutTax {
  const rates = useQuery(api.invoices.taxRates.query());
  const code = countryName ? countryCodeOf(countryName) : undefined;
  const rate = code ? rates.data?.rates.find((each) => each.country === code) : undefined;
  return {
    pending: rates.isPending,
    failed: rates.isError,
    tax:
      rates.data && rate && rate.rate > 0
        ? { label: rate.label, rate: rate.rate, inclusive: rates.data.pricesIncludeTax }
        : null,
  };
}
