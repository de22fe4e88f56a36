// Identifiers in PayPal's formats, so code that validates them (length, alphabet) accepts ours.
import { createHash, randomInt } from 'node:crypto';

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** PayPal's account ids leave out 0, 1, I and O (`^[2-9A-HJ-NP-Z]{13}$` in its API documents). */
const ACCOUNT_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Order and capture ids: 17 upper-case alphanumerics, e.g. 5O190127TN364715T. */
export function resourceId(length = 17) {
  let id = '';
  for (let i = 0; i < length; i += 1) id += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return id;
}

/** Payer and merchant ids (13 characters) are stable per account, so derive them from the email. */
export function accountId(email) {
  const digest = createHash('sha256').update(email.toLowerCase()).digest();
  let id = '';
  for (let i = 0; i < 13; i += 1) id += ACCOUNT_ALPHABET[digest[i] % ACCOUNT_ALPHABET.length];
  return id;
}

/** PayPal's timestamps have no milliseconds: 2024-05-01T10:00:00Z. */
export const isoNow = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
