// The calls the API makes to PayPal, written the way a server integration writes them (fetch,
// Basic auth for the token, bearer afterwards), so the tests exercise the double over real HTTP.
// Kept outside test/ because `node --test test/` runs every module in that folder. Every answer
// is held to PayPal's documents (openapi.mjs): its status and its body, errors included.
import { assertDocumentedAnswer } from './openapi.mjs';

export const CLIENT_ID = 'coldmail-client';
export const CLIENT_SECRET = 'coldmail-secret';

/** A credit package as the API would send it: item total plus a handling fee. */
export function packageOrder({
  value = '10.00',
  handling = '0.50',
  currency = 'USD',
  ...unit
} = {}) {
  const itemTotal = (Number(value) * 100 - Number(handling) * 100) / 100;
  return {
    intent: 'CAPTURE',
    purchase_units: [
      {
        amount: {
          currency_code: currency,
          value,
          breakdown: {
            item_total: { currency_code: currency, value: itemTotal.toFixed(2) },
            handling: { currency_code: currency, value: handling },
          },
        },
        description: 'Starter package: 100 credits',
        custom_id: 'order-665f1c2e9b1e8a0012345678',
        invoice_id: `inv-${Math.random().toString(36).slice(2)}`,
        ...unit,
      },
    ],
  };
}

export async function requestToken(url, id = CLIENT_ID, secret = CLIENT_SECRET) {
  const response = await fetch(`${url}/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: 'grant_type=client_credentials',
  });
  return { status: response.status, body: await response.json() };
}

/** A bearer-authenticated client for one double. */
export async function paypalClient(url) {
  const { body } = await requestToken(url);
  const call = async (method, path, { json, headers = {} } = {}) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${body.access_token}`,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: json === undefined ? undefined : typeof json === 'string' ? json : JSON.stringify(json),
    });
    const answer = await response.json();
    assertDocumentedAnswer(method, path, response.status, answer);
    return { status: response.status, headers: response.headers, body: answer };
  };
  return {
    accessToken: body.access_token,
    call,
    createOrder: (order, headers) => call('POST', '/v2/checkout/orders', { json: order, headers }),
    getOrder: (id) => call('GET', `/v2/checkout/orders/${id}`),
    capture: (id, headers) =>
      call('POST', `/v2/checkout/orders/${id}/capture`, { json: {}, headers }),
    verify: (request) =>
      call('POST', '/v1/notifications/verify-webhook-signature', { json: request }),
  };
}

/** The first issue of a PayPal error body: what integrations branch on. */
export const issueOf = (body) => body.details?.[0]?.issue;
