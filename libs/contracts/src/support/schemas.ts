import { z } from 'zod';
import { echoedFieldsOf, emailSchema, type WritableFields } from '../common';
import { MAX_PAGE_SIZE, pageSchema, wholeNumber } from '../paging';
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
/**
 * A conversation's bounds: replies per ticket, and UTF-8 bytes of one reply and of all of them.
 * 64 KB keeps every answer that carries a conversation small, and the spec's whole-list PUT of
 * the longest one under the API's 100 KB body limit.
 */
export const MAX_TICKET_ENTRIES = 100;
export const MAX_TICKET_ENTRY_BYTES = 10_000;
export const MAX_TICKET_CONVERSATION_BYTES = 64 * 1024;
/** The characters of the last entry a ticket list shows. */
export const TICKET_PREVIEW_LENGTH = 160;

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
  /**
   * Sent through the contact form while signed out: its name and address are what the sender
   * typed. A user sees such a ticket when it was sent under their verified address.
   */
  viaContactForm: z.literal(true).optional(),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

/**
 * A ticket as a list shows it: who and what, its status, the start of its newest entry and how
 * many entries it has. The conversation itself comes only with the ticket (GET by id).
 */
export const ticketSummarySchema = supportTicketSchema
  .omit({ message: true, adminMessage: true, phone: true })
  .extend({
    /** The newest entry (the first message when nobody replied yet), its text shortened. */
    lastEntry: ticketMessageSchema,
    /** The first message and every reply. */
    entryCount: z.number().int().positive(),
  });
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

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

/**
 * GET /support-messages: one page of tickets, newest first, filtered by status and by a creation
 * time range (ISO instants: the browser turns the spec's inclusive local dates into them). A user
 * gets their own tickets whatever the query; admins may also filter by address, exactly
 * (`userEmail`, the spec's) or by part of it in any case (`email`).
 */
export const supportListQuerySchema = z.strictObject({
  page: wholeNumber(1, 1_000_000).default(1),
  pageSize: wholeNumber(1, MAX_PAGE_SIZE).default(20),
  status: ticketStatusSchema.optional(),
  from: z.iso.datetime({ offset: true, error: 'Must be an ISO date-time' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'Must be an ISO date-time' }).optional(),
  email: z.string().trim().max(100, 'Search text is too long').optional(),
  userEmail: emailSchema.optional(),
});
export type SupportListQuery = z.input<typeof supportListQuerySchema>;

export const ticketPageSchema = pageSchema(ticketSummarySchema);
export type TicketPage = z.infer<typeof ticketPageSchema>;

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/**
 * PUT /support-message-status/:id: the spec's client sends the ticket with its status and the
 * whole conversation, its new entry last. The server keeps what it stored and appends only that
 * last entry, with its own time and the sender taken from the caller's token. The ticket's and
 * the entries' other fields are accepted and ignored.
 */
export const updateTicketBodySchema = z.strictObject({
  ...echoedFieldsOf(supportTicketSchema),
  ticketStatus: ticketStatusSchema.optional(),
  adminMessage: z
    .array(
      z.strictObject({
        ...echoedFieldsOf(ticketMessageSchema),
        message: z
          .string()
          .max(MAX_TICKET_MESSAGE, `A reply must be at most ${MAX_TICKET_MESSAGE} characters`)
          .refine((message) => utf8Bytes(message) <= MAX_TICKET_ENTRY_BYTES, {
            message: `A reply must be at most ${MAX_TICKET_ENTRY_BYTES} bytes`,
          }),
      }),
    )
    // The stored conversation and its new entry.
    .max(MAX_TICKET_ENTRIES + 1, `A ticket holds at most ${MAX_TICKET_ENTRIES} replies`)
    .optional(),
});
export type UpdateTicketBody = WritableFields<z.input<typeof updateTicketBodySchema>>;

/** GET /api/support-messages/summary (Admin): the inbox's counts for the dashboard tile. */
export const supportSummarySchema = z.object({
  total: z.number().int(),
  open: z.number().int(),
  inProgress: z.number().int(),
  unread: z.number().int(),
});
export type SupportSummary = z.infer<typeof supportSummarySchema>;
