import { paypalCurrencies } from '../payments/schemas';
import { z } from 'zod';
import { priceFrom } from '../packages/schemas';
import { echoedFieldsOf, type WritableFields } from '../common';

/** A digital item for sale; its accessUrl is never sent before the buyer has paid. */
export const itemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  price: z.number(),
  /** The currency the price is in: the store's (PayPal settings). */
  currency: z.enum(paypalCurrencies),
  imageUrl: z.string().optional(),
  guidelines: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Item = z.infer<typeof itemSchema>;

/** An item as admins see it (create, edit, and GET /api/items with an admin's token). */
export const adminItemSchema = itemSchema.extend({ accessUrl: z.string() });
export type AdminItem = z.infer<typeof adminItemSchema>;

/** GET /item/:id (public): never the accessUrl. */
export const itemResponseSchema = z.object({ success: z.literal(true), data: itemSchema });

/**
 * GET /api/items (public): every item, newest first; each carries accessUrl only when the caller
 * is an admin. POST /api/items and PUT /api/items/:id (admin) answer the adminItemSchema item.
 */
export const itemListSchema = z.array(itemSchema.extend({ accessUrl: z.string().optional() }));
export type ItemList = z.infer<typeof itemListSchema>;

/**
 * Admin create/edit of an item (PUT replaces every field; slugs are unique). The record's other
 * fields (its id, dates and the store's currency) are accepted and ignored, so an item may be
 * sent back whole as the admin's GET answered it.
 */
export const itemBodySchema = z.strictObject({
  ...echoedFieldsOf(adminItemSchema),
  name: z.string().trim().min(1, 'Name is required').max(200, 'At most 200 characters'),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(100, 'At most 100 characters')
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and dashes'),
  price: priceFrom('Price'),
  imageUrl: z.union([z.url({ protocol: /^https?$/ }), z.literal('')]).optional(),
  guidelines: z.string().trim().max(5000).optional(),
  accessUrl: z.url({ protocol: /^https?$/, error: 'Access URL must be an http(s) URL' }),
});
export type ItemBody = WritableFields<z.output<typeof itemBodySchema>>;
