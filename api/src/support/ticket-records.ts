import {
  TICKET_PREVIEW_LENGTH,
  type SupportTicket as SupportTicketRecord,
  type TicketSummary,
} from '@coldmail/contracts';
import type { AuthContext } from '../auth/auth-context';
import type { SupportTicketData } from './schemas/support-ticket.schema';

/**
 * What a list reads of a ticket: everything but the conversation's texts, which only the newest
 * entry's is taken of (a ticket holds up to 64 KB of them; a page of lists must not).
 */
export const SUMMARY_FIELDS = {
  subject: 1,
  message: { $substrCP: ['$message', 0, TICKET_PREVIEW_LENGTH] },
  createdAt: 1,
  updatedAt: 1,
  ticketStatus: 1,
  priority: 1,
  ticketUserName: 1,
  ticketUserEmail: 1,
  ticketUserProfileURL: 1,
  ticketUserRole: 1,
  userId: 1,
  unreadByAdmin: 1,
  unreadByUser: 1,
  entryCount: { $add: [1, { $size: '$adminMessage' }] },
  lastReply: { $arrayElemAt: ['$adminMessage', -1] },
};

export const isAdmin = (caller: AuthContext | null) => caller?.user?.userRole === 'Admin';

/** What a list's aggregation reads of a ticket (SUMMARY_FIELDS). */
export type TicketSummaryData = Omit<SupportTicketData, 'adminMessage' | 'phone'> & {
  entryCount: number;
  lastReply?: { message: string; timestamp: Date; sender: 'admin' | 'user' };
};

const preview = (text: string) =>
  text.length > TICKET_PREVIEW_LENGTH ? `${text.slice(0, TICKET_PREVIEW_LENGTH - 1)}…` : text;

export function toTicketSummary(
  ticket: TicketSummaryData,
  caller: AuthContext | null,
): TicketSummary {
  const last = ticket.lastReply ?? {
    message: ticket.message,
    timestamp: ticket.createdAt,
    sender: 'user' as const,
  };
  return {
    ...headerOf(ticket, caller),
    lastEntry: {
      message: preview(last.message),
      timestamp: last.timestamp.toISOString(),
      sender: last.sender,
    },
    entryCount: ticket.entryCount,
  };
}

/** What a ticket's summary and the whole ticket both say of it. */
function headerOf(
  ticket: Pick<
    SupportTicketData,
    | '_id'
    | 'subject'
    | 'createdAt'
    | 'updatedAt'
    | 'ticketStatus'
    | 'priority'
    | 'ticketUserName'
    | 'ticketUserEmail'
    | 'ticketUserProfileURL'
    | 'ticketUserRole'
    | 'unreadByAdmin'
    | 'unreadByUser'
    | 'userId'
  >,
  caller: AuthContext | null,
) {
  return {
    _id: ticket._id.toHexString(),
    subject: ticket.subject,
    createdAt: ticket.createdAt.toISOString(),
    updatedAt: ticket.updatedAt.toISOString(),
    ticketStatus: ticket.ticketStatus,
    priority: ticket.priority,
    ticketUserName: ticket.ticketUserName,
    ticketUserEmail: ticket.ticketUserEmail,
    ticketUserProfileURL: ticket.ticketUserProfileURL ?? null,
    ticketUserRole: ticket.ticketUserRole,
    unread: isAdmin(caller) ? ticket.unreadByAdmin : ticket.unreadByUser,
    // Sent through the contact form signed out: its name and address are what the sender typed.
    ...(ticket.userId ? {} : { viaContactForm: true as const }),
  };
}

export function toTicketRecord(
  ticket: SupportTicketData,
  caller: AuthContext | null,
): SupportTicketRecord {
  return {
    ...headerOf(ticket, caller),
    message: ticket.message,
    phone: ticket.phone ?? '',
    adminMessage: ticket.adminMessage.map((entry) => ({
      message: entry.message,
      timestamp: entry.timestamp.toISOString(),
      sender: entry.sender,
    })),
  };
}
