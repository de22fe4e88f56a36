// A local PayPal for offline tests and demos: the REST endpoints the API calls, the JS SDK the
// browser loads, and controls to play the buyer and to make PayPal misbehave.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createTokenIssuer } from './src/auth.mjs';
import { defaultBehavior, mergeBehavior } from './src/behavior.mjs';
import { createEvents } from './src/events.mjs';
import { createOrderStore } from './src/orders.mjs';
import { createRefunds } from './src/refunds.mjs';
import { createRequestHandler } from './src/server.mjs';
import { createWebhooks } from './src/webhooks.mjs';

/** Used when neither startPaypalDouble nor sendWebhook is given one; 17 characters like PayPal's. */
export const DEFAULT_WEBHOOK_ID = 'PAYPALDOUBLEWEBHK';
const MERCHANT_EMAIL = 'merchant@business.example.com';

/** @type {import('./index.d.ts').startPaypalDouble} */
export async function startPaypalDouble({
  port = 0,
  host = '127.0.0.1',
  clientId,
  clientSecret,
  webhookId = DEFAULT_WEBHOOK_ID,
  allowedOrigins = [],
} = {}) {
  let url = '';
  const baseUrl = () => url;
  const sdkSource = await readFile(new URL('./sdk/paypal-sdk.js', import.meta.url), 'utf8');
  const orders = createOrderStore({ baseUrl, merchantEmail: MERCHANT_EMAIL });
  const tokens = createTokenIssuer({ clientId, clientSecret });
  const webhooks = createWebhooks({ baseUrl, defaultWebhookId: webhookId });
  const refunds = createRefunds({ baseUrl, orders });
  const { captureEvent } = createEvents({ baseUrl, orders, refunds });
  let behavior = defaultBehavior();

  function sdkScript(query) {
    const requested = query.get('client-id');
    // Like the real SDK: a client id the merchant account doesn't know fails the script load.
    if (clientId !== undefined && requested !== null && requested !== clientId) {
      const message = `SDK Validation error: 'Invalid query value for client-id: ${requested}'`;
      return { status: 400, body: `throw new Error(${JSON.stringify(message)});\n` };
    }
    return { status: 200, body: sdkSource };
  }

  const setBehavior = (changes) => {
    behavior = mergeBehavior(behavior, changes);
    return structuredClone(behavior);
  };
  const resetBehavior = () => {
    behavior = defaultBehavior();
    return structuredClone(behavior);
  };

  const server = createServer(
    createRequestHandler({
      orders,
      refunds,
      tokens,
      webhooks,
      behavior: () => behavior,
      setBehavior,
      resetBehavior,
      captureEvent,
      sdkScript,
      allowedOrigins,
    }),
  );
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const reachableHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  url = `http://${reachableHost.includes(':') ? `[${reachableHost}]` : reachableHost}:${address.port}`;

  return {
    url,
    port: address.port,
    webhookId,
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
    approve(orderId, { payerEmail } = {}) {
      const reply = orders.approve(orderId, { payerEmail });
      if (reply.status !== 200) {
        throw new Error(`PayPal double: cannot approve ${orderId}: ${JSON.stringify(reply.body)}`);
      }
      return reply.body;
    },
    setBehavior,
    resetBehavior,
    orders: () => orders.list(),
    captureEvent,
    sendWebhook: (targetUrl, event, options) => webhooks.send(targetUrl, event, options),
  };
}
