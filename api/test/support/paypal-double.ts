import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type {
  CaptureEventOptions,
  CaptureEventType,
  PaypalBehavior,
  PaypalOrder,
  PaypalWebhookEvent,
  WebhookDelivery,
} from '@coldmail/paypal-double';

/**
 * The PayPal double started by globalSetup, driven over its /__double control routes. Its
 * behaviour is shared by every test file, so only payments.e2e-spec.ts changes it (and resets
 * it after each test); other files never capture.
 */
export interface PaypalDoubleControl {
  url: string;
  webhookId: string;
  /** What startTestApi needs to aim the API at the double. */
  env: Record<
    | 'PAYPAL_API_BASE'
    | 'PAYPAL_CLIENT_ID'
    | 'PAYPAL_CLIENT_SECRET'
    | 'PAYPAL_WEBHOOK_ID'
    | 'PAYPAL_TIMEOUT_SECONDS',
    string
  >;
  /** The buyer approves the PayPal order in PayPal's window. */
  approve(paypalOrderId: string, payerEmail?: string): Promise<PaypalOrder>;
  /**
   * What the spec's client does after the approval: captures the PayPal order from the browser
   * (PayPal's JS SDK, `actions.order.capture()`), through PayPal's REST API. Answers the capture.
   */
  captureInBrowser(paypalOrderId: string): Promise<{ id: string; status: string }>;
  setBehavior(behavior: PaypalBehavior): Promise<void>;
  resetBehavior(): Promise<void>;
  order(paypalOrderId: string): Promise<PaypalOrder | undefined>;
  /**
   * Makes the event (and the change at PayPal it reports) and delivers it, signed, to the API's
   * webhook route. Rejects when the double refuses it (an option the type does not take, an
   * outcome PayPal does not have, a refund of more than is left).
   */
  sendCaptureEvent(
    paypalOrderId: string,
    targetUrl: string,
    eventType?: CaptureEventType,
    options?: CaptureEventOptions,
  ): Promise<{ event: PaypalWebhookEvent; delivery: WebhookDelivery }>;
}

const CLIENT_ID = 'test-client-id';
const CLIENT_SECRET = 'test-client-secret-0123456789';

export function paypalDouble(
  url = process.env.TEST_PAYPAL_URL,
  webhookId = process.env.TEST_PAYPAL_WEBHOOK_ID,
): PaypalDoubleControl {
  if (!url || !webhookId)
    throw new Error('The PayPal double is not running: use jest (globalSetup)');

  async function control<T>(method: string, path: string, json?: unknown): Promise<T> {
    const response = await fetch(`${url}/__double${path}`, {
      method,
      headers: json === undefined ? {} : { 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const body = (await response.json()) as T;
    if (!response.ok) throw new Error(`PayPal double ${method} ${path}: ${JSON.stringify(body)}`);
    return body;
  }

  return {
    url,
    webhookId,
    env: {
      PAYPAL_API_BASE: url,
      PAYPAL_CLIENT_ID: CLIENT_ID,
      PAYPAL_CLIENT_SECRET: CLIENT_SECRET,
      PAYPAL_WEBHOOK_ID: webhookId,
      PAYPAL_TIMEOUT_SECONDS: '5',
    },
    approve: (paypalOrderId, payerEmail) =>
      control('POST', `/orders/${paypalOrderId}/approve`, payerEmail ? { payerEmail } : {}),
    captureInBrowser: async (paypalOrderId) => {
      const basic = Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64');
      const token = (await (
        await fetch(`${url}/v1/oauth2/token`, {
          method: 'POST',
          headers: {
            authorization: `Basic ${basic}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: 'grant_type=client_credentials',
        })
      ).json()) as { access_token: string };
      const response = await fetch(`${url}/v2/checkout/orders/${paypalOrderId}/capture`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token.access_token}`,
          'content-type': 'application/json',
          prefer: 'return=representation',
        },
        body: '{}',
      });
      const order = (await response.json()) as PaypalOrder;
      if (!response.ok) throw new Error(`PayPal capture: ${JSON.stringify(order)}`);
      const capture = order.purchase_units[0]?.payments?.captures?.[0];
      if (!capture) throw new Error(`PayPal order ${paypalOrderId} has no capture`);
      return capture as { id: string; status: string };
    },
    setBehavior: (behavior) => control('PUT', '/behavior', behavior),
    resetBehavior: () => control('DELETE', '/behavior'),
    order: async (paypalOrderId) =>
      (await control<{ orders: PaypalOrder[] }>('GET', '/orders')).orders.find(
        (order) => order.id === paypalOrderId,
      ),
    sendCaptureEvent: (paypalOrderId, targetUrl, eventType, options = {}) =>
      control('POST', `/orders/${paypalOrderId}/webhook`, {
        url: targetUrl,
        ...(eventType ? { eventType } : {}),
        ...options,
      }),
  };
}

/**
 * A PayPal double of a test file's own, in its own process (the double is an ES module), for a
 * file that makes it misbehave without touching the shared one.
 */
export async function privatePaypalDouble(
  webhookId = 'PRIVATEWEBHOOK0001',
): Promise<PaypalDoubleControl & { stop(): Promise<void> }> {
  const cli = join(__dirname, '../../../tools/paypal-double/cli.mjs');
  const child = spawn(process.execPath, [cli, '--port', '0', '--webhook-id', webhookId], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const ready = /^ready (\S+)/.exec(line);
      if (ready?.[1]) resolve(ready[1]);
    });
    child.once('exit', (code) => reject(new Error(`The PayPal double exited (${code})`)));
  });
  return {
    ...paypalDouble(url, webhookId),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
