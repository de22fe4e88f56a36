import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import type { ServerTiming } from '../common/server-timing';
import { SpanStatusCode } from '@opentelemetry/api';
import { Telemetry } from '../telemetry/telemetry';
import {
  paypalCaptureSchema,
  paypalOrderSchema,
  paypalRefundSchema,
  paypalTokenSchema,
  paypalVerificationSchema,
  type CreatePaypalOrderRequest,
  type PaypalCapture,
  type PaypalOrder,
  type PaypalRefund,
  type WebhookTransmission,
} from './paypal-api';
import { errorFrom, PaypalApiError } from './paypal-errors';

/** Where and as whom to call PayPal (from the payment settings). */
export interface PaypalCredentials {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

/** A token is renewed this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;

/**
 * PayPal's REST API (Orders v2, OAuth 2 client credentials, webhook verification) over fetch.
 * The access token is cached per set of credentials until shortly before it expires; a 401 on a
 * call drops it and retries once with a new one. Every call is bounded by PAYPAL_TIMEOUT_SECONDS.
 */
@Injectable()
export class PaypalClient {
  private readonly tokens = new Map<string, { token: Promise<string>; expiresAt: number }>();

  constructor(
    @InjectConfig() private readonly config: AppConfig,
    private readonly telemetry: Telemetry,
  ) {}

  createOrder(
    credentials: PaypalCredentials,
    order: CreatePaypalOrderRequest,
    timing?: ServerTiming,
  ): Promise<PaypalOrder> {
    return this.call(credentials, timing, 'create order', paypalOrderSchema, {
      method: 'POST',
      path: '/v2/checkout/orders',
      body: JSON.stringify(order),
      // The full order, payee included (PayPal's default answer is only its id and links).
      headers: { prefer: 'return=representation' },
    });
  }

  getOrder(
    credentials: PaypalCredentials,
    id: string,
    timing?: ServerTiming,
  ): Promise<PaypalOrder> {
    return this.call(credentials, timing, 'get order', paypalOrderSchema, {
      method: 'GET',
      path: `/v2/checkout/orders/${encodeURIComponent(id)}`,
    });
  }

  /** A capture as PayPal has it, with the PayPal order it belongs to (supplementary_data). */
  getCapture(
    credentials: PaypalCredentials,
    id: string,
    timing?: ServerTiming,
  ): Promise<PaypalCapture> {
    return this.call(credentials, timing, 'get capture', paypalCaptureSchema, {
      method: 'GET',
      path: `/v2/payments/captures/${encodeURIComponent(id)}`,
    });
  }

  /** PayPal-Request-Id makes a retried capture return the first capture's result. */
  captureOrder(
    credentials: PaypalCredentials,
    id: string,
    requestId: string,
    timing?: ServerTiming,
  ): Promise<PaypalOrder> {
    return this.call(credentials, timing, 'capture', paypalOrderSchema, {
      method: 'POST',
      path: `/v2/checkout/orders/${encodeURIComponent(id)}/capture`,
      body: '{}',
      headers: { 'paypal-request-id': requestId, prefer: 'return=representation' },
    });
  }

  /**
   * A full refund of a capture. PayPal-Request-Id makes a retried refund return the first
   * refund instead of refunding twice.
   */
  refundCapture(
    credentials: PaypalCredentials,
    captureId: string,
    requestId: string,
  ): Promise<PaypalRefund> {
    return this.call(credentials, undefined, 'refund', paypalRefundSchema, {
      method: 'POST',
      path: `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`,
      body: '{}',
      headers: { 'paypal-request-id': requestId, prefer: 'return=representation' },
    });
  }

  /**
   * PayPal's own check of a webhook delivery. The event goes back exactly as it arrived (raw
   * bytes), since the signature covers them.
   */
  async verifyWebhookSignature(
    credentials: PaypalCredentials,
    transmission: WebhookTransmission,
    webhookId: string,
    rawEvent: string,
    timing?: ServerTiming,
  ): Promise<boolean> {
    const fields = JSON.stringify({
      auth_algo: transmission.authAlgo,
      cert_url: transmission.certUrl,
      transmission_id: transmission.transmissionId,
      transmission_sig: transmission.transmissionSig,
      transmission_time: transmission.transmissionTime,
      webhook_id: webhookId,
    });
    const result = await this.call(
      credentials,
      timing,
      'verify webhook',
      paypalVerificationSchema,
      {
        method: 'POST',
        path: '/v1/notifications/verify-webhook-signature',
        body: `${fields.slice(0, -1)},"webhook_event":${rawEvent}}`,
      },
    );
    return result.verification_status === 'SUCCESS';
  }

  private async call<Schema extends z.ZodType>(
    credentials: PaypalCredentials,
    timing: ServerTiming | undefined,
    operation: string,
    schema: Schema,
    request: { method: string; path: string; body?: string; headers?: Record<string, string> },
  ): Promise<z.output<Schema>> {
    const send = async (token: string) =>
      this.fetchJson(timing, operation, `${credentials.baseUrl}${request.path}`, {
        method: request.method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...request.headers,
        },
        body: request.body,
      });
    let response = await send(await this.accessToken(credentials, timing));
    if (response.status === 401) {
      // Revoked or expired early: one retry with a fresh token.
      this.tokens.delete(tokenKey(credentials));
      response = await send(await this.accessToken(credentials, timing));
    }
    if (response.status < 200 || response.status >= 300) {
      throw errorFrom(response.status, operation, response.body);
    }
    const parsed = schema.safeParse(response.body);
    if (!parsed.success) throw new PaypalApiError(0, `${operation} (unreadable answer)`);
    return parsed.data;
  }

  private accessToken(credentials: PaypalCredentials, timing?: ServerTiming): Promise<string> {
    const key = tokenKey(credentials);
    const cached = this.tokens.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.token;

    const entry = { token: Promise.resolve(''), expiresAt: Number.POSITIVE_INFINITY };
    entry.token = (async () => {
      const basic = Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString(
        'base64',
      );
      const response = await this.fetchJson(
        timing,
        'token',
        `${credentials.baseUrl}/v1/oauth2/token`,
        {
          method: 'POST',
          headers: {
            authorization: `Basic ${basic}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: 'grant_type=client_credentials',
        },
      );
      if (response.status !== 200) throw errorFrom(response.status, 'token', response.body);
      const parsed = paypalTokenSchema.safeParse(response.body);
      if (!parsed.success) throw new PaypalApiError(0, 'token (unreadable answer)');
      entry.expiresAt = Date.now() + parsed.data.expires_in * 1000 - TOKEN_MARGIN_MS;
      return parsed.data.access_token;
    })();
    // Concurrent callers share the request in flight; a failure is not cached.
    this.tokens.set(key, entry);
    entry.token.catch(() => {
      if (this.tokens.get(key) === entry) this.tokens.delete(key);
    });
    return entry.token;
  }

  private async fetchJson(
    timing: ServerTiming | undefined,
    operation: string,
    url: string,
    init: RequestInit,
  ): Promise<{ status: number; body: unknown }> {
    const send = async () => {
      let response: Response;
      let text: string;
      try {
        response = await fetch(url, {
          ...init,
          signal: AbortSignal.timeout(this.config.paypal.timeoutMs),
        });
        text = await response.text();
      } catch {
        throw new PaypalApiError(0, `${operation} (unreachable or timed out)`);
      }
      let body: unknown = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = null;
      }
      return { status: response.status, body };
    };
    const run = () =>
      this.telemetry.clientSpan(
        `paypal ${operation}`,
        { 'http.request.method': init.method ?? 'GET', 'server.address': new URL(url).host },
        async (span) => {
          const answer = await send();
          span.setAttribute('http.response.status_code', answer.status);
          if (answer.status >= 400) span.setStatus({ code: SpanStatusCode.ERROR });
          return answer;
        },
      );
    return timing ? timing.measure('paypal', run) : run();
  }
}

function tokenKey(credentials: PaypalCredentials): string {
  return `${credentials.baseUrl}\n${credentials.clientId}\n${credentials.clientSecret}`;
}
