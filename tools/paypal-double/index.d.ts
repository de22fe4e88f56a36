/** A money object as PayPal sends it: the value is a decimal string. */
export interface PaypalMoney {
  currency_code: string;
  value: string;
}

export interface PaypalLink {
  href: string;
  rel: string;
  method?: string;
}

/** A capture's status: Payments v2's values (a reversed capture is REFUNDED). */
export type PaypalCaptureStatus =
  'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'PENDING' | 'REFUNDED' | 'FAILED';

export interface PaypalCapture {
  id: string;
  status: PaypalCaptureStatus;
  status_details?: { reason: string };
  amount: PaypalMoney;
  final_capture: boolean;
  seller_protection: { status: string; dispute_categories: string[] };
  seller_receivable_breakdown?: {
    gross_amount: PaypalMoney;
    paypal_fee: PaypalMoney;
    net_amount: PaypalMoney;
  };
  custom_id?: string;
  invoice_id?: string;
  payee: PaypalPayee;
  links: PaypalLink[];
  create_time: string;
  update_time: string;
}

/** A refund (Payments v2), as GET /v2/payments/refunds/:id and the REFUNDED event show it. */
export interface PaypalRefund {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'FAILED' | 'CANCELLED';
  amount: PaypalMoney;
  invoice_id?: string;
  custom_id?: string;
  note_to_payer?: string;
  create_time: string;
  update_time: string;
  /** `self` (this refund) and `up` (the capture it gives back). */
  links: PaypalLink[];
}

/** Who a purchase unit pays: the double's merchant, or the payee the request named. */
export interface PaypalPayee {
  email_address?: string;
  merchant_id: string;
}

export interface PaypalPayer {
  name: { given_name: string; surname: string };
  email_address: string;
  payer_id: string;
  address: { country_code: string };
}

/** An order's full representation, as GET /v2/checkout/orders/:id returns it. */
export interface PaypalOrder {
  id: string;
  intent: 'CAPTURE' | 'AUTHORIZE';
  /** PAYER_ACTION_REQUIRED when created with payment_source.paypal, CREATED without. */
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  payment_source?: {
    paypal: Partial<{
      email_address: string;
      account_id: string;
      account_status: string;
      name: { given_name: string; surname: string };
      address: { country_code: string };
    }>;
  };
  purchase_units: Array<{
    reference_id: string;
    amount: PaypalMoney & { breakdown?: Record<string, PaypalMoney> };
    payee: PaypalPayee;
    description?: string;
    custom_id?: string;
    invoice_id?: string;
    soft_descriptor?: string;
    items?: unknown[];
    payments?: { captures: PaypalCapture[]; refunds?: PaypalRefund[] };
  }>;
  payer?: PaypalPayer;
  create_time: string;
  update_time?: string;
  links: PaypalLink[];
  /** Only in the double's control listing: what the merchant asked of the checkout. */
  double?: { shippingPreference: 'GET_FROM_FILE' | 'NO_SHIPPING' | 'SET_PROVIDED_ADDRESS' };
}

/** The capture operation's documented 422 issues that refuse the buyer's payment. */
export type CaptureDecline =
  | 'INSTRUMENT_DECLINED'
  | 'TRANSACTION_REFUSED'
  | 'PAYER_CANNOT_PAY'
  | 'MAX_NUMBER_OF_PAYMENT_ATTEMPTS_EXCEEDED'
  | 'REDIRECT_PAYER_FOR_ALTERNATE_FUNDING'
  | 'PAYER_ACCOUNT_LOCKED_OR_CLOSED'
  | 'PAYER_ACCOUNT_RESTRICTED'
  | 'PAYEE_BLOCKED_TRANSACTION'
  | 'TRANSACTION_BLOCKED_BY_PAYEE'
  | 'TRANSACTION_LIMIT_EXCEEDED'
  | 'TRANSACTION_RECEIVING_LIMIT_EXCEEDED'
  | 'COMPLIANCE_VIOLATION'
  | 'DOMESTIC_TRANSACTION_REQUIRED';

/** How the double misbehaves on purpose. setBehavior merges; a key set to null goes back to normal. */
export interface PaypalBehavior {
  /**
   * COMPLETED (default); PENDING a 201 with a PENDING capture; CAPTURE_DECLINED and
   * CAPTURE_FAILED a 201 whose capture is DECLINED or FAILED (the processor refused the money
   * after all); a CaptureDecline answers 422 with that issue (DECLINED is INSTRUMENT_DECLINED),
   * the order staying APPROVED.
   */
  capture?:
    'COMPLETED' | 'PENDING' | 'CAPTURE_DECLINED' | 'CAPTURE_FAILED' | 'DECLINED' | CaptureDecline;
  /**
   * The merchant account's setting for a reused invoice_id: 'block' (default) refuses the
   * capture with DUPLICATE_INVOICE_ID, 'allow' captures it again (a second charge).
   */
  duplicateInvoiceIds?: 'block' | 'allow';
  /** IN_PROGRESS: a refund answers 409 PREVIOUS_REQUEST_IN_PROGRESS and refunds nothing. */
  refund?: 'COMPLETED' | 'IN_PROGRESS';
  /** The captured amount differs from the order's, e.g. "0.01". */
  captureAmount?: string;
  captureCurrency?: string;
  /** The next `times` matching REST calls (any of them when `on` is absent) fail with `status`. */
  failNext?: {
    status: 500 | 503 | 429;
    times?: number;
    on?: 'token' | 'create' | 'capture' | 'get' | 'refund' | 'verify';
  };
}

export type CaptureEventType =
  | 'PAYMENT.CAPTURE.COMPLETED'
  | 'PAYMENT.CAPTURE.DENIED'
  | 'PAYMENT.CAPTURE.PENDING'
  | 'PAYMENT.CAPTURE.REFUNDED'
  | 'PAYMENT.CAPTURE.REVERSED'
  | 'CUSTOMER.DISPUTE.CREATED'
  | 'CUSTOMER.DISPUTE.RESOLVED';

/** `dispute_outcome.outcome_code` as the Disputes v1 document spells it. */
export type DisputeOutcome =
  | 'RESOLVED_BUYER_FAVOUR'
  | 'RESOLVED_SELLER_FAVOUR'
  | 'RESOLVED_WITH_PAYOUT'
  | 'CANCELED_BY_BUYER'
  | 'ACCEPTED'
  | 'DENIED'
  | 'NONE';

/** What an event is about; each option belongs to one event type, any other use is refused. */
export interface CaptureEventOptions {
  /** REFUNDED: a refund of this part of the capture, made now as in PayPal's dashboard. */
  refundAmount?: string;
  /** REFUNDED: the event for this refund of the capture, made earlier (by the API or an event). */
  refundId?: string;
  /** RESOLVED: how the dispute ended; RESOLVED_BUYER_FAVOUR when absent. */
  disputeOutcome?: DisputeOutcome;
}

export interface PaypalWebhookEvent {
  id: string;
  event_version: string;
  create_time: string;
  resource_type: string;
  resource_version?: string;
  event_type: string;
  summary: string;
  resource: Record<string, unknown>;
  links?: PaypalLink[];
}

export interface WebhookDelivery {
  /** The receiver's answer. */
  status: number;
  body: string;
  /** The PayPal-* headers that were sent. */
  headers: Record<string, string>;
  /** The exact bytes delivered: what verification must be given, untouched. */
  payload: string;
}

export interface PaypalDouble {
  /** e.g. http://127.0.0.1:4210: the REST base URL (instead of https://api-m.sandbox.paypal.com). */
  url: string;
  port: number;
  /** The webhook id deliveries are signed for unless sendWebhook is given another. */
  webhookId: string;
  stop(): Promise<void>;
  /** The buyer approves the order in PayPal's window. Returns the approved order. */
  approve(orderId: string, options?: { payerEmail?: string }): PaypalOrder;
  /** Merges into the current behaviour; throws TypeError on an unknown key or value. */
  setBehavior(behavior: PaypalBehavior): PaypalBehavior;
  resetBehavior(): PaypalBehavior;
  /** Every order, in full representation. */
  orders(): PaypalOrder[];
  /**
   * The event PayPal sends when a captured order's payment changes, and the change itself, so a
   * GET agrees afterwards. Capture events set the capture's status (DENIED makes it DECLINED).
   * REFUNDED is about one refund: `refundId`'s, a new one of `refundAmount`, or without either
   * the latest refund of a fully refunded capture, else a new one of what is left. REVERSED
   * gives back what is left (the capture is REFUNDED). A dispute keeps its id from CREATED to
   * RESOLVED; RESOLVED needs a CREATED first. Throws on a refusal (e.g. REFUND_AMOUNT_EXCEEDED),
   * an unknown type or an option the type does not take.
   */
  captureEvent(
    orderId: string,
    eventType?: CaptureEventType,
    options?: CaptureEventOptions,
  ): PaypalWebhookEvent;
  /** POSTs the event with PayPal's transmission headers; only such deliveries verify SUCCESS. */
  sendWebhook(
    targetUrl: string,
    event: PaypalWebhookEvent,
    options?: { webhookId?: string },
  ): Promise<WebhookDelivery>;
}

export interface StartPaypalDoubleOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** When set, only this client id / secret gets a token; unset, any non-empty value does. */
  clientId?: string;
  clientSecret?: string;
  webhookId?: string;
  /**
   * Web pages (origins) besides the double's own that may call its /__double controls: the
   * shop's pages, where the SDK stand-in approves a payment. Browsers on any other site get 403;
   * callers without an Origin (tests, curl) are not browsers and are answered.
   */
  allowedOrigins?: string[];
}

export function startPaypalDouble(options?: StartPaypalDoubleOptions): Promise<PaypalDouble>;

export const DEFAULT_WEBHOOK_ID: string;
