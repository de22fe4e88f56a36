import type { ComponentPropsWithoutRef } from 'react';
import { clsx } from 'clsx';
import styles from './VisuallyHidden.module.css';

/** Text that screen readers announce but sighted users do not see. */
export function VisuallyHidden({ className, ...props }: ComponentPropsWithoutRef<'span'>) {
  return <span {...props} className={clsx(styles.visuallyHidden, className)} />;
}
