// The HTTP face of the double: PayPal's REST paths (bearer-checked, with injected outages), the
// JS SDK stand-in, the buyer's checkout page, and the /__double control endpoints browsers call
// cross-origin.
import { memberText } from './webhooks.mjs';
import {
  authenticationFailure,
  debugId,
  detail,
  invalidRequest,
  missingFields,
  resourceNotFound,
  serverError,
  unsupportedMediaType,
} from './errors.mjs';
import { checkoutPage, messagePage, returnLocation } from './checkout-page.mjs';
import { takeFailure } from './behavior.mjs';

const BODY_LIMIT = 1024 * 1024;
const ID = '([A-Za-z0-9-]+)';

/**
 * @typedef {{
 *   orders: ReturnType<typeof import('./orders.mjs').createOrderStore>,
 *   refunds: ReturnType<typeof import('./refunds.mjs').createRefunds>,
 *   tokens: ReturnType<typeof import('./auth.mjs').createTokenIssuer>,
 *   webhooks: ReturnType<typeof import('./webhooks.mjs').createWebhooks>,
 *   behavior: () => any,
 *   setBehavior: (changes: unknown) => any,
 *   resetBehavior: () => any,
 *   captureEvent: ReturnType<typeof import('./events.mjs').createEvents>['captureEvent'],
 *   sdkScript: (query: URLSearchParams) => { status: number, body: string },
 * }} Context
 */

/** @param {Context} context */
export function createRequestHandler(context) {
  const { orders, refunds, tokens, webhooks } = context;

  /** PayPal REST routes: `operation` names them for failNext; all but the token need a bearer. */
  const rest = [
    [
      'POST',
      /^\/v1\/oauth2\/token$/,
      'token',
      (req, body) => tokens.issue(req.headers.authorization, body.toString()),
    ],
    [
      'POST',
      /^\/v2\/checkout\/orders$/,
      'create',
      (req, body) =>
        withJson(req, body, (json) =>
          orders.create(json, {
            requestId: header(req, 'paypal-request-id'),
            prefer: header(req, 'prefer'),
          }),
        ),
    ],
    [
      'GET',
      new RegExp(`^/v2/checkout/orders/${ID}$`),
      'get',
      (_req, _body, match) => orders.get(match[1]),
    ],
    [
      'POST',
      new RegExp(`^/v2/payments/captures/${ID}/refund$`),
      'refund',
      (req, body, match) =>
        withJson(
          req,
          body,
          (json = {}) =>
            refunds.refund(match[1], {
              requestId: header(req, 'paypal-request-id'),
              prefer: header(req, 'prefer'),
              noteToPayer: typeof json.note_to_payer === 'string' ? json.note_to_payer : undefined,
              amount: json.amount,
              behavior: context.behavior(),
            }),
          { allowEmpty: true },
        ),
    ],
    [
      'POST',
      new RegExp(`^/v2/checkout/orders/${ID}/capture$`),
      'capture',
      (req, body, match) =>
        withJson(
          req,
          body,
          () =>
            orders.capture(match[1], {
              requestId: header(req, 'paypal-request-id'),
              prefer: header(req, 'prefer'),
              behavior: context.behavior(),
            }),
          { allowEmpty: true },
        ),
    ],
    [
      'GET',
      new RegExp(`^/v2/payments/captures/${ID}$`),
      'get',
      (_req, _body, match) => {
        const found = orders.findCapture(match[1]);
        if (!found) return resourceNotFound('capture_id', match[1]);
        return {
          status: 200,
          body: {
            ...structuredClone(found.capture),
            supplementary_data: { related_ids: { order_id: found.order.id } },
          },
        };
      },
    ],
    [
      'GET',
      new RegExp(`^/v2/payments/refunds/${ID}$`),
      'get',
      (_req, _body, match) => refunds.get(match[1]),
    ],
    [
      'POST',
      /^\/v1\/notifications\/verify-webhook-signature$/,
      'verify',
      (req, body) =>
        withJson(req, body, (json) => {
          const result = webhooks.verify(json, memberText(body.toString('utf8'), 'webhook_event'));
          if ('missing' in result) return missingFields(result.missing);
          return { status: 200, body: { verification_status: result.status } };
        }),
    ],
  ];

  /** Browser-facing routes: CORS-enabled, no bearer. */
  const open = [
    [
      'GET',
      /^\/sdk\/js$/,
      (_req, _body, _match, url) => script(context.sdkScript(url.searchParams)),
    ],
    ['GET', /^\/__double\/orders$/, () => ({ status: 200, body: { orders: orders.list() } })],
    [
      'POST',
      new RegExp(`^/__double/orders/${ID}/approve$`),
      (req, body, match) =>
        withJson(
          req,
          body,
          (json = {}) =>
            orders.approve(match[1], {
              payerEmail: json.payerEmail,
              sdk: { currency: json.currency, intent: json.intent },
            }),
          { allowEmpty: true, lenientType: true },
        ),
    ],
    [
      'POST',
      new RegExp(`^/__double/orders/${ID}/webhook$`),
      (req, body, match) =>
        withJson(
          req,
          body,
          async (json) => {
            if (!json || typeof json.url !== 'string') return badControl('url is required');
            // Everything else is the event's options, checked by captureEvent (a typo is a 400).
            const { url: target, eventType, webhookId, ...options } = json;
            const event = context.captureEvent(match[1], eventType, options);
            try {
              const delivery = await webhooks.send(target, event, { webhookId });
              return { status: 200, body: { event, delivery } };
            } catch (error) {
              return { status: 502, body: { name: 'DELIVERY_FAILED', message: String(error) } };
            }
          },
          { lenientType: true },
        ),
    ],
    ['GET', /^\/__double\/behavior$/, () => ({ status: 200, body: context.behavior() })],
    [
      'PUT',
      /^\/__double\/behavior$/,
      (req, body) =>
        withJson(req, body, (json) => ({ status: 200, body: context.setBehavior(json) }), {
          lenientType: true,
        }),
    ],
    ['DELETE', /^\/__double\/behavior$/, () => ({ status: 200, body: context.resetBehavior() })],
    [
      'GET',
      /^\/checkoutnow$/,
      (_req, _body, _match, url) => {
        const reply = orders.get(url.searchParams.get('token') ?? '');
        if (reply.status !== 200) return html(404, messagePage('This order does not exist.'));
        return html(200, checkoutPage(reply.body));
      },
    ],
    [
      'POST',
      /^\/checkoutnow\/(approve|cancel)$/,
      (_req, body, match) => buyerDecision(match[1], body),
    ],
  ];

  function buyerDecision(decision, body) {
    const form = new URLSearchParams(body.toString());
    const token = form.get('token') ?? '';
    const record = orders.record(token);
    if (!record) return html(404, messagePage('This order does not exist.'));
    if (decision === 'cancel') {
      if (!record.cancelUrl) return html(200, messagePage('Payment cancelled.'));
      return redirect(returnLocation(record.cancelUrl, { token }));
    }
    const reply = orders.approve(token, { payerEmail: form.get('payerEmail') || undefined });
    if (reply.status !== 200) return html(reply.status, messagePage(reply.body.message));
    if (!record.returnUrl)
      return html(200, messagePage('Payment approved. You can close this page.'));
    return redirect(
      returnLocation(record.returnUrl, { token, PayerID: reply.body.payer.payer_id }),
    );
  }

  return async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://double.invalid');
    const isControl = url.pathname.startsWith('/__double/');
    const isOpen = isControl || url.pathname === '/sdk/js';
    if (isControl) {
      // The controls approve payments and make PayPal misbehave: a page on another site (any
      // site the developer happens to visit) must not drive them, not even with a simple POST
      // whose answer it cannot read. So the Origin is checked before anything runs.
      const origin = req.headers.origin;
      if (!controlAllowed(req, origin)) return send(res, forbiddenOrigin());
      if (origin) {
        res.setHeader('Access-Control-Allow-Origin', origin);
        res.setHeader('Vary', 'Origin');
      }
      if (req.method === 'OPTIONS') return preflight(req, res);
    } else if (isOpen) {
      // The SDK stand-in is a script any shop page loads, like PayPal's.
      res.setHeader('Access-Control-Allow-Origin', '*');
    }
    try {
      const body = await readBody(req);
      const reply = await dispatch(req, body, url);
      send(res, reply);
    } catch (error) {
      if (error instanceof BodyTooLarge) {
        return send(res, { status: 413, body: { name: 'REQUEST_ENTITY_TOO_LARGE' } });
      }
      // Control calls fail on bad input (unknown behavior, order without a capture): say why.
      if (isOpen) return send(res, badControl(error.message));
      console.error('[paypal-double]', error);
      send(res, serverError(500));
    }
  };

  /** Same origin, a configured shop page, or no browser at all (no Origin, not cross-site). */
  function controlAllowed(req, origin) {
    if (origin === undefined) return req.headers['sec-fetch-site'] !== 'cross-site';
    if (origin === `http://${req.headers.host}`) return true;
    return (context.allowedOrigins ?? []).includes(origin);
  }

  async function dispatch(req, body, url) {
    for (const [method, pattern, operation, handler] of rest) {
      const match = pattern.exec(url.pathname);
      if (!match) continue;
      if (req.method !== method) return methodNotSupported();
      const failure = takeFailure(context.behavior(), operation);
      if (failure) return serverError(failure);
      if (operation !== 'token' && !tokens.verifyBearer(req.headers.authorization)) {
        return authenticationFailure();
      }
      return handler(req, body, match, url);
    }
    for (const [method, pattern, handler] of open) {
      const match = pattern.exec(url.pathname);
      if (!match) continue;
      if (req.method !== method) continue;
      return handler(req, body, match, url);
    }
    if (open.some(([, pattern]) => pattern.test(url.pathname))) return methodNotSupported();
    return { status: 404, body: { name: 'NOT_FOUND', message: `No route for ${url.pathname}` } };
  }
}

/**
 * Parses a JSON body as PayPal does: wrong media type → 415, broken JSON → 400.
 * allowEmpty: an empty body is fine (capture). lenientType: control endpoints don't insist on
 * the Content-Type, so a bare `curl -X POST` works.
 */
function withJson(req, body, handler, { allowEmpty = false, lenientType = false } = {}) {
  const type = header(req, 'content-type') ?? '';
  if (!lenientType && !/^application\/json\b/i.test(type)) return unsupportedMediaType();
  const text = body.toString('utf8').trim();
  if (text === '') return allowEmpty ? handler(undefined) : malformed();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    return malformed();
  }
  return handler(json);
}

const malformed = () => invalidRequest([detail('MALFORMED_REQUEST_JSON', '/')]);
const header = (req, name) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};
const badControl = (message) => ({ status: 400, body: { name: 'INVALID_REQUEST', message } });
const methodNotSupported = () => ({
  status: 405,
  body: {
    name: 'METHOD_NOT_SUPPORTED',
    message: 'The server does not implement the requested HTTP method.',
    debug_id: debugId(),
  },
});
const html = (status, text) => ({ status, body: text, type: 'text/html; charset=utf-8' });
const redirect = (location) => ({ status: 303, body: '', headers: { location } });
const script = ({ status, body }) => ({
  status,
  body,
  type: 'application/javascript; charset=utf-8',
  headers: { 'cache-control': 'no-cache, no-store' },
});

function forbiddenOrigin() {
  return {
    status: 403,
    body: {
      name: 'FORBIDDEN_ORIGIN',
      message:
        "The PayPal double's controls answer only same-origin requests and the shop's own pages.",
    },
  };
}

function preflight(req, res) {
  res.writeHead(204, {
    'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
    'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? 'content-type',
    'Access-Control-Max-Age': '600',
    // Chromium's Private Network Access asks before a public page may call a loopback address.
    ...(req.headers['access-control-request-private-network']
      ? { 'Access-Control-Allow-Private-Network': 'true' }
      : {}),
  });
  res.end();
}

/** @param {import('node:http').ServerResponse} res */
function send(res, reply) {
  const { status, body, type, headers = {} } = reply;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': type ?? 'application/json',
    'paypal-debug-id': (typeof body === 'object' && body?.debug_id) || debugId(),
    ...headers,
  });
  res.end(text);
}

class BodyTooLarge extends Error {}

async function readBody(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > BODY_LIMIT) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
