import { clsx } from 'clsx';
import styles from './Spinner.module.css';

export type SpinnerSize = 'sm' | 'md' | 'lg';

/** The spinning ring alone, hidden from assistive tech; the caller announces the busy state. */
export function SpinnerIcon({
  size = 'md',
  className,
}: {
  size?: SpinnerSize;
  className?: string;
}) {
  return <span aria-hidden="true" className={clsx(styles.icon, styles[size], className)} />;
}
