import { describe, expect, it } from 'vitest';
import { noTicketFilters, ticketQuery } from './ticketQuery';

describe('ticketQuery', () => {
  it('turns both ends of the date range into whole local days, the end included', () => {
    expect(
      ticketQuery({ ...noTicketFilters, from: '2026-11-01', to: '2026-11-05' }, 1, 20),
    ).toEqual({
      page: 1,
      pageSize: 20,
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 10, 6).toISOString(),
    });
  });

  it('ignores a range with only one date set', () => {
    expect(ticketQuery({ ...noTicketFilters, from: '2026-11-06', to: '' }, 2, 20)).toEqual({
      page: 2,
      pageSize: 20,
    });
  });

  it('asks for one status and part of the e-mail, as typed', () => {
    expect(ticketQuery({ ...noTicketFilters, status: 'closed', email: ' bob@W ' }, 1, 10)).toEqual({
      page: 1,
      pageSize: 10,
      status: 'closed',
      email: 'bob@W',
    });
  });
});
