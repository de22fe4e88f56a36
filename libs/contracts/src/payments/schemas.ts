import { z } from 'zod';
import { objectIdSchema } from '../common';

export const paypalCurrencies = ['USD', 'EUR', 'GBP', 'CAD'] as const;
export type PaypalCurrency = (typeof paypalCurrencies)[number];
export const paypalModes = ['sandbox', 'live'] as const;
export const buttonLayouts = ['vertical', 'horizontal'] as const;
export const buttonColors = ['gold', 'blue', 'silver', 'white', 'black'] as const;
export const buttonShapes = ['rect', 'pill'] as const;
export const buttonLabels = ['paypal', 'checkout', 'buynow', 'pay'] as const;

export const buttonStylesSchema = z.object({
  layout: z.enum(buttonLayouts),
  color: z.enum(buttonColors),
  shape: z.enum(buttonShapes),
  label: z.enum(buttonLabels),
});
export type ButtonStyles = z.infer<typeof buttonStylesSchema>;

/**
 * Spec defaults: vertical, blue, rect; label 'pay' on payment pages (the admin form's own default
 * is 'paypal'; what the admin saves is what the buttons show).
 */
export const defaultButtonStyles: ButtonStyles = {
  layout: 'vertical',
  color: 'blue',
  shape: 'rect',
  label: 'pay',
};

/** What the admin form shows while nothing is saved (and after a reset): the label 'paypal'. */
export const adminFormButtonStyles: ButtonStyles = { ...defaultButtonStyles, label: 'paypal' };

/**
 * GET /api/paypal-settings → { success, data }. Everyone gets what the payment buttons need;
 * only admins also get `mode` and the client secret, masked.
 */
export const paypalSettingsSchema = z.object({
  clientId: z.string(),
  currency: z.enum(paypalCurrencies),
  enablePayPal: z.boolean(),
  buttonStyles: buttonStylesSchema,
  mode: z.enum(paypalModes).optional(),
  clientSecret: z.string().optional(),
});
export type PaypalSettings = z.infer<typeof paypalSettingsSchema>;

/**
 * GET /api/paypal-settings?view=payments: what a payment page shows, whoever asks. Without it an
 * admin gets the settings form's view (its default label 'paypal', payments on while the
 * credentials are incomplete), which is not what the buttons show buyers.
 */
export const paypalSettingsQuerySchema = z.strictObject({
  view: z.literal('payments').optional(),
});
export type PaypalSettingsQuery = z.infer<typeof paypalSettingsQuerySchema>;

/** GET, PUT /api/paypal-settings and POST /api/paypal-settings/reset. */
export const paypalSettingsResponseSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: paypalSettingsSchema,
});
export type PaypalSettingsResponse = z.infer<typeof paypalSettingsResponseSchema>;

/** What the masked client secret contains: the first 4 and last 4 characters around it. */
export const SECRET_MASK = '••••';

/**
 * PUT /api/paypal-settings (admin). A clientSecret that is omitted, empty or still the masked
 * value keeps the stored secret.
 */
export const paypalSettingsBodySchema = z.strictObject({
  clientId: z.string().trim().max(200),
  clientSecret: z.string().trim().max(200).optional(),
  mode: z.enum(paypalModes),
  currency: z.enum(paypalCurrencies),
  enablePayPal: z.boolean(),
  buttonStyles: buttonStylesSchema,
});
export type PaypalSettingsBody = z.infer<typeof paypalSettingsBodySchema>;

/** POST /api/paypal/orders: the server creates the PayPal order from the stored order. */
export const createPaypalOrderBodySchema = z.strictObject({
  orderId: objectIdSchema,
  kind: z.enum(['package', 'item']),
});
export type CreatePaypalOrderBody = z.infer<typeof createPaypalOrderBodySchema>;
export const createPaypalOrderResponseSchema = z.object({ id: z.string() });

const paypalIdSchema = (what: string) =>
  z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, `Invalid PayPal ${what} id`);

/**
 * PUT /process-payment-complete/:id and PUT /item-update-payment-status/:id, as our pages call
 * them: only the PayPal order id the buyer approved; the server captures and verifies it.
 */
const serverCaptureBodySchema = z.object({ paypalOrderId: paypalIdSchema('order') });

/**
 * The same calls as the spec's client makes them, after capturing in the browser: the payment
 * completion data (package) or the payment update payload (item). Only the capture id is read:
 * the server looks the capture up at PayPal and checks it belongs to a PayPal order it created
 * for this order, for its amount, to our merchant. Every other field is accepted and ignored.
 */
const reportedCaptureBodySchema = z.looseObject({
  paypalTransactionID: paypalIdSchema('capture'),
  payerEmail: z.unknown().optional(),
  captureTime: z.unknown().optional(),
  paymentId: z.unknown().optional(),
  orderId: z.unknown().optional(),
  status: z.unknown().optional(),
  orderStatus: z.unknown().optional(),
  paymentMethod: z.unknown().optional(),
  MembershipValidity: z.unknown().optional(),
  userEmail: z.unknown().optional(),
  credit: z.unknown().optional(),
});

export const paymentCompletionBodySchema = z.union([
  serverCaptureBodySchema,
  reportedCaptureBodySchema,
]);
export type PaymentCompletionBody = z.infer<typeof paymentCompletionBodySchema>;

/** PUT /process-payment-complete/:id */
export const packagePaymentResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  alreadyProcessed: z.boolean(),
  /** The buyer's credit balance after the payment, so every app can show it at once. */
  currentBalance: z.number().int().optional(),
});
export type PackagePaymentResult = z.infer<typeof packagePaymentResultSchema>;

/** PUT /item-update-payment-status/:id */
export const itemPaymentResultSchema = z.object({
  success: z.boolean(),
  matchedCount: z.number().int(),
  modifiedCount: z.number().int(),
  error: z.string().optional(),
});
export type ItemPaymentResult = z.infer<typeof itemPaymentResultSchema>;
