import { z } from 'zod';

/** A MongoDB ObjectId in its 24-hex-digit text form, as ids appear in paths. */
export const objectIdSchema = z.string().regex(/^[0-9a-fA-F]{24}$/, 'Invalid id');

/** A field of a record that its edit does not set: accepted as GET answered it, and ignored. */
const readOnlyField = z
  .unknown()
  .optional()
  .describe('Read-only: accepted as the record has it, and ignored');
/** The record's own id: ignored, and refused (400) when it names another record than the address. */
const recordIdField = objectIdSchema
  .optional()
  .describe('The record’s id: ignored, refused when it is another record’s');

type EchoedFields<Shape> = {
  [Field in keyof Shape]: Field extends '_id' ? typeof recordIdField : typeof readOnlyField;
};

/**
 * Every field of a record as the API answers it (e.g. geminiKeySchema), accepted and ignored. A
 * record's PUT body spreads them before its own writable fields, which override them and keep
 * their rules: so a client may send a record back whole as GET answered it (the spec's edit forms
 * do), whatever fields the record gains, while a field the record does not have is still refused.
 * The API drops them (withoutEchoedFields) and refuses an `_id` naming another record.
 */
export function echoedFieldsOf<Shape extends z.core.$ZodShape>(
  record: z.ZodObject<Shape>,
): EchoedFields<Shape> {
  return Object.fromEntries(
    Object.keys(record.shape).map((field) => [
      field,
      field === '_id' ? recordIdField : readOnlyField,
    ]),
  ) as EchoedFields<Shape>;
}

/** The fields of a body (an object, or a union of them) that only echo its record. */
export function echoedFieldNames(body: z.ZodType): Set<string> {
  const objects = body instanceof z.ZodUnion ? body.options : [body];
  const names = new Set<string>();
  for (const object of objects) {
    if (!(object instanceof z.ZodObject)) continue;
    for (const [name, field] of Object.entries(object.shape as Record<string, z.ZodType>)) {
      if (field === readOnlyField || field === recordIdField) names.add(name);
    }
  }
  return names;
}

/**
 * A parsed body without the fields it echoed from its record (typed `unknown`, and `_id`): what an
 * edit sets. Distributes over a union of bodies.
 */
export type WritableFields<Body> = Body extends object
  ? Omit<
      Body,
      '_id' | { [Field in keyof Body]-?: unknown extends Body[Field] ? Field : never }[keyof Body]
    >
  : never;

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
