// Amounts as PayPal checks them: decimal strings, exact minor-unit arithmetic (no floats, so
// 0.1 + 0.2 equals 0.30 here exactly as it does at PayPal).
import { detail } from './errors.mjs';

/** https://developer.paypal.com/api/rest/reference/currency-codes/ */
const CURRENCIES = new Set(
  'AUD BRL CAD CNY CZK DKK EUR HKD HUF ILS JPY MYR MXN TWD NZD NOK PHP PLN GBP SGD SEK CHF THB USD'.split(
    ' ',
  ),
);
const ZERO_DECIMAL = new Set(['HUF', 'JPY', 'TWD']);
/** PayPal's own pattern for `value`. */
const VALUE_PATTERN = /^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/;

export const decimalsOf = (currency) => (ZERO_DECIMAL.has(currency) ? 0 : 2);

/**
 * Checks one money object and returns its value in minor units (cents), or null after pushing
 * PayPal's issues into `errors` (`bad` for 400 issues, `unprocessable` for 422 ones).
 *
 * @param {unknown} money
 * @param {string} field  JSON pointer PayPal would report, e.g. "/purchase_units/@reference_id=='default'/amount"
 * @param {{ bad: import('./errors.mjs').ErrorDetail[], unprocessable: import('./errors.mjs').ErrorDetail[] }} errors
 * @param {{ positive?: boolean }} [rules]  positive: the order total must be > 0; breakdown parts only >= 0
 * @returns {bigint | null}
 */
export function checkMoney(money, field, errors, { positive = false } = {}) {
  if (money === null || typeof money !== 'object') {
    errors.bad.push(detail('MISSING_REQUIRED_PARAMETER', field));
    return null;
  }
  const { currency_code: currency, value } = /** @type {Record<string, unknown>} */ (money);
  let ok = true;
  if (currency === undefined) {
    errors.bad.push(detail('MISSING_REQUIRED_PARAMETER', `${field}/currency_code`));
    ok = false;
  } else if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    errors.bad.push(detail('INVALID_PARAMETER_SYNTAX', `${field}/currency_code`, currency));
    ok = false;
  } else if (!CURRENCIES.has(currency)) {
    errors.unprocessable.push(detail('INVALID_CURRENCY_CODE', `${field}/currency_code`, currency));
    ok = false;
  }
  if (value === undefined) {
    errors.bad.push(detail('MISSING_REQUIRED_PARAMETER', `${field}/value`));
    return null;
  }
  if (typeof value !== 'string' || value.length > 32 || !VALUE_PATTERN.test(value)) {
    errors.bad.push(detail('INVALID_PARAMETER_SYNTAX', `${field}/value`, value));
    return null;
  }
  if (!ok) return null;
  const allowed = decimalsOf(/** @type {string} */ (currency));
  const fraction = value.split('.')[1] ?? '';
  if (fraction.length > allowed) {
    const issue = allowed === 0 ? 'DECIMALS_NOT_SUPPORTED' : 'DECIMAL_PRECISION';
    errors.unprocessable.push(detail(issue, `${field}/value`, value));
    return null;
  }
  const minor = toMinor(value, allowed);
  if (positive ? minor <= 0n : minor < 0n) {
    const issue = positive ? 'CANNOT_BE_ZERO_OR_NEGATIVE' : 'CANNOT_BE_NEGATIVE';
    errors.unprocessable.push(detail(issue, `${field}/value`, value));
    return null;
  }
  return minor;
}

/** "12.5" → 1250n with 2 decimals. The value already matched VALUE_PATTERN. */
export function toMinor(value, decimals) {
  const negative = value.startsWith('-');
  const [whole, fraction = ''] = value.replace('-', '').split('.');
  const minor = BigInt(`${whole || '0'}${fraction.padEnd(decimals, '0')}`);
  return negative ? -minor : minor;
}

/** 1250n → "12.50" with 2 decimals: the form PayPal echoes amounts back in. */
export function fromMinor(minor, decimals) {
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals ? `.${digits.slice(-decimals)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}
