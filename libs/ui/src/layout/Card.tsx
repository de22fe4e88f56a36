import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import styles from './Layout.module.css';

export interface CardProps {
  title?: ReactNode;
  /** Buttons or links on the right of the header. */
  actions?: ReactNode;
  /** Drops the body padding, for a Table or list that should reach the card's edges. */
  flush?: boolean;
  className?: string;
  children?: ReactNode;
}

export function Card({ title, actions, flush = false, className, children }: CardProps) {
  return (
    <section className={clsx(styles.card, className)}>
      {(title || actions) && (
        <header className={styles.cardHeader}>
          {title && <h2 className={styles.cardTitle}>{title}</h2>}
          {actions && <div className={styles.actions}>{actions}</div>}
        </header>
      )}
      <div className={clsx(styles.cardBody, flush && styles.flush)}>{children}</div>
    </section>
  );
}
