import { paypalErrorSchema } from './paypal-api';

/**
 * PayPal answered with an error, could not be reached, or answered something unreadable
 * (status 0). Carries PayPal's diagnostic fields for the logs; never shown to clients.
 */
export class PaypalApiError extends Error {
  constructor(
    readonly status: number,
    readonly operation: string,
    readonly paypalName?: string,
    readonly issue?: string,
    readonly debugId?: string,
  ) {
    super(
      `PayPal ${operation} failed: ${status || 'no answer'}` +
        `${paypalName ? ` ${paypalName}` : ''}${issue ? ` (${issue})` : ''}`,
    );
    this.name = 'PaypalApiError';
  }

  /** What the logs get: no secrets, no request bodies. */
  toLog(): Record<string, unknown> {
    return {
      operation: this.operation,
      status: this.status,
      name: this.paypalName,
      issue: this.issue,
      debugId: this.debugId,
    };
  }
}

/** The error for PayPal's answer `body` with `status`, with what PayPal said of it. */
export function errorFrom(status: number, operation: string, body: unknown): PaypalApiError {
  const parsed = paypalErrorSchema.safeParse(body);
  const details = parsed.success ? parsed.data : {};
  return new PaypalApiError(
    status,
    operation,
    details.name ?? details.error,
    details.details?.find((detail) => detail.issue)?.issue,
    details.debug_id,
  );
}
