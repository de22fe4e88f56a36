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

const taxRate = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/**
 * A tax line's name, as checkout, the pay-now pages and invoices write it: 'VAT (20 %)' where the
 * tax is added to the price, 'Includes VAT (20 %)' where the price contains it.
 */
export function formatTaxLine(tax: { label: string; rate: number; inclusive: boolean }): string {
  const name = `${tax.label} (${taxRate.format(tax.rate)} %)`;
  return tax.inclusive ? `Includes ${name}` : name;
}
