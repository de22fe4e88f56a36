import { z } from 'zod';
import { emailSchema } from '../common';
import { ticketStatus } from '../statuses';

export const ticketStatuses = [
  ticketStatus.open,
  ticketStatus.inProgress,
  ticketStatus.resolved,
  ticketStatus.closed,
] as const;
export const ticketStatusSchema = z.enum(ticketStatuses);

export const MAX_TICKET_SUBJECT = 200;
export const MAX_TICKET_MESSAGE = 5000;
export const MAX_TICKET_PHONE = 40;

/** One entry of a ticket's conversation (the spec's `adminMessage` list holds both sides). */
export const ticketMessageSchema = z.object({
  message: z.string(),
  /** ISO time the server stored it. */
  timestamp: z.string(),
  sender: z.enum(['admin', 'user']),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/** A support ticket as the API answers it. */
export const supportTicketSchema = z.object({
  _id: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  ticketStatus: ticketStatusSchema,
  priority: z.string(),
  ticketUserName: z.string(),
  ticketUserEmail: z.string(),
  ticketUserProfileURL: z.string().nullable(),
  ticketUserRole: z.string(),
  phone: z.string(),
  adminMessage: z.array(ticketMessageSchema),
  /** The other side wrote since the caller last opened the ticket. */
  unread: z.boolean(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

const text = (label: string, max: number) =>
  z
    .string(`${label} is required`)
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/**
 * POST /new-support-message: the landing page's contact form (a visitor) or the user area's
 * Create Ticket. A visitor must give a name, an e-mail and a phone number (the contact form's
 * fields are all required); whether the caller is a visitor is the token's to say, so the
 * service checks those three. A signed-in caller's name, e-mail, role and photo come from their
 * record, and Create Ticket asks only for a subject and a message. The spec's other fields
 * (ticketStatus, createdAt, ticketUserRole…) are accepted and ignored.
 * `website` is a honeypot: people never see it, so a value means a bot.
 */
export const newSupportMessageBodySchema = z.object({
  subject: text('Subject', MAX_TICKET_SUBJECT),
  message: text('Message', MAX_TICKET_MESSAGE),
  ticketUserName: z.string().trim().max(100, 'Name is too long').optional(),
  ticketUserEmail: emailSchema.optional(),
  phone: z.string().trim().max(MAX_TICKET_PHONE, 'Phone number is too long').optional(),
  website: z.string().max(200).optional(),
});
export type NewSupportMessageBody = z.input<typeof newSupportMessageBodySchema>;

/** GET /support-messages: a user gets their own tickets whatever the query; admins filter. */
export const supportListQuerySchema = z.strictObject({
  userEmail: emailSchema.optional(),
});
export type SupportListQuery = z.infer<typeof supportListQuerySchema>;

/**
 * PUT /support-message-status/:id: the spec's client sends the status and the whole conversation
 * with its new entry last. The server keeps what it stored and appends only that last entry,
 * with its own time and the sender taken from the caller's token.
 */
export const updateTicketBodySchema = z.object({
  ticketStatus: ticketStatusSchema.optional(),
  adminMessage: z
    .array(
      z.object({
        message: z
          .string()
          .max(MAX_TICKET_MESSAGE, `A reply must be at most ${MAX_TICKET_MESSAGE} characters`),
      }),
    )
    .max(10_000)
    .optional(),
});
export type UpdateTicketBody = z.input<typeof updateTicketBodySchema>;

/** GET /api/support-messages/summary (Admin): the inbox's counts for the dashboard tile. */
export const supportSummarySchema = z.object({
  total: z.number().int(),
  open: z.number().int(),
  inProgress: z.number().int(),
  unread: z.number().int(),
});
export type SupportSummary = z.infer<typeof supportSummarySchema>;
