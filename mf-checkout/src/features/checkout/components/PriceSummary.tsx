import type { PromoCodeQuote } from '@coldmail/contracts';
import { orderAmountsOf, toCents } from '@coldmail/contracts/money';
import { formatMoney, formatTaxLine } from '@coldmail/ui';
import type { CheckoutTax } from '../api/tax-rates';
import styles from './Checkout.module.css';

interface PriceSummaryProps {
  price: number;
  /** The store's currency, which the product's price is in. */
  currency: string;
  /** Label of the first line: 'Package Price' or 'Item Price'. */
  priceLabel: string;
  /** Label of the last line: 'Total', or the item checkout's 'Total Price'. */
  totalLabel?: string;
  /** The price with the promo code the buyer applied, as the API quoted it. */
  quote?: PromoCodeQuote | null;
  /** The tax of the buyer's country. */
  tax: CheckoutTax;
  /** The item checkout lists the processing fee only when one is charged. */
  hideZeroFee?: boolean;
  /** The item checkout's shaded box. */
  boxed?: boolean;
}

/**
 * Price, promo code discount, processing fee, the buyer country's tax and the total, computed as
 * the API will price the order (orderAmountsOf, with the quote's discount), to the cent.
 */
export function PriceSummary({
  price,
  currency,
  priceLabel,
  totalLabel = 'Total',
  quote,
  tax,
  hideZeroFee = false,
  boxed = false,
}: PriceSummaryProps) {
  const amounts = quote
    ? orderAmountsOf(toCents(Number(quote.subtotal)), toCents(Number(quote.discount)), tax.tax)
    : orderAmountsOf(toCents(price), 0, tax.tax);
  const money = (amount: string) => formatMoney(amount, quote?.currency ?? currency);
  return (
    <>
      <dl className={boxed ? styles.priceBox : styles.summary}>
        <dt>{priceLabel}</dt>
        <dd>{money(amounts.subtotal)}</dd>
        {quote && (
          <>
            <dt>Discount ({quote.code})</dt>
            <dd data-testid="checkout-discount">−{money(amounts.discount)}</dd>
          </>
        )}
        {!(hideZeroFee && Number(amounts.processingFee) === 0) && (
          <>
            <dt>Processing Fee</dt>
            <dd>{money(amounts.processingFee)}</dd>
          </>
        )}
        {tax.tax && (
          <>
            <dt>{formatTaxLine(tax.tax)}</dt>
            <dd data-testid="checkout-tax">{money(amounts.tax)}</dd>
          </>
        )}
        <dt className={styles.total}>{totalLabel}</dt>
        <dd className={styles.total} data-testid="checkout-total">
          {money(amounts.total)}
        </dd>
      </dl>
      {tax.failed && (
        <p className={styles.taxNote} role="status">
          The tax for your country could not be loaded: the order shows it before you pay.
        </p>
      )}
    </>
  );
}
