import { z } from 'zod';
import { objectIdSchema } from '../common';
import {
  businessBuyerFields,
  orderCreditNoteSchema,
  orderInvoiceSchema,
  orderTaxSchema,
} from '../invoices/schemas';
import { orderPromoCodeField } from '../promo-codes/schemas';

/** What a buyer types at checkout; everything else comes from the stored package or item. */
const billingFields = {
  customerName: z
    .string()
    .trim()
    .min(1, 'Full name is required')
    .max(100, 'At most 100 characters'),
  address: z.string().trim().min(1, 'Address is required').max(300, 'At most 300 characters'),
  country: z.string().trim().min(1, 'Country is required').max(100, 'At most 100 characters'),
  ...businessBuyerFields,
};

/**
 * POST /new-order. Prices, credits, validity, e-mail, ids and statuses are never taken from the
 * client: other fields are dropped. With `promoCode`, the server prices the order with the code
 * and holds one of its uses for it (or refuses the order, saying why).
 */
export const newOrderBodySchema = z.object({
  packageId: objectIdSchema,
  ...billingFields,
  ...orderPromoCodeField,
});
export type NewOrderBody = z.infer<typeof newOrderBodySchema>;

/** POST /new-item-order: same rule, for a digital item. */
export const newItemOrderBodySchema = z.object({
  itemId: objectIdSchema,
  ...billingFields,
  ...orderPromoCodeField,
});
export type NewItemOrderBody = z.infer<typeof newItemOrderBodySchema>;

/** The checkout form (both kinds): the billing fields. */
export const billingFormSchema = z.object(billingFields);
export type BillingForm = z.infer<typeof billingFormSchema>;

/** What package and item orders share: codes, money as 2-decimal strings, statuses, billing, payment. */
const payableOrderFields = {
  _id: z.string(),
  orderId: z.string(),
  paymentId: z.string(),
  packageId: z.string(),
  packageName: z.string(),
  packagePrice: z.number(),
  processingFee: z.string(),
  /** What the buyer pays: packagePrice - discount + processingFee (+ tax when prices exclude it). */
  totalPrice: z.string(),
  /** The promo code the order was placed with, upper-case; only on such orders. */
  promoCode: z.string().optional(),
  /** With a promo code: the price before it, and what it took off (2-decimal strings). */
  subtotal: z.string().optional(),
  discount: z.string().optional(),
  /** The buyer country's tax, as placed; none where the country pays none. */
  tax: orderTaxSchema.optional(),
  /** A business buyer's company and tax id, for their invoice. */
  companyName: z.string().optional(),
  companyTaxId: z.string().optional(),
  /** Once paid: the invoice, numbered in the year's sequence. */
  invoice: orderInvoiceSchema.optional(),
  /** One per refund, numbered in the year's sequence of credit notes. */
  creditNotes: z.array(orderCreditNoteSchema).optional(),
  paymentStatus: z.string(),
  orderStatus: z.string(),
  paymentMethod: z.string().optional(),
  customerEmail: z.string(),
  customerName: z.string(),
  address: z.string(),
  country: z.string(),
  /** dd/mm/yyyy */
  orderDate: z.string(),
  /** The ISO code of the currency the order is priced and paid in (the store's when it was placed). */
  currency: z.string(),
  paypalTransactionID: z.string().optional(),
  payerEmail: z.string().optional(),
  captureTime: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** A package order as the API returns it (spec section 3). */
export const packageOrderSchema = z.object({
  ...payableOrderFields,
  credit: z.number().int(),
  Validity: z.number().int(),
  featuredImage: z.string().optional(),
  MembershipValidity: z.string().optional(),
});
export type PackageOrder = z.infer<typeof packageOrderSchema>;

/**
 * An item order as the API returns it; accessUrl only once paid, and only to its buyer or admins.
 * packageId and packageName carry the item's _id and name, under the names the spec's screens read.
 */
export const itemOrderSchema = z.object({
  ...payableOrderFields,
  itemId: z.string(),
  slug: z.string(),
  imageUrl: z.string().optional(),
  guidelines: z.string().optional(),
  accessUrl: z.string().optional(),
  /** Days of membership; the spec's item order records may carry it, this API does not set it. */
  Validity: z.number().int().optional(),
});
export type ItemOrder = z.infer<typeof itemOrderSchema>;

/** GET /verify-order/:id (item orders; owner or admin): verified once the payment is captured. */
export const verifyOrderResponseSchema = z.object({
  success: z.literal(true),
  verified: z.boolean(),
  paymentStatus: z.string(),
  orderStatus: z.string(),
});
export type VerifyOrderResponse = z.infer<typeof verifyOrderResponseSchema>;

/** DELETE /order/:id, DELETE /item-order/:id, DELETE /package/:id, DELETE /api/items/:id (admin). */
export const deletedResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type DeletedResponse = z.infer<typeof deletedResponseSchema>;
