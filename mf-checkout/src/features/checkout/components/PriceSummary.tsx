import type { PromoCodeQuote } from '@coldmail/contracts';
import { priceBreakdownOf } from '@coldmail/contracts/money';
import { formatMoney } from '@coldmail/ui';
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
  /** The item checkout lists the processing fee only when one is charged. */
  hideZeroFee?: boolean;
  /** The item checkout's shaded box. */
  boxed?: boolean;
}

/** Price, promo code discount, processing fee and total, as the server will price the order. */
export function PriceSummary({
  price,
  currency,
  priceLabel,
  totalLabel = 'Total',
  quote,
  hideZeroFee = false,
  boxed = false,
}: PriceSummaryProps) {
  const breakdown = priceBreakdownOf(price);
  const lines = quote
    ? { price: quote.subtotal, processingFee: quote.processingFee, total: quote.total }
    : breakdown;
  const money = (amount: string) => formatMoney(amount, quote?.currency ?? currency);
  return (
    <dl className={boxed ? styles.priceBox : styles.summary}>
      <dt>{priceLabel}</dt>
      <dd>{money(lines.price)}</dd>
      {quote && (
        <>
          <dt>Discount ({quote.code})</dt>
          <dd data-testid="checkout-discount">−{money(quote.discount)}</dd>
        </>
      )}
      {!(hideZeroFee && Number(lines.processingFee) === 0) && (
        <>
          <dt>Processing Fee</dt>
          <dd>{money(lines.processingFee)}</dd>
        </>
      )}
      <dt className={styles.total}>{totalLabel}</dt>
      <dd className={styles.total} data-testid="checkout-total">
        {money(lines.total)}
      </dd>
    </dl>
  );
}
