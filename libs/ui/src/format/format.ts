import { isValid, parseISO } from 'date-fns';

// How every app writes money and dates, so a price reads the same on every screen.

/** Spec: an amount as '$' + the amount as stored + ' USD' ('$9 USD', '$29.00 USD'). */
export function formatUsd(amount: number | string): string {
  return `$${amount} USD`;
}

/**
 * The same with exactly two decimals, so the lines of a price breakdown align; a value that is
 * not a number shows as it came.
 */
export function formatUsdFixed(amount: number | string): string {
  const value = Number(amount);
  return formatUsd(Number.isFinite(value) ? value.toFixed(2) : amount);
}

// The browser's own formatter writes 'Mar 5, 2026' in local time, as date-fns' 'MMM d, yyyy'
// does, without shipping date-fns' formatting tables to every page that shows a date.
const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

/** An ISO timestamp in short English form ('Mar 5, 2026'); empty when it is not a date. */
export function formatDate(iso: string | undefined): string {
  const date = iso ? parseISO(iso) : null;
  return date && isValid(date) ? shortDate.format(date) : '';
}
