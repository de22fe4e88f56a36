import type { ReactNode } from 'react';
import { paths } from '@coldmail/registry/pages';
import { Link } from '@coldmail/router';
import styles from './AuthCard.module.css';

/** The frame of the sign-in screens: a card with a title and a close link back home. */
export function AuthCard({
  title,
  subtitle,
  aside,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={styles.page}>
      <div className={aside ? `${styles.card} ${styles.withAside}` : styles.card}>
        <Link to={paths.home} className={styles.close} aria-label="Close">
          ×
        </Link>
        <div className={styles.body}>
          <h1 className={styles.title}>{title}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          {children}
        </div>
        {aside && <aside className={styles.aside}>{aside}</aside>}
      </div>
    </div>
  );
}
