import { z } from 'zod';
import { numberFrom } from './packages';

/** A digital item for sale; its accessUrl is never sent before the buyer has paid. */
export const itemSchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  price: z.number(),
  imageUrl: z.string().optional(),
  guidelines: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Item = z.infer<typeof itemSchema>;

/** GET /item/:id */
export const itemResponseSchema = z.object({ success: z.literal(true), data: itemSchema });

/** Admin create/edit of an item. */
export const itemBodySchema = z.strictObject({
  name: z.string().trim().min(1, 'Name is required').max(200, 'At most 200 characters'),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and dashes'),
  price: numberFrom('Price is required').pipe(z.number().min(0).max(100_000)),
  imageUrl: z.union([z.url({ protocol: /^https?$/ }), z.literal('')]).optional(),
  guidelines: z.string().trim().max(5000).optional(),
  accessUrl: z.url({ protocol: /^https?$/, error: 'Access URL must be an http(s) URL' }),
});
export type ItemBody = z.output<typeof itemBodySchema>;
