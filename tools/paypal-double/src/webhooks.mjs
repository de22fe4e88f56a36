// Webhooks: delivery with PayPal's headers, and the verify-webhook-signature API. PayPal signs
// `transmission_id|transmission_time|webhook_id|crc32(body)` with an RSA key; the double signs the
// same string with an HMAC only it knows, so only deliveries it made itself verify. The CRC is of
// the exact bytes delivered, as at PayPal: a receiver must pass them on to verification as they
// came (its JSON parser's re-serialisation of them does not verify), and the double's bodies are
// not laid out the way JSON.stringify writes them, so a re-serialised event shows.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { resourceId, isoNow } from './ids.mjs';

const AUTH_ALGO = 'SHA256withRSA';
const EVENT_TYPES = {
  'PAYMENT.CAPTURE.COMPLETED': { status: 'COMPLETED', verb: 'completed' },
  'PAYMENT.CAPTURE.DENIED': { status: 'DECLINED', verb: 'denied' },
  'PAYMENT.CAPTURE.PENDING': { status: 'PENDING', verb: 'pending' },
};
const VERIFY_FIELDS = [
  'auth_algo',
  'cert_url',
  'transmission_id',
  'transmission_sig',
  'transmission_time',
  'webhook_id',
  'webhook_event',
];

/** @param {{ baseUrl: () => string, defaultWebhookId: string }} options */
export function createWebhooks({ baseUrl, defaultWebhookId }) {
  const secret = randomBytes(32);
  /** transmission ids of the deliveries made (only those verify) */
  const deliveries = new Set();
  const certUrl = () => `${baseUrl()}/v1/notifications/certs/CERT-360caa42-fca2a594-paypal-double`;

  const sign = (transmissionId, time, webhookId, crc) =>
    createHmac('sha256', secret)
      .update(`${transmissionId}|${time}|${webhookId}|${crc}`)
      .digest('base64');

  /**
   * POSTs `event` to `targetUrl` as PayPal would deliver it; answers the receiver's status and
   * body, the headers sent and the exact bytes sent (`payload`).
   * @returns {Promise<{ status: number, body: string, headers: Record<string, string>, payload: string }>}
   */
  async function send(targetUrl, event, { webhookId = defaultWebhookId } = {}) {
    const body = deliveredJson(event);
    const time = new Date().toISOString();
    // PayPal's published pattern for a signature (^(?!\d+$)\w+\S+) starts with a word
    // character; base64 may start with '+' or '/': such a transmission is not sent.
    let transmissionId;
    let signature;
    do {
      transmissionId = randomUUID();
      signature = sign(transmissionId, time, webhookId, crc32(body));
    } while (!/^(?!\d+$)\w+\S+/.test(signature));
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'PayPal/AUHD-214.0-paypal-double',
      'paypal-auth-algo': AUTH_ALGO,
      'paypal-cert-url': certUrl(),
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-time': time,
      'paypal-transmission-sig': signature,
    };
    deliveries.add(transmissionId);
    // PayPal gives up on a slow receiver too; a hung test server should not hang the caller.
    const response = await fetch(targetUrl, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(30_000),
    });
    return { status: response.status, body: await response.text(), headers, payload: body };
  }

  /**
   * POST /v1/notifications/verify-webhook-signature. SUCCESS only for a delivery of this double
   * passed on untouched: same transmission, same signature inputs, and `webhook_event` the very
   * bytes delivered (`rawEvent`, as the request carries them).
   * @returns {{ missing: string[] } | { status: 'SUCCESS' | 'FAILURE' }}
   */
  function verify(request, rawEvent) {
    const missing = VERIFY_FIELDS.filter(
      (field) => request?.[field] === undefined || request[field] === '',
    );
    if (missing.length) return { missing };
    const ok =
      deliveries.has(request.transmission_id) &&
      typeof rawEvent === 'string' &&
      request.auth_algo === AUTH_ALGO &&
      request.cert_url === certUrl() &&
      equalText(
        request.transmission_sig,
        sign(
          request.transmission_id,
          request.transmission_time,
          request.webhook_id,
          crc32(rawEvent),
        ),
      );
    return { status: ok ? 'SUCCESS' : 'FAILURE' };
  }

  /**
   * A PayPal-shaped event about a capture. Sending it means the capture changed state at PayPal,
   * so the stored capture takes the event's status too and a later GET of the order agrees.
   * Capture events carry the capture; REFUNDED and REVERSED carry the refund (its `up` link names
   * the capture); dispute events carry the dispute (its disputed transaction is the capture).
   */
  /**
   * @param {any} order @param {any} unit @param {any} capture @param {string} eventType
   * @param {{ refund?: any, disputeOutcome?: string }} [options] a refund already made (a partial
   *   one) for REFUNDED; how a RESOLVED dispute ended
   */
  function captureEvent(
    order,
    unit,
    capture,
    eventType,
    { refund: made, disputeOutcome = 'RESOLVED_BUYER_FAVOUR' } = {},
  ) {
    const id = `WH-${resourceId()}-${resourceId()}`;
    const eventUrl = `${baseUrl()}/v1/notifications/webhooks-events/${id}`;
    const { value, currency_code: currency } = capture.amount;
    const event = (resourceType, summary, resource) => ({
      id,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary,
      resource,
      links: [
        { href: eventUrl, rel: 'self', method: 'GET' },
        { href: `${eventUrl}/resend`, rel: 'resend', method: 'POST' },
      ],
    });
    const references = {
      ...(unit.custom_id === undefined ? {} : { custom_id: unit.custom_id }),
      ...(unit.invoice_id === undefined ? {} : { invoice_id: unit.invoice_id }),
    };
    const captureUrl = `${baseUrl()}/v2/payments/captures/${capture.id}`;

    if (made) {
      const { value: refunded, currency_code: refundCurrency } = made.amount;
      return event('refund', `A ${refunded} ${refundCurrency} capture payment was refunded`, made);
    }
    if (eventType === 'PAYMENT.CAPTURE.REFUNDED' || eventType === 'PAYMENT.CAPTURE.REVERSED') {
      const reversed = eventType === 'PAYMENT.CAPTURE.REVERSED';
      capture.status = reversed ? 'REVERSED' : 'REFUNDED';
      capture.update_time = isoNow();
      const refundId = resourceId();
      const refund = {
        id: refundId,
        status: 'COMPLETED',
        amount: structuredClone(capture.amount),
        ...references,
        ...(reversed ? { note_to_payer: 'Payment reversed' } : {}),
        create_time: isoNow(),
        update_time: isoNow(),
        links: [
          { href: `${baseUrl()}/v2/payments/refunds/${refundId}`, rel: 'self', method: 'GET' },
          { href: captureUrl, rel: 'up', method: 'GET' },
        ],
      };
      unit.payments.refunds = [...(unit.payments.refunds ?? []), refund];
      return event(
        'refund',
        `A ${value} ${currency} capture payment was ${reversed ? 'reversed' : 'refunded'}`,
        refund,
      );
    }

    if (eventType === 'CUSTOMER.DISPUTE.CREATED' || eventType === 'CUSTOMER.DISPUTE.RESOLVED') {
      const resolved = eventType === 'CUSTOMER.DISPUTE.RESOLVED';
      return event('dispute', `A dispute was ${resolved ? 'resolved' : 'created'}`, {
        dispute_id: `PP-D-${resourceId(8)}`,
        create_time: isoNow(),
        update_time: isoNow(),
        disputed_transactions: [
          {
            seller_transaction_id: capture.id,
            ...(unit.invoice_id === undefined ? {} : { invoice_number: unit.invoice_id }),
            ...(unit.custom_id === undefined ? {} : { custom: unit.custom_id }),
            gross_amount: structuredClone(capture.amount),
          },
        ],
        reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED',
        status: resolved ? 'RESOLVED' : 'OPEN',
        dispute_amount: structuredClone(capture.amount),
        ...(resolved ? { dispute_outcome: { outcome_code: disputeOutcome } } : {}),
      });
    }

    const type = EVENT_TYPES[eventType];
    if (!type) throw new TypeError(`unsupported event type ${eventType}`);
    capture.status = type.status;
    if (type.status === 'PENDING') capture.status_details = { reason: 'PENDING_REVIEW' };
    else delete capture.status_details;
    capture.update_time = isoNow();
    return event('capture', `Payment ${type.verb} for ${value} ${currency}`, {
      ...structuredClone(capture),
      ...references,
      supplementary_data: { related_ids: { order_id: order.id } },
    });
  }

  return { send, verify, captureEvent, certUrl };
}

/**
 * The event as the double delivers it: JSON with a space after each colon and comma, which
 * JSON.stringify does not write, so a receiver that re-serialises the event changes its bytes.
 */
function deliveredJson(value) {
  if (Array.isArray(value)) return `[${value.map(deliveredJson).join(', ')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).filter(([, inner]) => inner !== undefined);
    return `{${members.map(([key, inner]) => `${JSON.stringify(key)}: ${deliveredJson(inner)}`).join(', ')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The exact text of a top-level member of a JSON object's text (e.g. verify-webhook-signature's
 * `webhook_event`), or undefined. The text is valid JSON (it was parsed before).
 * @param {string} text @param {string} name
 */
export function memberText(text, name) {
  let depth = 0;
  let inString = false;
  let key = null;
  let valueStart = -1;
  let lastString = '';
  let stringStart = -1;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (inString) {
      if (char === '\\') at += 1;
      else if (char === '"') {
        inString = false;
        lastString = text.slice(stringStart, at + 1);
      }
      continue;
    }
    if (char === '"') {
      inString = true;
      stringStart = at;
      if (depth === 1 && valueStart === -1) key = null;
      continue;
    }
    if (depth === 1 && valueStart === -1 && char === ':') {
      key = JSON.parse(lastString);
      valueStart = at + 1;
      continue;
    }
    if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') depth -= 1;
    if ((depth === 1 && char === ',') || depth === 0) {
      if (valueStart !== -1 && key === name) return text.slice(valueStart, at).trim();
      if (depth === 1) valueStart = -1;
    }
  }
  return undefined;
}

function equalText(a, b) {
  const left = Buffer.from(String(a));
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
