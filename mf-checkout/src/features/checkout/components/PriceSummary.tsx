import { priceBreakdownOf } from '@coldmail/contracts/money';
import { formatMoney } from '@coldmail/ui';
import styles from './Checkout.module.css';

interface PriceSummaryProps {
  price: number;
  /** The store's currency, which the package's price is in. */
  currency: string;
  /** Label of the first line: 'Package Price' or 'Item Price'. */
  priceLabel: string;
}

/** Price, processing fee and total, as the server will price the order. */
export function PriceSummary({ price, currency, priceLabel }: PriceSummaryProps) {
  const breakdown = priceBreakdownOf(price);
  return (
    <dl className={styles.summary}>
      <dt>{priceLabel}</dt>
      <dd>{formatMoney(breakdown.price, currency)}</dd>
      <dt>Processing Fee</dt>
      <dd>{formatMoney(breakdown.processingFee, currency)}</dd>
      <dt className={styles.total}>Total</dt>
      <dd className={styles.total} data-testid="checkout-total">
        {formatMoney(breakdown.total, currency)}
      </dd>
    </dl>
  );
}
