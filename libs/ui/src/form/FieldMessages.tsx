import type { ReactNode } from 'react';
import styles from './Field.module.css';

interface FieldMessagesProps {
  hint?: ReactNode;
  error?: ReactNode;
  hintId: string;
  errorId: string;
}

/** Hint and error lines under a control; the error is announced as soon as it appears. */
export function FieldMessages({ hint, error, hintId, errorId }: FieldMessagesProps) {
  return (
    <>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className={styles.error}>
          {error}
        </p>
      )}
    </>
  );
}
