import { formatUsdFixed } from '@coldmail/ui';
import { priceBreakdownOf } from '../utils/pricing';
import styles from './Checkout.module.css';

interface PriceSummaryProps {
  price: number;
  /** Label of the first line: 'Package Price' or 'Item Price'. */
  priceLabel: string;
}

/** Price, processing fee and total, as the order will be charged. */
export function PriceSummary({ price, priceLabel }: PriceSummaryProps) {
  const breakdown = priceBreakdownOf(price);
  return (
    <dl className={styles.summary}>
      <dt>{priceLabel}</dt>
      <dd>{formatUsdFixed(breakdown.price)}</dd>
      <dt>Processing Fee</dt>
      <dd>{formatUsdFixed(breakdown.processingFee)}</dd>
      <dt className={styles.total}>Total</dt>
      <dd className={styles.total} data-testid="checkout-total">
        {formatUsdFixed(breakdown.total)}
      </dd>
    </dl>
  );
}
