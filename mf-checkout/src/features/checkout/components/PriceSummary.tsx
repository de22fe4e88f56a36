import { priceBreakdownOf } from '@coldmail/contracts/money';
import { formatUsd } from '@coldmail/ui';
import styles from './Checkout.module.css';

interface PriceSummaryProps {
  price: number;
  /** Label of the first line: 'Package Price' or 'Item Price'. */
  priceLabel: string;
}

/** Price, processing fee and total, as the server will price the order. */
export function PriceSummary({ price, priceLabel }: PriceSummaryProps) {
  const breakdown = priceBreakdownOf(price);
  return (
    <dl className={styles.summary}>
      <dt>{priceLabel}</dt>
      <dd>{formatUsd(breakdown.price)}</dd>
      <dt>Processing Fee</dt>
      <dd>{formatUsd(breakdown.processingFee)}</dd>
      <dt className={styles.total}>Total</dt>
      <dd className={styles.total} data-testid="checkout-total">
        {formatUsd(breakdown.total)}
      </dd>
    </dl>
  );
}
