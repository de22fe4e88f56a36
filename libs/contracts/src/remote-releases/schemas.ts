import { z } from 'zod';

/** The remotes a browser may report on (libs/registry/apps.json). */
export const reportedRemotes = ['marketing', 'checkout', 'account', 'admin', 'generator'] as const;

/** A release's id (tools/release): 16 hex digits of its build's content hash. */
export const releaseIdSchema = z.string().regex(/^[0-9a-f]{16}$/, 'A release id: 16 hex digits');

export const remoteReleaseParamsSchema = z.strictObject({
  remote: z.enum(reportedRemotes),
  release: releaseIdSchema,
});

export const remoteReleaseReportSchema = z.strictObject({
  remote: z.enum(reportedRemotes),
  release: releaseIdSchema,
  /** `loaded`: a canary release ran; `failed`: a release could not load or render. */
  outcome: z.enum(['loaded', 'failed']),
  /** What failed, as the browser said it (kept short). */
  reason: z.string().trim().max(300).optional(),
});
export type RemoteReleaseReport = z.infer<typeof remoteReleaseReportSchema>;

export const remoteReleaseStatusSchema = z.object({
  remote: z.enum(reportedRemotes),
  release: z.string(),
  /** Stopped as a canary: its visitors get the live release instead. */
  halted: z.boolean(),
});
export type RemoteReleaseStatus = z.infer<typeof remoteReleaseStatusSchema>;

export const remoteReleaseRowSchema = remoteReleaseStatusSchema.extend({
  /** Loads reported (a canary's visitors report each). */
  loaded: z.number().int(),
  /** Failures reported (any release's visitors report each). */
  failed: z.number().int(),
  firstReportAt: z.string(),
  lastReportAt: z.string(),
  haltedAt: z.string().nullable(),
  lastFailure: z.string().nullable(),
});
export type RemoteReleaseRow = z.infer<typeof remoteReleaseRowSchema>;
