import { z } from 'zod';

/**
 * The parts of PayPal's REST responses the API reads (Orders v2, OAuth, webhooks), checked on
 * arrival. Everything else PayPal sends is kept but ignored (loose objects).
 */
const money = z.looseObject({ currency_code: z.string(), value: z.string() });
export type PaypalMoney = z.infer<typeof money>;

/** Who is paid: our merchant account, or the payment is not ours. */
const payee = z.looseObject({
  merchant_id: z.string().optional(),
  email_address: z.string().optional(),
});
export type PaypalPayee = z.infer<typeof payee>;

const link = z.looseObject({ href: z.string(), rel: z.string() });

export const paypalCaptureSchema = z.looseObject({
  id: z.string().min(1),
  /** COMPLETED, DECLINED, PENDING, FAILED, PARTIALLY_REFUNDED, REFUNDED */
  status: z.string(),
  amount: money.optional(),
  custom_id: z.string().optional(),
  invoice_id: z.string().optional(),
  create_time: z.string().optional(),
  payee: payee.optional(),
  /** In webhook events: the PayPal order the capture belongs to. */
  supplementary_data: z
    .looseObject({
      related_ids: z.looseObject({ order_id: z.string().optional() }).optional(),
    })
    .optional(),
});
export type PaypalCapture = z.infer<typeof paypalCaptureSchema>;

/** A refund (POST /v2/payments/captures/:id/refund; PAYMENT.CAPTURE.REFUNDED/REVERSED events). */
export const paypalRefundSchema = z.looseObject({
  id: z.string().min(1),
  /** COMPLETED, PENDING, FAILED, CANCELLED */
  status: z.string(),
  amount: money.optional(),
  invoice_id: z.string().optional(),
  custom_id: z.string().optional(),
  /** rel 'up' is the refunded capture. */
  links: z.array(link).optional(),
});
export type PaypalRefund = z.infer<typeof paypalRefundSchema>;

/** A CUSTOMER.DISPUTE.* event's resource: which captures are disputed, and how it ended. */
export const paypalDisputeSchema = z.looseObject({
  dispute_id: z.string().min(1),
  status: z.string().optional(),
  disputed_transactions: z
    .array(z.looseObject({ seller_transaction_id: z.string().optional() }))
    .optional(),
  dispute_outcome: z.looseObject({ outcome_code: z.string().optional() }).optional(),
});

const purchaseUnit = z.looseObject({
  reference_id: z.string().optional(),
  amount: money.optional(),
  custom_id: z.string().optional(),
  invoice_id: z.string().optional(),
  payee: payee.optional(),
  payments: z.looseObject({ captures: z.array(paypalCaptureSchema).optional() }).optional(),
});

export const paypalOrderSchema = z.looseObject({
  id: z.string().min(1),
  /** CREATED, SAVED, APPROVED, VOIDED, COMPLETED, PAYER_ACTION_REQUIRED */
  status: z.string(),
  purchase_units: z.array(purchaseUnit).optional(),
  payer: z.looseObject({ email_address: z.string().optional() }).optional(),
});
export type PaypalOrder = z.infer<typeof paypalOrderSchema>;

export const paypalTokenSchema = z.looseObject({
  access_token: z.string().min(1),
  /** Seconds. */
  expires_in: z.number().positive(),
});

export const paypalVerificationSchema = z.looseObject({ verification_status: z.string() });

/** PayPal's error body: name, message, debug_id and details[].issue. */
export const paypalErrorSchema = z.looseObject({
  name: z.string().optional(),
  error: z.string().optional(),
  debug_id: z.string().optional(),
  details: z.array(z.looseObject({ issue: z.string().optional() })).optional(),
});

/** A webhook event; `resource` is a capture for the PAYMENT.CAPTURE.* events. */
export const paypalWebhookEventSchema = z.looseObject({
  id: z.string().min(1),
  event_type: z.string().min(1),
  resource: z.unknown(),
});

/** POST /v2/checkout/orders */
export interface CreatePaypalOrderRequest {
  intent: 'CAPTURE';
  payment_source: {
    paypal: { experience_context: { shipping_preference: 'NO_SHIPPING' | 'GET_FROM_FILE' } };
  };
  purchase_units: Array<{
    reference_id: string;
    description: string;
    custom_id: string;
    invoice_id: string;
    amount: PaypalMoney & {
      /**
       * A promo code's `discount` is taken off, a tax added to the prices is `tax_total`:
       * item_total + tax_total + handling - discount = value.
       */
      breakdown: {
        item_total: PaypalMoney;
        tax_total?: PaypalMoney;
        handling: PaypalMoney;
        discount?: PaypalMoney;
      };
    };
  }>;
}

/** The PAYPAL-* headers a webhook delivery carries, for signature verification. */
export interface WebhookTransmission {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}
