import { z } from 'zod';
import { emailSchema } from '../common';
import { creditHistoryEntrySchema } from '../credits/schemas';
import { generationSchema } from '../generator/schemas';
import { itemOrderSchema, packageOrderSchema } from '../orders/schemas';
import { supportTicketSchema } from '../support/schemas';
import { uploadedImageSchema } from '../uploads/schemas';
import { userRecordSchema } from '../users/schemas';

/**
 * Told when DELETE /api/account's `userEmail` is missing or is not the caller's address (a 400
 * 'Validation failed' with this text under fieldErrors.userEmail; nothing is deleted).
 */
export const ACCOUNT_DELETE_CONFIRMATION = 'Type the e-mail address of your account to confirm.';

/** DELETE /api/account: the caller's e-mail address, typed again (any case) to confirm. */
export const accountDeleteBodySchema = z.strictObject({
  userEmail: z.string({ error: ACCOUNT_DELETE_CONFIRMATION }).pipe(emailSchema),
});
export type AccountDeleteBody = z.infer<typeof accountDeleteBodySchema>;

/** A generation as the export lists it: failed ones too (their inputs are the user's data). */
export const exportedGenerationSchema = generationSchema.extend({
  status: z.enum(['pending', 'done', 'failed']),
});
export type ExportedGeneration = z.infer<typeof exportedGenerationSchema>;

/**
 * GET /api/account/export: what the store keeps of the caller, each part as the API's own reads
 * show it (the file `coldmail-data-<YYYY-MM-DD>.json`).
 */
export const accountExportSchema = z.object({
  /** When the file was made (ISO). */
  exportedAt: z.string(),
  profile: userRecordSchema,
  /** Newest first, as are the lists below. */
  packageOrders: z.array(packageOrderSchema),
  itemOrders: z.array(itemOrderSchema),
  creditHistory: z.array(creditHistoryEntrySchema),
  generations: z.array(exportedGenerationSchema),
  /** With their whole conversations. */
  supportTickets: z.array(supportTicketSchema),
  /** The images the caller uploaded, with their links. */
  uploads: z.array(uploadedImageSchema),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
