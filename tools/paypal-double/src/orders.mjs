// Orders v2 as the API sees it: create (validated like PayPal), approve (the buyer's part), capture,
// with PayPal-Request-Id idempotency. Every method answers { status, body } as the REST endpoint
// would, so the HTTP layer only has to serialise.
import {
  CAPTURE_DECLINES,
  detail,
  invalidRequest,
  resourceNotFound,
  unprocessable,
} from './errors.mjs';
import { accountId, isoNow, resourceId } from './ids.mjs';
import { decimalsOf, fromMinor, toMinor } from './money.mjs';
import { validateOrderRequest } from './order-request.mjs';

const BUYER = { given_name: 'John', surname: 'Doe' };
const DEFAULT_PAYER_EMAIL = 'buyer@example.com';

/**
 * @typedef {{ currency_code: string, value: string }} Money
 * @typedef {{ status: number, body: any }} Reply  body is whatever JSON PayPal would send
 * @typedef {import('../index.d.ts').PaypalBehavior} Behavior
 */

/** @param {{ baseUrl: () => string, merchantEmail: string }} options */
export function createOrderStore({ baseUrl, merchantEmail }) {
  /** @type {Map<string, { order: any, returnUrl?: string, cancelUrl?: string }>} */
  const records = new Map();
  /** PayPal-Request-Id → the first successful reply, replayed verbatim. */
  const replies = new Map();
  const merchant = { email_address: merchantEmail, merchant_id: accountId(merchantEmail) };

  const orderUrl = (id) => `${baseUrl()}/v2/checkout/orders/${id}`;

  /**
   * An order's HATEOAS links. One created with payment_source.paypal waits for the buyer
   * (PAYER_ACTION_REQUIRED) and offers only `payer-action`; one created without it offers
   * `approve` beside update and capture, as PayPal's reference answers show.
   */
  function links(order) {
    const { id, status, intent } = order;
    const self = { href: orderUrl(id), rel: 'self', method: 'GET' };
    if (status === 'COMPLETED') return [self];
    if (status === 'PAYER_ACTION_REQUIRED') {
      return [self, { href: approveUrl(id), rel: 'payer-action', method: 'GET' }];
    }
    const action = intent === 'CAPTURE' ? 'capture' : 'authorize';
    const next = [
      { href: orderUrl(id), rel: 'update', method: 'PATCH' },
      { href: `${orderUrl(id)}/${action}`, rel: action, method: 'POST' },
    ];
    if (status === 'CREATED') {
      return [self, { href: approveUrl(id), rel: 'approve', method: 'GET' }, ...next];
    }
    return [self, ...next];
  }

  const approveUrl = (id) => `${baseUrl()}/checkoutnow?token=${id}`;
  const representation = (record) =>
    structuredClone({ ...record.order, links: links(record.order) });

  /** The first answer to a PayPal-Request-Id; a replay of it is 200, as the documents say. */
  function replay(key) {
    if (!key || !replies.has(key)) return undefined;
    return { status: 200, body: structuredClone(replies.get(key).body) };
  }
  function remember(key, reply) {
    if (key) replies.set(key, structuredClone(reply));
    return reply;
  }

  /** The merchant a purchase unit pays: the payee the request named, or the double's merchant. */
  function payeeOf(requested) {
    if (!requested) return { ...merchant };
    if (requested.merchant_id === merchant.merchant_id) return { ...merchant };
    if (!requested.email_address) return { merchant_id: requested.merchant_id };
    return {
      email_address: requested.email_address,
      merchant_id: requested.merchant_id ?? accountId(requested.email_address),
    };
  }

  /** POST /v2/checkout/orders. @returns {Reply} */
  function create(body, { requestId, prefer } = {}) {
    const key = requestId && `create:${requestId}`;
    const replayed = replay(key);
    if (replayed) return replayed;
    const checked = validateOrderRequest(body);
    if (checked.bad.length) return invalidRequest(checked.bad);
    if (checked.unprocessable.length) return unprocessable(checked.unprocessable);

    const id = resourceId();
    const paypal = body.payment_source?.paypal;
    const experience = paypal?.experience_context ?? body.application_context;
    const order = {
      id,
      intent: body.intent,
      status: paypal ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      ...(paypal ? { payment_source: { paypal: {} } } : {}),
      purchase_units: checked.units.map((unit) => ({ ...unit, payee: payeeOf(unit.payee) })),
      create_time: isoNow(),
    };
    const record = {
      order,
      returnUrl: experience?.return_url,
      cancelUrl: experience?.cancel_url,
      shippingPreference: experience?.shipping_preference ?? 'GET_FROM_FILE',
    };
    records.set(id, record);
    const full = representation(record);
    const reply = wantsRepresentation(prefer)
      ? { status: 201, body: full }
      : { status: 201, body: { id, status: order.status, links: full.links } };
    return remember(key, reply);
  }

  /** GET /v2/checkout/orders/:id. @returns {Reply} */
  function get(id) {
    const record = records.get(id);
    if (!record) return resourceNotFound('order_id', id);
    return { status: 200, body: representation(record) };
  }

  /**
   * The buyer approving in PayPal's window. `sdk` carries what the JS SDK was loaded with: the
   * real SDK refuses an order whose currency or intent differs from its script URL's.
   * @returns {Reply}
   */
  function approve(id, { payerEmail = DEFAULT_PAYER_EMAIL, sdk = {} } = {}) {
    const record = records.get(id);
    if (!record) return resourceNotFound('order_id', id);
    const { order } = record;
    if (order.status === 'COMPLETED') {
      return unprocessable([detail('ORDER_ALREADY_CAPTURED', undefined, undefined, 'path')]);
    }
    const currency = order.purchase_units[0].amount.currency_code;
    if (sdk.currency && sdk.currency.toUpperCase() !== currency) {
      return sdkMismatch(
        'currency',
        `Unexpected currency: ${currency} passed to order.create. Please ensure you are passing /sdk/js?currency=${currency} in the paypal script tag.`,
      );
    }
    if (sdk.intent && sdk.intent.toUpperCase() !== order.intent) {
      const intent = order.intent.toLowerCase();
      return sdkMismatch(
        'intent',
        `Unexpected intent: ${intent} passed to order.create. Please ensure you are passing /sdk/js?intent=${intent} in the paypal script tag.`,
      );
    }
    const payerId = accountId(payerEmail);
    const address = { country_code: 'US' };
    order.status = 'APPROVED';
    order.payer = { name: { ...BUYER }, email_address: payerEmail, payer_id: payerId, address };
    order.payment_source = {
      paypal: {
        email_address: payerEmail,
        account_id: payerId,
        account_status: 'VERIFIED',
        name: { ...BUYER },
        address,
      },
    };
    order.update_time = isoNow();
    return { status: 200, body: representation(record) };
  }

  /** POST /v2/checkout/orders/:id/capture. @returns {Reply} */
  function capture(id, { requestId, prefer, behavior }) {
    const key = requestId && `capture:${id}:${requestId}`;
    const replayed = replay(key);
    if (replayed) return replayed;
    const record = records.get(id);
    if (!record) return resourceNotFound('order_id', id);
    const { order } = record;
    if (order.intent !== 'CAPTURE') {
      return unprocessable([detail('ACTION_DOES_NOT_MATCH_INTENT', undefined, undefined, 'path')]);
    }
    if (order.status === 'COMPLETED') {
      return unprocessable([detail('ORDER_ALREADY_CAPTURED', undefined, undefined, 'path')]);
    }
    if (order.status !== 'APPROVED') {
      return unprocessable([detail('ORDER_NOT_APPROVED', undefined, undefined, 'path')]);
    }
    const decline = behavior.capture === 'DECLINED' ? 'INSTRUMENT_DECLINED' : behavior.capture;
    if (Object.hasOwn(CAPTURE_DECLINES, decline)) {
      // The buyer may pick another funding source and approve again, so the order stays
      // APPROVED; PayPal links back to its window for the declines that ask for that.
      const back = ['INSTRUMENT_DECLINED', 'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING'].includes(
        decline,
      );
      return unprocessable(
        [{ issue: decline, description: CAPTURE_DECLINES[decline] }],
        back ? [{ href: approveUrl(id), rel: 'redirect', method: 'GET' }] : [],
      );
    }
    // An account setting at PayPal: with 'allow', a reused invoice_id is captured again.
    const duplicate =
      behavior.duplicateInvoiceIds !== 'allow' &&
      order.purchase_units.find(
        (unit) => unit.invoice_id && invoiceAlreadyPaid(unit.invoice_id, id),
      );
    if (duplicate) {
      return unprocessable([detail('DUPLICATE_INVOICE_ID', undefined, undefined, 'path')]);
    }

    const now = isoNow();
    for (const unit of order.purchase_units) {
      const captured = newCapture(unit, order.id, behavior, now);
      // The processor refused the money after all: 201, the order COMPLETED, its capture not.
      if (behavior.capture === 'CAPTURE_DECLINED' || behavior.capture === 'CAPTURE_FAILED') {
        captured.status = behavior.capture === 'CAPTURE_DECLINED' ? 'DECLINED' : 'FAILED';
        delete captured.seller_receivable_breakdown;
      }
      unit.payments = { captures: [captured] };
    }
    order.status = 'COMPLETED';
    order.update_time = now;
    const full = representation(record);
    const body = wantsRepresentation(prefer)
      ? full
      : {
          id,
          status: order.status,
          payment_source: full.payment_source,
          purchase_units: full.purchase_units.map((unit) => ({
            reference_id: unit.reference_id,
            payments: unit.payments,
          })),
          payer: full.payer,
          links: full.links,
        };
    return remember(key, { status: 201, body });
  }

  function newCapture(unit, orderId, behavior, now) {
    const currency = behavior.captureCurrency ?? unit.amount.currency_code;
    const decimals = decimalsOf(currency);
    const gross = toMinor(behavior.captureAmount ?? unit.amount.value, decimals);
    const pending = behavior.capture === 'PENDING';
    const captureId = resourceId();
    const captureUrl = `${baseUrl()}/v2/payments/captures/${captureId}`;
    const money = (minor) => ({ currency_code: currency, value: fromMinor(minor, decimals) });
    // A US merchant's standard rate (3.49% + fixed fee), so net differs from gross as it does live.
    const fee = minBigInt(gross, (gross * 349n + 5000n) / 10000n + (decimals ? 49n : 0n));
    return {
      id: captureId,
      status: pending ? 'PENDING' : 'COMPLETED',
      ...(pending ? { status_details: { reason: 'PENDING_REVIEW' } } : {}),
      amount: money(gross),
      final_capture: true,
      seller_protection: {
        status: 'ELIGIBLE',
        dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'],
      },
      ...(pending
        ? {}
        : {
            seller_receivable_breakdown: {
              gross_amount: money(gross),
              paypal_fee: money(fee),
              net_amount: money(gross - fee),
            },
          }),
      ...(unit.custom_id === undefined ? {} : { custom_id: unit.custom_id }),
      ...(unit.invoice_id === undefined ? {} : { invoice_id: unit.invoice_id }),
      // Payments v2 names the merchant a capture paid (also in its webhook events' resource).
      payee: structuredClone(unit.payee),
      links: [
        { href: captureUrl, rel: 'self', method: 'GET' },
        { href: `${captureUrl}/refund`, rel: 'refund', method: 'POST' },
        { href: orderUrl(orderId), rel: 'up', method: 'GET' },
      ],
      create_time: now,
      update_time: now,
    };
  }

  /** Whether another order with this invoice_id took money (a capture not declined or failed). */
  function invoiceAlreadyPaid(invoiceId, exceptOrderId) {
    for (const [otherId, { order }] of records) {
      if (otherId === exceptOrderId || order.status !== 'COMPLETED') continue;
      const paid = order.purchase_units.some(
        (unit) =>
          unit.invoice_id === invoiceId &&
          unit.payments?.captures.some(
            (capture) => !['DECLINED', 'FAILED'].includes(capture.status),
          ),
      );
      if (paid) return true;
    }
    return false;
  }

  /** The stored capture, its purchase unit and order, for Payments v2 and webhooks. */
  function findCapture(captureId) {
    for (const { order } of records.values()) {
      for (const unit of order.purchase_units) {
        const found = unit.payments?.captures.find((capture) => capture.id === captureId);
        if (found) return { order, unit, capture: found };
      }
    }
    return undefined;
  }

  /** Every stored purchase unit that was paid, for finding refunds. */
  function* paidUnits() {
    for (const { order } of records.values()) {
      for (const unit of order.purchase_units) if (unit.payments) yield unit;
    }
  }

  return {
    create,
    get,
    approve,
    capture,
    findCapture,
    paidUnits,
    /** The order record, mutable: webhooks settle a pending capture on it. */
    record: (id) => records.get(id),
    // For tests: each order as PayPal shows it, plus what the merchant asked of the checkout.
    list: () =>
      [...records.values()].map((record) => ({
        ...representation(record),
        double: { shippingPreference: record.shippingPreference },
      })),
  };
}

const wantsRepresentation = (prefer) => /return=representation/i.test(prefer ?? '');
const minBigInt = (a, b) => (a < b ? a : b);

function sdkMismatch(issue, message) {
  const reply = unprocessable([
    { issue: `SDK_${issue.toUpperCase()}_MISMATCH`, description: message },
  ]);
  reply.body.message = message;
  return reply;
}
