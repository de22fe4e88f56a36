import { exportFormatField } from '../paging';
import { z } from 'zod';

/** What an admin changed, in the product's nouns: `<thing>.<verb>`, e.g. 'user.update'. */
export const auditActionSchema = z
  .string()
  .trim()
  .max(60)
  .regex(/^[a-z][a-z-]*(\.[a-z][a-z-]*)+$/, 'Invalid action');

/** One recorded admin change: who, what, on which record, before and after, when. */
export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  action: z.string(),
  actor: z.object({ email: z.string(), userId: z.string().nullable() }),
  target: z.object({ kind: z.string(), id: z.string().nullable(), label: z.string().nullable() }),
  /** Snapshots with secrets masked; null where there is nothing (a create has no before). */
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const dateOnly = z.iso.date('Use YYYY-MM-DD');

/** GET /api/audit-log: newest first, filtered; `from`/`to` are inclusive days (UTC). */
export const auditQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  action: auditActionSchema.optional(),
  /** Part of the acting admin's e-mail, case-insensitive. */
  actor: z.string().trim().max(254).optional(),
  targetKind: z
    .string()
    .trim()
    .max(40)
    .regex(/^[a-z][a-z-]*$/, 'Invalid kind')
    .optional(),
  from: dateOnly.optional(),
  to: dateOnly.optional(),
  ...exportFormatField,
});
export type AuditQuery = z.output<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  items: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
