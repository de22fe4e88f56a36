import type { ReactNode } from 'react';
import { PricingIcon } from './PricingIcon';
import styles from './PricingCard.module.css';

export interface PricingCardProps {
  /** The card's heading, which also names it. */
  title: string;
  /** Where the heading sits in the page's outline. */
  headingLevel: 2 | 3;
  /** Already formatted, e.g. '$29 USD'. */
  price: ReactNode;
  /** Image URL; a default icon shows when there is none or it fails to load. */
  iconUrl?: string;
  /** A line under the price, e.g. '300 credits · 30 days'. */
  details?: ReactNode;
  /** Feature bullets, in order. */
  features: readonly string[];
  /** What to do with the offer, e.g. a 'Buy Now' ButtonLink. */
  action: ReactNode;
}

/** One offer in a pricing grid: icon, title, price, features and its call to action. */
export function PricingCard({
  title,
  headingLevel,
  price,
  iconUrl,
  details,
  features,
  action,
}: PricingCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className={styles.card} aria-label={title}>
      <PricingIcon src={iconUrl} />
      <Heading className={styles.title}>{title}</Heading>
      <p className={styles.price}>{price}</p>
      {details && <p className={styles.details}>{details}</p>}
      <ul className={styles.features}>
        {features.map((feature, index) => (
          <li key={index}>{feature}</li>
        ))}
      </ul>
      {action}
    </article>
  );
}
