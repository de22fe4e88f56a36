import { z } from 'zod';
import { emailSchema } from '../common';

/** The spec's tones; professional is the default. */
export const emailTones = [
  'friendly',
  'formal',
  'persuasive',
  'promotional',
  'casual',
  'professional',
  'apologetic',
  'appreciative',
] as const;
export const emailToneSchema = z.enum(emailTones);
export type EmailTone = z.infer<typeof emailToneSchema>;

export const REQUIRED_FIELDS_MESSAGE = 'Recipient name, sender name, and purpose are required';
/** Spec: generating with no usable AI key. */
export const NO_KEYS_TO_GENERATE = 'No API keys available. Please contact administrator.';
/** Spec: enhancing a prompt with no usable AI key. */
export const NO_KEYS_TO_ENHANCE = 'No API keys available. Please try again later.';
export const ENHANCE_NEEDS_PROMPT = 'Please enter a custom prompt to enhance';
/** One generated email costs this many credits. */
export const GENERATION_CREDITS = 1;

const required = (max: number) =>
  z
    .string(REQUIRED_FIELDS_MESSAGE)
    .trim()
    .min(1, REQUIRED_FIELDS_MESSAGE)
    .max(max, `At most ${max} characters`);
const optional = (max: number) =>
  z.string().trim().max(max, `At most ${max} characters`).default('');

/** POST /api/generate-email: the form's fields; an enhanced prompt wins over the custom one. */
export const generateEmailBodySchema = z.strictObject({
  recipientName: required(100),
  senderName: required(100),
  purpose: required(500),
  keyDetails: optional(2000),
  tone: emailToneSchema.default('professional'),
  customPrompt: optional(2000),
  enhancedPrompt: optional(4000),
});
export type GenerateEmailBody = z.input<typeof generateEmailBodySchema>;

export const generatedEmailSchema = z.object({
  subject: z.string(),
  body: z.string(),
  generationId: z.string(),
  /** The caller's balance afterwards. */
  credits: z.number().int(),
});
export type GeneratedEmail = z.infer<typeof generatedEmailSchema>;

export const enhancePromptBodySchema = z.strictObject({
  prompt: z.string(ENHANCE_NEEDS_PROMPT).trim().min(1, ENHANCE_NEEDS_PROMPT).max(2000),
});
export const enhancePromptResponseSchema = z.object({ enhancedPrompt: z.string() });

/** GET /api/generator/availability: whether a generation could get an AI key now (none shown). */
export const generatorAvailabilitySchema = z.object({ keysAvailable: z.boolean() });

/** One generation in the user's history. */
export const generationSchema = z.object({
  _id: z.string(),
  recipientName: z.string(),
  senderName: z.string(),
  purpose: z.string(),
  keyDetails: z.string(),
  tone: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type Generation = z.infer<typeof generationSchema>;

export const creditChangeResponseSchema = z.object({
  success: z.literal(true),
  generationId: z.string(),
  credits: z.number().int(),
});
/**
 * The spec's body of POST /api/deduct-credit and /api/refund-credit: whose credit and how many.
 * The e-mail must be the caller's (the token decides, 403 otherwise); the amount is the server's
 * price of one generation, whatever is sent.
 */
const specCreditChangeBodySchema = z.strictObject({
  userEmail: emailSchema.optional(),
  amount: z.number().finite().optional(),
});

/** POST /api/deduct-credit: nothing, or the spec's body. */
export const deductCreditBodySchema = specCreditChangeBodySchema;

/**
 * POST /api/refund-credit: the generation whose credit to give back (our pages), or the spec's
 * body, which gives back the caller's most recent debit that has no email and no refund yet.
 */
export const refundCreditBodySchema = z.union([
  z.strictObject({ generationId: z.string().regex(/^[0-9a-f]{24}$/, 'Invalid id') }),
  specCreditChangeBodySchema,
]);
