import type {
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
  env: Record<string, string>;
  /** The buyer approves the PayPal order in PayPal's window. */
  approve(paypalOrderId: string, payerEmail?: string): Promise<PaypalOrder>;
  setBehavior(behavior: PaypalBehavior): Promise<void>;
  resetBehavior(): Promise<void>;
  order(paypalOrderId: string): Promise<PaypalOrder | undefined>;
  /** Makes the capture event and delivers it, signed, to the API's webhook route. */
  sendCaptureEvent(
    paypalOrderId: string,
    targetUrl: string,
    eventType?: CaptureEventType,
  ): Promise<{ event: PaypalWebhookEvent; delivery: WebhookDelivery }>;
}

export function paypalDouble(): PaypalDoubleControl {
  const url = process.env.TEST_PAYPAL_URL;
  const webhookId = process.env.TEST_PAYPAL_WEBHOOK_ID;
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
      PAYPAL_CLIENT_ID: 'test-client-id',
      PAYPAL_CLIENT_SECRET: 'test-client-secret-0123456789',
      PAYPAL_WEBHOOK_ID: webhookId,
      PAYPAL_TIMEOUT_SECONDS: '5',
    },
    approve: (paypalOrderId, payerEmail) =>
      control('POST', `/orders/${paypalOrderId}/approve`, payerEmail ? { payerEmail } : {}),
    setBehavior: (behavior) => control('PUT', '/behavior', behavior),
    resetBehavior: () => control('DELETE', '/behavior'),
    order: async (paypalOrderId) =>
      (await control<{ orders: PaypalOrder[] }>('GET', '/orders')).orders.find(
        (order) => order.id === paypalOrderId,
      ),
    sendCaptureEvent: (paypalOrderId, targetUrl, eventType) =>
      control('POST', `/orders/${paypalOrderId}/webhook`, {
        url: targetUrl,
        ...(eventType ? { eventType } : {}),
      }),
  };
}
