import type { ComponentPropsWithoutRef } from 'react';
import { clsx } from 'clsx';
import styles from './Field.module.css';

/** Lays fields out two per row on desktop and one per row below 768px. */
export function FormGrid({ className, ...props }: ComponentPropsWithoutRef<'div'>) {
  return <div {...props} className={clsx(styles.grid, className)} />;
}

/** A FormGrid child that takes the whole row: messages, text areas, checkboxes, actions. */
export function FormRow({ className, ...props }: ComponentPropsWithoutRef<'div'>) {
  return <div {...props} className={clsx(styles.fullRow, className)} />;
}
