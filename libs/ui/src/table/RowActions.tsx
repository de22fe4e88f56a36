import type { ComponentPropsWithoutRef } from 'react';
import { clsx } from 'clsx';
import styles from './Table.module.css';

export interface RowActionsProps extends ComponentPropsWithoutRef<'div'> {
  /** 'end' for an Actions column aligned right. */
  align?: 'start' | 'end';
}

/**
 * A table row's buttons, side by side on one line. Wrapped, they would stack and triple the
 * row's height; the row's other cells give way instead (a long e-mail wraps, a header takes two
 * lines), so the table still fits its box on a desktop.
 */
export function RowActions({ align = 'start', className, ...props }: RowActionsProps) {
  return (
    <div
      className={clsx(styles.rowActions, align === 'end' && styles.rowActionsEnd, className)}
      {...props}
    />
  );
}
