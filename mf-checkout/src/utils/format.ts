import { format, isValid, parseISO } from 'date-fns';

/** Spec: amounts as '$' + amount + ' USD'; always two decimals so a breakdown lines up. */
export function formatUsd(amount: number | string): string {
  const value = Number(amount);
  return `$${Number.isFinite(value) ? value.toFixed(2) : amount} USD`;
}

/** An ISO timestamp in short English form ('Mar 5, 2026'); empty when it is not a date. */
export function formatDate(iso: string | undefined): string {
  const date = iso ? parseISO(iso) : null;
  return date && isValid(date) ? format(date, 'MMM d, yyyy') : '';
}
