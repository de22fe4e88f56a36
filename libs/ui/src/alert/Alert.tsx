import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import styles from './Alert.module.css';

export interface AlertProps {
  tone?: 'success' | 'error' | 'warning' | 'info';
  title?: ReactNode;
  children?: ReactNode;
  /** Makes the alert dismissible with a close button labelled 'Dismiss'. */
  onDismiss?: () => void;
  className?: string;
}

/** Inline message. Errors interrupt screen readers (role=alert); other tones wait politely. */
export function Alert({ tone = 'info', title, children, onDismiss, className }: AlertProps) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={clsx(styles.alert, styles[tone], className)}
    >
      <div className={styles.content}>
        {title && <p className={styles.title}>{title}</p>}
        {children}
      </div>
      {onDismiss && (
        <button type="button" className={styles.dismiss} aria-label="Dismiss" onClick={onDismiss}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}
