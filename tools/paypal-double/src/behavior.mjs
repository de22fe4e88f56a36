// How the double misbehaves on purpose: declined or pending captures, a different captured amount,
// and injected outages. Checked strictly, because a typo in a test's setup should fail loudly
// rather than silently test the happy path.
import { CAPTURE_DECLINES } from './errors.mjs';

/**
 * COMPLETED is normal; PENDING, CAPTURE_DECLINED and CAPTURE_FAILED are a 201 whose capture is
 * not completed; DECLINED (INSTRUMENT_DECLINED) and the other capture declines are a 422.
 */
const CAPTURE_OUTCOMES = [
  'COMPLETED',
  'PENDING',
  'CAPTURE_DECLINED',
  'CAPTURE_FAILED',
  'DECLINED',
  ...Object.keys(CAPTURE_DECLINES),
];
const INVOICE_SETTINGS = ['block', 'allow'];
const REFUND_OUTCOMES = ['COMPLETED', 'IN_PROGRESS'];
const FAILURE_STATUSES = [500, 503, 429];
const OPERATIONS = ['token', 'create', 'get', 'capture', 'refund', 'verify'];

/** @typedef {import('../index.d.ts').PaypalBehavior} PaypalBehavior */

/** @returns {PaypalBehavior & { capture: string }} */
export const defaultBehavior = () => ({ capture: 'COMPLETED' });

/**
 * Merges `changes` into `current`; keys set to null go back to their default.
 * @throws {TypeError} on an unknown key or value
 */
export function mergeBehavior(current, changes) {
  if (changes === null || typeof changes !== 'object' || Array.isArray(changes)) {
    throw new TypeError('behavior must be an object');
  }
  const next = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === undefined) {
      if (key === 'capture') next.capture = 'COMPLETED';
      else delete next[key];
      continue;
    }
    switch (key) {
      case 'capture':
        if (!CAPTURE_OUTCOMES.includes(value)) {
          throw new TypeError(`capture must be one of ${CAPTURE_OUTCOMES.join(', ')}`);
        }
        next.capture = value;
        break;
      case 'duplicateInvoiceIds':
        if (!INVOICE_SETTINGS.includes(value)) {
          throw new TypeError(`duplicateInvoiceIds must be one of ${INVOICE_SETTINGS.join(', ')}`);
        }
        next.duplicateInvoiceIds = value;
        break;
      case 'refund':
        if (!REFUND_OUTCOMES.includes(value)) {
          throw new TypeError(`refund must be one of ${REFUND_OUTCOMES.join(', ')}`);
        }
        next.refund = value;
        break;
      case 'captureAmount':
        if (typeof value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(value)) {
          throw new TypeError('captureAmount must be a decimal string such as "9.99"');
        }
        next.captureAmount = value;
        break;
      case 'captureCurrency':
        if (typeof value !== 'string' || !/^[A-Z]{3}$/.test(value)) {
          throw new TypeError('captureCurrency must be a currency code such as "EUR"');
        }
        next.captureCurrency = value;
        break;
      case 'failNext': {
        const { status, times = 1, on } = value;
        if (!FAILURE_STATUSES.includes(status)) {
          throw new TypeError(`failNext.status must be one of ${FAILURE_STATUSES.join(', ')}`);
        }
        if (!Number.isInteger(times) || times < 1) {
          throw new TypeError('failNext.times must be a positive integer');
        }
        if (on !== undefined && !OPERATIONS.includes(on)) {
          throw new TypeError(`failNext.on must be one of ${OPERATIONS.join(', ')}`);
        }
        next.failNext = { status, times, ...(on ? { on } : {}) };
        break;
      }
      default:
        throw new TypeError(`unknown behavior ${key}`);
    }
  }
  return next;
}

/**
 * Counts down failNext for one REST operation; returns the status to fail with, if any.
 * Mutates `behavior` so the outage ends after `times` matching calls.
 */
export function takeFailure(behavior, operation) {
  const failure = behavior.failNext;
  if (!failure || (failure.on && failure.on !== operation)) return undefined;
  failure.times -= 1;
  if (failure.times <= 0) delete behavior.failNext;
  return failure.status;
}
