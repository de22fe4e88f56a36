import type { ReactNode } from 'react';
import { Spinner } from './Spinner';
import styles from './Spinner.module.css';

/** Centred spinner that fills the content area while a screen's data loads. */
export function PageLoader({ label }: { label?: ReactNode }) {
  return (
    <div className={styles.pageLoader}>
      <Spinner size="lg" label={label} />
    </div>
  );
}
