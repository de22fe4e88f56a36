import type { ReactNode } from 'react';
import styles from './Field.module.css';

/** The asterisk is decorative: the control's own `required` tells assistive tech. */
export function FieldLabel({
  htmlFor,
  required,
  children,
}: {
  htmlFor: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor} className={styles.label}>
      {children}
      {required && (
        <span aria-hidden="true" className={styles.required}>
          *
        </span>
      )}
    </label>
  );
}
