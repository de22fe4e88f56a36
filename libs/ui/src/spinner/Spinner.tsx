import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import { VisuallyHidden } from '../visually-hidden/VisuallyHidden';
import { SpinnerIcon, type SpinnerSize } from './SpinnerIcon';
import styles from './Spinner.module.css';

export interface SpinnerProps {
  size?: SpinnerSize;
  /** Visible text beside the spinner, e.g. 'Loading payment details...'. */
  label?: ReactNode;
  /** Announced to screen readers when there is no visible label. */
  srLabel?: string;
  className?: string;
}

export function Spinner({ size = 'md', label, srLabel = 'Loading...', className }: SpinnerProps) {
  return (
    <span role="status" className={clsx(styles.spinner, className)}>
      <SpinnerIcon size={size} />
      {label ? (
        <span className={styles.label}>{label}</span>
      ) : (
        <VisuallyHidden>{srLabel}</VisuallyHidden>
      )}
    </span>
  );
}
