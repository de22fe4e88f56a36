import { z } from 'zod';
import { echoedFieldsOf, emailSchema, type WritableFields } from '../common';
import { userMemberships, userRoles } from '../statuses';

/** Roles a user record can carry. 'Admin' and 'Seller' drive permissions; the rest are plain buyers. */
export const userRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof userRoleSchema>;

export const userMembershipSchema = z.enum(userMemberships);
export type UserMembership = z.infer<typeof userMembershipSchema>;

/** A message an admin sent to the user (POST /send-message), kept on the user's record. */
export const messageLogSchema = z.object({
  subject: z.string(),
  messageBody: z.string(),
  sentAt: z.string(),
  sentBy: z.string(),
});
export type MessageLog = z.infer<typeof messageLogSchema>;

/** A user record as the API returns it (GET /users, GET /users?userEmail=, POST /api/create-user). */
export const userRecordSchema = z.object({
  _id: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  profileURL: z.string().nullable(),
  userRole: userRoleSchema,
  userMembership: userMembershipSchema,
  /** Credits; a whole number, negative only if an admin set it so. */
  currentBalance: z.number().int(),
  aboutMe: z.string(),
  address: z.string(),
  city: z.string(),
  country: z.string(),
  phone: z.string(),
  messageLogs: z.array(messageLogSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

/** GET /users/admins: each admin, with the address under both spellings the screens use. */
export const adminListEntrySchema = z.object({
  _id: z.string(),
  userName: z.string(),
  UserEmail: z.string(),
  userEmail: z.string(),
});
export type AdminListEntry = z.infer<typeof adminListEntrySchema>;

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);

export const userNameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(100, 'At most 100 characters');

/** A photo URL (http or https), or null when the user removed the photo. */
export const profileUrlSchema = z
  .url({ protocol: /^https?$/, error: 'Must be an http(s) URL' })
  .max(2048, 'At most 2048 characters')
  .nullable();

export const phoneSchema = text(30).regex(/^[0-9+()\-.\s]*$/, 'Invalid phone number');

/**
 * POST /api/create-user, called after every sign-in and registration, with the spec's payload.
 * The e-mail always comes from the caller's token: `userEmail`, when sent, must be that address
 * (or the API answers 403) and is never stored from the body. Unknown fields are rejected (400).
 */
export const createUserBodySchema = z.strictObject({
  userName: userNameSchema.optional(),
  userEmail: emailSchema.optional(),
  profileURL: profileUrlSchema.optional(),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

/**
 * PUT /update-user-profile/:id: what a user may change about themselves, each field optional.
 * `email` is in the spec's payload but cannot change: when sent it must be the caller's own
 * address (or the API answers 403). Unknown fields (userRole, userMembership, currentBalance,
 * userEmail...) are rejected with a 400 rather than silently dropped, so a client bug or a
 * tampered request is visible and nothing is written.
 */
export const profileUpdateBodySchema = z.strictObject({
  userName: userNameSchema.optional(),
  email: emailSchema.optional(),
  aboutMe: text(1000).optional(),
  profileURL: profileUrlSchema.optional(),
  address: text(200).optional(),
  city: text(100).optional(),
  country: text(100).optional(),
  phone: phoneSchema.optional(),
});
export type ProfileUpdateBody = z.infer<typeof profileUpdateBodySchema>;

/** A balance an admin sets: whole credits, never below zero (nobody owes credits). */
const balanceSchema = z
  .number('Must be a number')
  .int('Must be a whole number')
  .min(0, 'Credits cannot be negative')
  .max(1_000_000_000, 'Out of range');

/**
 * PUT /api/users/:id (admin), with the spec's payload: name, role, membership and credit balance.
 * The e-mail never changes: `UserEmail`, when sent, must be the user's stored address (or the
 * API answers 403), and it is not a change by itself. A new currentBalance may come with
 * previousBalance, the balance the admin's screen showed: the change is then refused (409) when
 * the balance has moved since, so an edit made on a stale row cannot undo a purchase. A user may
 * be sent back whole as GET answered it (an unchanged balance changes nothing): its `userEmail`
 * must then be the user's address (400 otherwise, as for another record's `_id`), and its other
 * fields (profile, messages, dates) are accepted and ignored.
 */
export const adminUserUpdateBodySchema = z
  .strictObject({
    ...echoedFieldsOf(userRecordSchema),
    userName: userNameSchema.optional(),
    UserEmail: emailSchema.optional(),
    userEmail: emailSchema.optional(),
    userRole: userRoleSchema.optional(),
    userMembership: userMembershipSchema.optional(),
    currentBalance: balanceSchema.optional(),
    // What the admin's screen showed, which may be below zero on an older record.
    previousBalance: z
      .number('Must be a number')
      .int('Must be a whole number')
      .min(-1_000_000_000, 'Out of range')
      .max(1_000_000_000, 'Out of range')
      .optional(),
  })
  .refine(
    // Neither address is a change by itself.
    ({ userName, userRole, userMembership, currentBalance, previousBalance }) =>
      [userName, userRole, userMembership, currentBalance, previousBalance].some(
        (value) => value !== undefined,
      ),
    { message: 'Nothing to update' },
  )
  .refine((body) => body.previousBalance === undefined || body.currentBalance !== undefined, {
    path: ['previousBalance'],
    message: 'previousBalance goes with currentBalance',
  });
export type AdminUserUpdateBody = WritableFields<z.infer<typeof adminUserUpdateBodySchema>>;

/** POST /send-message (admin). messageBody is HTML; the API sanitizes it before sending. */
export const sendMessageBodySchema = z.strictObject({
  toEmail: emailSchema,
  subject: z.string().trim().min(1, 'Subject is required').max(200, 'At most 200 characters'),
  messageBody: z
    .string()
    .trim()
    .min(1, 'Message is required')
    .max(50_000, 'At most 50000 characters'),
});
export type SendMessageBody = z.infer<typeof sendMessageBodySchema>;

export const sendMessageResponseSchema = z.object({
  success: z.literal(true),
  message: z.literal('Message sent successfully.'),
});
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

/** GET /users[?userEmail=]: without userEmail, the whole list (admins only). */
export const userEmailQuerySchema = z.strictObject({
  userEmail: emailSchema.optional(),
});
export type UserEmailQuery = z.infer<typeof userEmailQuerySchema>;

/** DELETE /api/users/:id */
export const deleteUserResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type DeleteUserResponse = z.infer<typeof deleteUserResponseSchema>;
