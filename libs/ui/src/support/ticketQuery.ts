import type { SupportListQuery, TicketStatus } from '@coldmail/contracts';

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
function dayStart(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/**
 * The list query for the spec's ticket filters: status, an inclusive range of the reader's local
 * days used only when both dates are set, and a case-insensitive partial e-mail search. The
 * server filters and pages, so a page holds only matching tickets.
 */
export function ticketQuery(filters: TicketFilters, page: number, pageSize: number) {
  const from = dayStart(filters.from);
  const to = dayStart(filters.to);
  const email = filters.email?.trim() ?? '';
  const query: SupportListQuery = { page, pageSize };
  if (filters.status) query.status = filters.status as TicketStatus;
  if (from && to) {
    query.from = from.toISOString();
    // The end date is inclusive: up to the next local midnight.
    to.setDate(to.getDate() + 1);
    query.to = to.toISOString();
  }
  if (email) query.email = email;
  return query;
}
