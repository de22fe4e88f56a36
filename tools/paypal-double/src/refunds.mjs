// Payments v2 refunds: a capture given back in whole or in parts, by the merchant's server (the
// REST API) or in PayPal's dashboard (the events the double sends), each refund kept on its
// order's purchase unit and readable by its id, as its `self` link promises.
import {
  detail,
  invalidRequest,
  previousRequestInProgress,
  resourceNotFound,
  unprocessable,
} from './errors.mjs';
import { isoNow, resourceId } from './ids.mjs';
import { checkMoney, decimalsOf, fromMinor, toMinor } from './money.mjs';

/** Why a capture in each state cannot be refunded (Payments v2's issues). */
const NOT_REFUNDABLE = {
  REFUNDED: 'CAPTURE_FULLY_REFUNDED',
  PENDING: 'PENDING_CAPTURE',
  DECLINED: 'REFUND_NOT_ALLOWED',
  FAILED: 'REFUND_NOT_ALLOWED',
};

/**
 * @param {{ baseUrl: () => string, orders: ReturnType<typeof import('./orders.mjs').createOrderStore> }} options
 */
export function createRefunds({ baseUrl, orders }) {
  /** PayPal-Request-Id → the first successful reply. */
  const replies = new Map();

  /**
   * POST /v2/payments/captures/:id/refund. Without an amount, what is left of the capture; with
   * one (`{ value, currency_code }`), that part of it, in the capture's currency and no more than
   * is left. The capture is then PARTIALLY_REFUNDED or REFUNDED. The answer is `{ id, status,
   * links }` unless `Prefer: return=representation` asks for the whole refund. A replay of a
   * PayPal-Request-Id gets the first answer, 201 again: the only success the document lists.
   * @returns {{ status: number, body: any }}
   */
  function refund(captureId, { requestId, prefer, noteToPayer, amount, behavior = {} } = {}) {
    const key = requestId ? `refund:${requestId}` : null;
    if (key && replies.has(key)) return structuredClone(replies.get(key));
    if (behavior.refund === 'IN_PROGRESS') return previousRequestInProgress();
    const found = orders.findCapture(captureId);
    if (!found) return resourceNotFound('capture_id', captureId);
    const { capture, unit } = found;
    const refusal = NOT_REFUNDABLE[capture.status];
    if (refusal) return unprocessable([detail(refusal, undefined, undefined, 'path')]);
    const currency = capture.amount.currency_code;
    const decimals = decimalsOf(currency);
    const left = leftOf(capture);
    let minor = left;
    if (amount !== undefined) {
      const errors = { bad: [], unprocessable: [] };
      const asked = checkMoney(amount, '/amount', errors, { positive: true });
      if (errors.bad.length) return invalidRequest(errors.bad);
      if (errors.unprocessable.length) return unprocessable(errors.unprocessable);
      if (amount.currency_code !== currency) {
        return unprocessable([
          detail('REFUND_CAPTURE_CURRENCY_MISMATCH', '/amount/currency_code', amount.currency_code),
        ]);
      }
      if (asked === null || asked > left) {
        return unprocessable([detail('REFUND_AMOUNT_EXCEEDED', '/amount/value', amount.value)]);
      }
      minor = asked;
    }
    const now = isoNow();
    const refundId = resourceId();
    const refunded = {
      id: refundId,
      status: 'COMPLETED',
      amount: { currency_code: currency, value: fromMinor(minor, decimals) },
      ...(unit.invoice_id === undefined ? {} : { invoice_id: unit.invoice_id }),
      ...(unit.custom_id === undefined ? {} : { custom_id: unit.custom_id }),
      ...(noteToPayer ? { note_to_payer: noteToPayer } : {}),
      create_time: now,
      update_time: now,
      links: [
        { href: `${baseUrl()}/v2/payments/refunds/${refundId}`, rel: 'self', method: 'GET' },
        { href: `${baseUrl()}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
      ],
    };
    capture.status = minor === left ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    capture.update_time = now;
    unit.payments.refunds = [...(unit.payments.refunds ?? []), refunded];
    const body = /return=representation/i.test(prefer ?? '')
      ? structuredClone(refunded)
      : { id: refundId, status: refunded.status, links: structuredClone(refunded.links) };
    const reply = { status: 201, body };
    if (key) replies.set(key, structuredClone(reply));
    return reply;
  }

  /** GET /v2/payments/refunds/:id. */
  function get(refundId) {
    const found = find(refundId);
    if (!found) return resourceNotFound('refund_id', refundId);
    return { status: 200, body: structuredClone(found) };
  }

  /** A stored refund by id (mutable), or undefined. */
  function find(refundId) {
    for (const unit of orders.paidUnits()) {
      const found = unit.payments.refunds?.find((candidate) => candidate.id === refundId);
      if (found) return found;
    }
    return undefined;
  }

  /** The refunds of one capture, oldest first (its purchase unit keeps them by its `up` link). */
  function ofCapture(captureId) {
    const found = orders.findCapture(captureId);
    return (found?.unit.payments.refunds ?? []).filter(
      (candidate) => upOf(candidate) === captureId,
    );
  }

  /** What is left of a capture to refund, in minor units. */
  function leftOf(capture) {
    const decimals = decimalsOf(capture.amount.currency_code);
    const refunded = ofCapture(capture.id).reduce(
      (sum, made) => sum + toMinor(made.amount.value, decimals),
      0n,
    );
    return toMinor(capture.amount.value, decimals) - refunded;
  }

  return { refund, get, find, ofCapture };
}

/** The capture a refund gives back (its `up` link). */
function upOf(refund) {
  const up = refund.links?.find((link) => link.rel === 'up')?.href ?? '';
  return /\/v2\/payments\/captures\/([^/]+)$/.exec(up)?.[1];
}
