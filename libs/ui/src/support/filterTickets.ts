import type { SupportTicket } from '@coldmail/contracts';

export interface TicketFilters {
  /** '' for every status. */
  status: string;
  /** yyyy-mm-dd from a date input; the range applies only when both ends are set. */
  from: string;
  to: string;
  /** Part of the user's e-mail, any case (the admin inbox). */
  email?: string;
}

export const noTicketFilters: TicketFilters = { status: '', from: '', to: '', email: '' };

/** Local midnight of a yyyy-mm-dd date, or null when it is not one. */
function dayStart(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime();
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The spec's ticket filters: status, an inclusive date range used only when both dates are set,
 * and a case-insensitive partial e-mail search.
 */
export function filterTickets(tickets: SupportTicket[], filters: TicketFilters): SupportTicket[] {
  const from = dayStart(filters.from);
  const to = dayStart(filters.to);
  const email = filters.email?.trim().toLowerCase() ?? '';
  return tickets.filter((ticket) => {
    if (filters.status && ticket.ticketStatus !== filters.status) return false;
    if (from !== null && to !== null) {
      const created = new Date(ticket.createdAt).getTime();
      if (created < from || created >= to + DAY_MS) return false;
    }
    if (email && !ticket.ticketUserEmail.toLowerCase().includes(email)) return false;
    return true;
  });
}
