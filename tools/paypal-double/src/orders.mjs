// Orders v2 as the API sees it: create (validated like PayPal), approve (the buyer's part), capture,
// with PayPal-Request-Id idempotency. Every method answers { status, body } as the REST endpoint
// would, so the HTTP layer only has to serialise.
import { ISSUES, detail, invalidRequest, resourceNotFound, unprocessable } from './errors.mjs';
import { accountId, isoNow, resourceId } from './ids.mjs';
import { checkMoney, decimalsOf, fromMinor, toMinor } from './money.mjs';

const BREAKDOWN_ADDS = ['item_total', 'tax_total', 'shipping', 'handling', 'insurance'];
const BREAKDOWN_SUBTRACTS = ['shipping_discount', 'discount'];
const STRING_LIMITS = {
  reference_id: 256,
  description: 127,
  custom_id: 127,
  invoice_id: 127,
  soft_descriptor: 22,
};
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
  const payee = { email_address: merchantEmail, merchant_id: accountId(merchantEmail) };

  const orderUrl = (id) => `${baseUrl()}/v2/checkout/orders/${id}`;

  function links(record) {
    const { id, status, intent } = record.order;
    const self = { href: orderUrl(id), rel: 'self', method: 'GET' };
    if (status === 'COMPLETED') return [self];
    const action = intent === 'CAPTURE' ? 'capture' : 'authorize';
    const next = [
      { href: orderUrl(id), rel: 'update', method: 'PATCH' },
      { href: `${orderUrl(id)}/${action}`, rel: action, method: 'POST' },
    ];
    if (status !== 'CREATED') return [self, ...next];
    // Orders created with payment_source.paypal get the newer 'payer-action' link instead.
    const rel = record.order.payment_source?.paypal ? 'payer-action' : 'approve';
    return [self, { href: approveUrl(id), rel, method: 'GET' }, ...next];
  }

  const approveUrl = (id) => `${baseUrl()}/checkoutnow?token=${id}`;
  const representation = (record) => structuredClone({ ...record.order, links: links(record) });

  function remember(key, reply) {
    if (key) replies.set(key, structuredClone(reply));
    return reply;
  }

  /** POST /v2/checkout/orders. @returns {Reply} */
  function create(body, { requestId, prefer } = {}) {
    const key = requestId && `create:${requestId}`;
    if (key && replies.has(key)) return structuredClone(replies.get(key));
    const checked = validateOrderRequest(body);
    if (checked.bad.length) return invalidRequest(checked.bad);
    if (checked.unprocessable.length) return unprocessable(checked.unprocessable);

    const id = resourceId();
    const experience = body.payment_source?.paypal?.experience_context ?? body.application_context;
    const order = {
      id,
      intent: body.intent,
      status: 'CREATED',
      ...(body.payment_source?.paypal ? { payment_source: { paypal: {} } } : {}),
      purchase_units: checked.units.map((unit) => ({ ...unit, payee })),
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
    if (key && replies.has(key)) return structuredClone(replies.get(key));
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
    if (behavior.capture === 'DECLINED') {
      // The buyer may pick another funding source and approve again, so the order stays APPROVED.
      return unprocessable(
        [{ issue: 'INSTRUMENT_DECLINED', description: ISSUES.INSTRUMENT_DECLINED }],
        [{ href: approveUrl(id), rel: 'redirect', method: 'GET' }],
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

  /**
   * POST /v2/payments/captures/:id/refund. Without an amount, what is left of the capture; with
   * one (`{ value, currency_code }`), that part of it, in the capture's currency and no more than
   * is left. The capture is then PARTIALLY_REFUNDED or REFUNDED, as at PayPal.
   * @returns {Reply}
   */
  function refund(captureId, { requestId, noteToPayer, amount, behavior = {} } = {}) {
    const key = requestId ? `refund:${requestId}` : null;
    if (key && replies.has(key)) return structuredClone(replies.get(key));
    if (behavior.refund === 'IN_PROGRESS') {
      return {
        status: 409,
        body: {
          name: 'RESOURCE_CONFLICT',
          message: 'The server has detected a conflict while processing this request.',
          debug_id: resourceId(),
          details: [
            {
              issue: 'PREVIOUS_REQUEST_IN_PROGRESS',
              description: ISSUES.PREVIOUS_REQUEST_IN_PROGRESS,
            },
          ],
          links: [],
        },
      };
    }
    const found = findCapture(captureId);
    if (!found) return resourceNotFound('capture_id', captureId);
    const { capture, unit } = found;
    if (capture.status === 'REFUNDED') {
      return unprocessable([detail('CAPTURE_FULLY_REFUNDED', undefined, undefined, 'path')]);
    }
    if (capture.status !== 'COMPLETED' && capture.status !== 'PARTIALLY_REFUNDED') {
      return unprocessable([detail('REFUND_NOT_ALLOWED', undefined, undefined, 'path')]);
    }
    const currency = capture.amount.currency_code;
    const decimals = decimalsOf(currency);
    const left = toMinor(capture.amount.value, decimals) - refundedMinor(unit, capture, decimals);
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
    const refundUrl = `${baseUrl()}/v2/payments/refunds/${refundId}`;
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
        { href: refundUrl, rel: 'self', method: 'GET' },
        { href: `${baseUrl()}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
      ],
    };
    capture.status = minor === left ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    capture.update_time = now;
    unit.payments.refunds = [...(unit.payments.refunds ?? []), refunded];
    return remember(key, { status: 201, body: structuredClone(refunded) });
  }

  /** What the capture's refunds so far came to, in minor units. */
  function refundedMinor(unit, capture, decimals) {
    const captureUrl = `/v2/payments/captures/${capture.id}`;
    return (unit.payments.refunds ?? [])
      .filter((refund) =>
        refund.links?.some((link) => link.rel === 'up' && link.href.endsWith(captureUrl)),
      )
      .reduce((sum, refund) => sum + toMinor(refund.amount.value, decimals), 0n);
  }

  /** The stored capture and its order, for GET /v2/payments/captures/:id and webhooks. */
  function findCapture(captureId) {
    for (const { order } of records.values()) {
      for (const unit of order.purchase_units) {
        const found = unit.payments?.captures.find((capture) => capture.id === captureId);
        if (found) return { order, unit, capture: found };
      }
    }
    return undefined;
  }

  return {
    create,
    get,
    approve,
    capture,
    refund,
    findCapture,
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

/**
 * Validates a create-order body the way PayPal does: schema problems are 400 INVALID_REQUEST,
 * business rules (sums, currencies, precision) are 422 UNPROCESSABLE_ENTITY, all issues at once.
 */
function validateOrderRequest(body) {
  /** @type {{ bad: import('./errors.mjs').ErrorDetail[], unprocessable: import('./errors.mjs').ErrorDetail[] }} */
  const errors = { bad: [], unprocessable: [] };
  /** @type {any[]} */
  const units = [];
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    errors.bad.push(detail('MALFORMED_REQUEST_JSON', '/'));
    return { ...errors, units };
  }
  if (body.intent === undefined) errors.bad.push(detail('MISSING_REQUIRED_PARAMETER', '/intent'));
  else if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') {
    errors.bad.push(detail('INVALID_PARAMETER_VALUE', '/intent', body.intent));
  }
  const list = body.purchase_units;
  if (list === undefined) {
    errors.bad.push(detail('MISSING_REQUIRED_PARAMETER', '/purchase_units'));
    return { ...errors, units };
  }
  if (!Array.isArray(list)) {
    errors.bad.push(detail('INVALID_PARAMETER_SYNTAX', '/purchase_units'));
    return { ...errors, units };
  }
  if (list.length === 0) {
    errors.bad.push(detail('INVALID_ARRAY_MIN_ITEMS', '/purchase_units'));
    return { ...errors, units };
  }
  const currencies = new Set();
  const seenReferences = new Set();
  list.forEach((unit, index) => {
    if (unit === null || typeof unit !== 'object') {
      errors.bad.push(detail('INVALID_PARAMETER_SYNTAX', `/purchase_units/${index}`));
      return;
    }
    const reference = unit.reference_id ?? 'default';
    if (list.length > 1) {
      if (unit.reference_id === undefined) {
        errors.unprocessable.push(detail('REFERENCE_ID_REQUIRED', `/purchase_units/${index}`));
      } else if (seenReferences.has(reference)) {
        errors.unprocessable.push(detail('DUPLICATE_REFERENCE_ID', `/purchase_units/${index}`));
      }
      seenReferences.add(reference);
    }
    const base = `/purchase_units/@reference_id=='${reference}'`;
    for (const [name, limit] of Object.entries(STRING_LIMITS)) {
      const value = unit[name];
      if (value === undefined) continue;
      if (typeof value !== 'string') {
        errors.bad.push(detail('INVALID_PARAMETER_SYNTAX', `${base}/${name}`, value));
      } else if (value.length < 1 || value.length > limit) {
        errors.bad.push(detail('INVALID_STRING_LENGTH', `${base}/${name}`, value));
      }
    }
    const normalized = checkUnitAmounts(unit, base, errors, currencies);
    if (normalized) units.push({ reference_id: reference, ...copyUnitFields(unit), ...normalized });
  });
  if (currencies.size > 1) {
    errors.unprocessable.push(detail('MULTI_CURRENCY_ORDER', '/purchase_units'));
  }
  return { ...errors, units };
}

/** Checks amount, breakdown and items of one purchase unit; returns them normalised ("10" → "10.00"). */
function checkUnitAmounts(unit, base, errors, currencies) {
  const total = checkMoney(unit.amount, `${base}/amount`, errors, { positive: true });
  if (total === null) return null;
  const currency = unit.amount.currency_code;
  const decimals = decimalsOf(currency);
  currencies.add(currency);
  const money = (minor) => ({ currency_code: currency, value: fromMinor(minor, decimals) });
  const sameCurrency = (value, field) => {
    if (value?.currency_code && value.currency_code !== currency) {
      errors.unprocessable.push(detail('MULTI_CURRENCY_ORDER', field, value.currency_code));
      return false;
    }
    return true;
  };

  /** @type {Record<string, bigint>} */
  const parts = {};
  const breakdown = unit.amount.breakdown;
  let ok = true;
  if (breakdown !== undefined) {
    for (const name of [...BREAKDOWN_ADDS, ...BREAKDOWN_SUBTRACTS]) {
      if (breakdown[name] === undefined) continue;
      const field = `${base}/amount/breakdown/${name}`;
      const minor = checkMoney(breakdown[name], field, errors);
      if (minor === null || !sameCurrency(breakdown[name], field)) ok = false;
      else parts[name] = minor;
    }
  }

  let items;
  if (unit.items !== undefined) {
    items = checkItems(unit.items, base, errors, sameCurrency, decimals);
    if (!items) ok = false;
  }
  if (!ok) return null;

  if (items) {
    const field = `${base}/amount/breakdown`;
    if (parts.item_total === undefined) {
      errors.unprocessable.push(detail('ITEM_TOTAL_REQUIRED', `${field}/item_total`));
    } else if (parts.item_total !== items.itemTotal) {
      errors.unprocessable.push(
        detail('ITEM_TOTAL_MISMATCH', `${field}/item_total`, fromMinor(parts.item_total, decimals)),
      );
    }
    if (items.hasTax && parts.tax_total === undefined) {
      errors.unprocessable.push({
        field: `${field}/tax_total`,
        location: 'body',
        issue: 'TAX_TOTAL_REQUIRED',
        description:
          'If item details are specified (items.tax_total and items.quantity) corresponding amount.breakdown.tax_total is required.',
      });
    } else if (items.hasTax && parts.tax_total !== items.taxTotal) {
      errors.unprocessable.push({
        field: `${field}/tax_total`,
        value: fromMinor(parts.tax_total, decimals),
        location: 'body',
        issue: 'TAX_TOTAL_MISMATCH',
        description:
          'Should equal sum of (tax * quantity) across all items for a given purchase_unit.',
      });
    }
  }
  if (breakdown !== undefined) {
    const sum = (names) => names.reduce((acc, name) => acc + (parts[name] ?? 0n), 0n);
    if (sum(BREAKDOWN_ADDS) - sum(BREAKDOWN_SUBTRACTS) !== total) {
      errors.unprocessable.push(
        detail('AMOUNT_MISMATCH', `${base}/amount/value`, fromMinor(total, decimals)),
      );
    }
  }

  const amount = { ...money(total) };
  if (breakdown !== undefined) {
    amount.breakdown = Object.fromEntries(
      Object.entries(parts).map(([name, minor]) => [name, money(minor)]),
    );
  }
  return { amount, ...(items ? { items: items.normalized } : {}) };
}

function checkItems(list, base, errors, sameCurrency, decimals) {
  if (!Array.isArray(list)) {
    errors.bad.push(detail('INVALID_PARAMETER_SYNTAX', `${base}/items`));
    return null;
  }
  let itemTotal = 0n;
  let taxTotal = 0n;
  let hasTax = false;
  let ok = true;
  const normalized = list.map((item, index) => {
    const field = `${base}/items/${index}`;
    if (item === null || typeof item !== 'object') {
      errors.bad.push(detail('INVALID_PARAMETER_SYNTAX', field));
      ok = false;
      return item;
    }
    if (typeof item.name !== 'string' || item.name.length === 0) {
      errors.bad.push(detail('MISSING_REQUIRED_PARAMETER', `${field}/name`));
      ok = false;
    }
    if (typeof item.quantity !== 'string' || !/^[0-9]{1,10}$/.test(item.quantity)) {
      const issue =
        item.quantity === undefined ? 'MISSING_REQUIRED_PARAMETER' : 'INVALID_PARAMETER_SYNTAX';
      errors.bad.push(detail(issue, `${field}/quantity`, item.quantity));
      ok = false;
    }
    const unitAmount = checkMoney(item.unit_amount, `${field}/unit_amount`, errors);
    if (unitAmount === null || !sameCurrency(item.unit_amount, `${field}/unit_amount`)) ok = false;
    const tax = item.tax === undefined ? 0n : checkMoney(item.tax, `${field}/tax`, errors);
    if (tax === null || (item.tax && !sameCurrency(item.tax, `${field}/tax`))) ok = false;
    if (!ok) return item;
    const quantity = BigInt(item.quantity);
    itemTotal += /** @type {bigint} */ (unitAmount) * quantity;
    if (item.tax !== undefined) {
      hasTax = true;
      taxTotal += /** @type {bigint} */ (tax) * quantity;
    }
    const money = (minor, currency) => ({
      currency_code: currency,
      value: fromMinor(minor, decimals),
    });
    return {
      ...item,
      unit_amount: money(unitAmount, item.unit_amount.currency_code),
      ...(item.tax === undefined ? {} : { tax: money(tax, item.tax.currency_code) }),
    };
  });
  return ok ? { itemTotal, taxTotal, hasTax, normalized } : null;
}

/** The purchase-unit fields PayPal stores and echoes back besides amounts. */
function copyUnitFields(unit) {
  const copy = {};
  for (const name of ['description', 'custom_id', 'invoice_id', 'soft_descriptor', 'shipping']) {
    if (unit[name] !== undefined) copy[name] = unit[name];
  }
  return copy;
}
