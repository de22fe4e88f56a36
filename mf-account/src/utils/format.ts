import { format, isValid, parseISO } from 'date-fns';

/** Spec: amounts as '$' + the stored amount + ' USD'. */
export function usdText(amount: number | string): string {
  return `$${amount} USD`;
}

/** An ISO timestamp in short English form ('Mar 5, 2026'); empty when it is not a date. */
export function formatDate(iso: string | undefined): string {
  const date = iso ? parseISO(iso) : null;
  return date && isValid(date) ? format(date, 'MMM d, yyyy') : '';
}
