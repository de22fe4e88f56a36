import { isValid, parseISO } from 'date-fns';

// Money is written the same way everywhere, receipts by e-mail included: one formatter.
export { formatMoney, formatMoneyFixed } from '@coldmail/contracts/money';

// How every app writes money and dates, so a price reads the same on every screen.

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
