import { z } from 'zod';

/** A MongoDB ObjectId in its 24-hex-digit text form, as ids appear in paths. */
export const objectIdSchema = z.string().regex(/^[0-9a-fA-F]{24}$/, 'Invalid id');

/**
 * The fields a client sending a stored record back whole (as the spec's edit forms do) brings
 * along: accepted and ignored, since the address names the record and the server keeps its
 * dates and the store's currency (a price is always in it). An `_id` naming another record than
 * the address is refused (400, see the API).
 */
export const echoedRecordFields = {
  _id: objectIdSchema.optional(),
  createdAt: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
  currency: z.unknown().optional(),
};

/** `/:id` path parameters. */
export const idParamSchema = z.strictObject({ id: objectIdSchema });
export type IdParam = z.infer<typeof idParamSchema>;

/**
 * An e-mail address as the API compares it: trimmed and lower-cased (the sign-in provider
 * lower-cases the addresses it puts in tokens, so stored records must match that form).
 */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Invalid email address format.').max(254, 'Email address is too long'));

/**
 * Every error the API answers with. `fieldErrors` (field path → message) comes with a 400
 * 'Validation failed'; no error ever carries a stack trace.
 */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
  /** The same text, where the spec's client reads it there (a route's `errorField`). */
  error: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** GET /api/health */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'down']),
  auth: z.enum(['up', 'down']),
});
export type Health = z.infer<typeof healthSchema>;
