// Webhooks: delivery with PayPal's headers, and the verify-webhook-signature API. PayPal signs
// `transmission_id|transmission_time|webhook_id|crc32(body)` with an RSA key; the double signs the
// same string with an HMAC only it knows, so only deliveries it made itself verify. The CRC is of
// the exact bytes delivered, as at PayPal: a receiver must pass them on to verification as they
// came (its JSON parser's re-serialisation of them does not verify), and the double's bodies are
// not laid out the way JSON.stringify writes them, so a re-serialised event shows.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

const AUTH_ALGO = 'SHA256withRSA';
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

  return { send, verify, certUrl };
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
