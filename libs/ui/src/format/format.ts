import { isValid, parseISO } from 'date-fns';

// How every app writes money and dates, so a price reads the same on every screen.

const moneyFormats = new Map<string, Intl.NumberFormat>();
const moneyFormatOf = (currency: string): Intl.NumberFormat => {
  let format = moneyFormats.get(currency);
  if (!format) {
    // The narrow symbol with the code after it reads the same way as the spec's '$9 USD'
    // ('€9.00 EUR', '$9.00 CAD'), and never mistakes one dollar for another.
    format = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    });
    moneyFormats.set(currency, format);
  }
  return format;
};

/**
 * An amount in its currency (an order's own, or the store's for the catalogue). US dollars as
 * the spec writes them: '$' + the amount as stored + ' USD' ('$9 USD', '$29.00 USD'); any other
 * currency as Intl.NumberFormat writes it, then its code ('€9.00 EUR'). A value that is not a
 * number, or a currency Intl does not know, shows as it came.
 */
export function formatMoney(amount: number | string, currency = 'USD'): string {
  if (currency === 'USD') return `$${amount} USD`;
  const value = Number(amount);
  if (!Number.isFinite(value)) return `${amount} ${currency}`;
  try {
    return `${moneyFormatOf(currency).format(value)} ${currency}`;
  } catch {
    return `${amount} ${currency}`;
  }
}

/**
 * The same with exactly two decimals, so the lines of a price breakdown align; a value that is
 * not a number shows as it came.
 */
export function formatMoneyFixed(amount: number | string, currency = 'USD'): string {
  const value = Number(amount);
  return formatMoney(Number.isFinite(value) ? value.toFixed(2) : amount, currency);
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
