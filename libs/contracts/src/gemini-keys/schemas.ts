import { z } from 'zod';
import { echoedFieldsOf, type WritableFields } from '../common';

/** Spec: 'Name and key are required' when either is blank after trimming; nothing is sent. */
export const GEMINI_KEY_REQUIRED_MESSAGE = 'Name and key are required';

// The key travels in an HTTP header (x-goog-api-key), so only visible ASCII can work; anything
// else would fail on every call rather than here.
const keyCharacters = /^[\x21-\x7e]+$/;
const KEY_CHARACTERS_MESSAGE = 'The key may contain only letters, digits and symbols, no spaces';

const name = z
  .string()
  .trim()
  .min(1, GEMINI_KEY_REQUIRED_MESSAGE)
  .max(100, 'Name is too long (at most 100 characters)');

const key = z
  .string()
  .trim()
  // abort: a blank key gets only the spec's message, not the character rule's as well.
  .min(1, { message: GEMINI_KEY_REQUIRED_MESSAGE, abort: true })
  .max(256, 'Key is too long (at most 256 characters)')
  .regex(keyCharacters, KEY_CHARACTERS_MESSAGE);

/** POST /api/gemini-keys, and the admin's add and edit forms. A new key is active unless told. */
export const geminiKeyBodySchema = z.strictObject({
  name,
  key,
  isActive: z.boolean().default(true),
});
export type GeminiKeyBody = z.input<typeof geminiKeyBodySchema>;

/**
 * What the key pool makes of a key: `active` (used), `cooling` (rate-limited by Google until
 * `coolingUntil`), `failing` (Google refused it as invalid or revoked, see `lastError`; skipped
 * until an admin edits or re-activates it) or `inactive` (switched off by an admin).
 */
export const geminiKeyStatuses = ['active', 'cooling', 'failing', 'inactive'] as const;

/** A stored key as admins see it: never the key itself, only its mask. */
export const geminiKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The first 8 and last 4 characters around '...'; a short key is masked entirely. */
  key: z.string(),
  isActive: z.boolean(),
  status: z.enum(geminiKeyStatuses),
  /** ISO time until which a rate-limited key is skipped; null when not cooling down. */
  coolingUntil: z.string().nullable(),
  /** Google's message for the latest failure with this key. */
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  /** Calls made with the key, failed ones included. */
  useCount: z.number().int(),
  /** Tokens its calls used, as Gemini counts them (prompt and answer). */
  tokenCount: z.number().int(),
  failureCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type GeminiKey = z.infer<typeof geminiKeySchema>;

/**
 * PUT /api/gemini-keys/:id: the whole record, as the spec's edit form sends it; only the name,
 * the key and isActive are set (the rest, the key's state in the pool, is ignored). A key that is
 * empty or still the masked value the list showed keeps the stored key.
 */
export const geminiKeyUpdateBodySchema = z.strictObject({
  ...echoedFieldsOf(geminiKeySchema),
  name,
  key: z
    .string()
    .trim()
    .max(256, 'Key is too long (at most 256 characters)')
    .refine((value) => value === '' || keyCharacters.test(value), KEY_CHARACTERS_MESSAGE),
  isActive: z.boolean(),
});
export type GeminiKeyUpdateBody = WritableFields<z.infer<typeof geminiKeyUpdateBodySchema>>;

/** GET /api/gemini-keys: newest first. */
export const geminiKeyListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(geminiKeySchema),
  message: z.string().optional(),
});

/** POST, PUT, PATCH …/toggle: the key as saved, with the spec's success message. */
export const geminiKeyResponseSchema = z.object({
  success: z.literal(true),
  data: geminiKeySchema,
  message: z.string(),
});

/**
 * POST /api/gemini-keys/:id/test: one small call to the configured model with this key, and what
 * came back: Gemini's answer, or Google's reason for refusing (the key is never in it).
 */
export const geminiKeyTestResponseSchema = z.object({
  success: z.boolean(),
  /** The model called (GEMINI_MODEL). */
  model: z.string(),
  answer: z.string().optional(),
  error: z.string().optional(),
});
export type GeminiKeyTest = z.infer<typeof geminiKeyTestResponseSchema>;

/** A Gemini model name as Google spells it (gemini-3.5-flash-lite, gemma-...). */
export const geminiModelNameSchema = z
  .string()
  .trim()
  .max(100, 'At most 100 characters')
  .regex(/^(gemini|gemma)-[\w.-]+$/, 'A Gemini model name, such as gemini-3.5-flash-lite');

/** GET /api/gemini-model: the model called now, the admin's choice, and GEMINI_MODEL's. */
export const geminiModelSettingsSchema = z.object({
  model: z.string(),
  override: z.string().nullable(),
  default: z.string(),
});
export type GeminiModelSettings = z.infer<typeof geminiModelSettingsSchema>;
export const geminiModelResponseSchema = z.object({
  success: z.literal(true),
  data: geminiModelSettingsSchema,
});

/** PUT /api/gemini-model: a model for every call, or null for GEMINI_MODEL's. */
export const geminiModelBodySchema = z.strictObject({
  model: geminiModelNameSchema.nullable(),
});

/** DELETE /api/gemini-keys/:id */
export const geminiKeyDeletedResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ _id: z.string() }),
  message: z.string(),
});
