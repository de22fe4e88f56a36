import type { SupportTicket } from '@coldmail/contracts';
import { describe, expect, it } from 'vitest';
import { filterTickets, noTicketFilters } from './filterTickets';

const ticket = (id: string, fields: Partial<SupportTicket>): SupportTicket => ({
  _id: id,
  subject: 'Subject',
  message: 'Message',
  createdAt: new Date(2026, 10, 10, 12).toISOString(),
  updatedAt: new Date(2026, 10, 10, 12).toISOString(),
  ticketStatus: 'open',
  priority: 'normal',
  ticketUserName: 'Ada',
  ticketUserEmail: 'ada@example.com',
  ticketUserProfileURL: null,
  ticketUserRole: 'user',
  phone: '',
  adminMessage: [],
  unread: false,
  ...fields,
});

const tickets = [
  ticket('a', { createdAt: new Date(2026, 10, 1, 0, 0).toISOString() }),
  ticket('b', { createdAt: new Date(2026, 10, 5, 23, 59).toISOString(), ticketStatus: 'closed' }),
  ticket('c', {
    createdAt: new Date(2026, 10, 6, 0, 0).toISOString(),
    ticketUserEmail: 'Bob@Work.test',
  }),
];
const ids = (list: SupportTicket[]) => list.map((entry) => entry._id);

describe('filterTickets', () => {
  it('keeps both ends of the date range, whole days', () => {
    expect(
      ids(filterTickets(tickets, { ...noTicketFilters, from: '2026-11-01', to: '2026-11-05' })),
    ).toEqual(['a', 'b']);
  });

  it('ignores a range with only one date set', () => {
    expect(ids(filterTickets(tickets, { ...noTicketFilters, from: '2026-11-06', to: '' }))).toEqual(
      ['a', 'b', 'c'],
    );
  });

  it('filters by status and by part of the e-mail, any case', () => {
    expect(ids(filterTickets(tickets, { ...noTicketFilters, status: 'closed' }))).toEqual(['b']);
    expect(ids(filterTickets(tickets, { ...noTicketFilters, email: 'bob@W' }))).toEqual(['c']);
  });
});
