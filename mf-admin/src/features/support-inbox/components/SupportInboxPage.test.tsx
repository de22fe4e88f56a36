import {
  renderRemote,
  startTestApi,
  supportTicket,
  ticketPage,
  type TestApi,
  userRecord,
} from '@coldmail/testing';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import App from '../../../app/App';

let api: TestApi;
afterEach(() => api.close());

const admin = userRecord({ userRole: 'Admin', userEmail: 'admin@example.com' });
const fromAda = supportTicket({
  _id: '660000000000000000000011',
  subject: 'Ada’s question',
  ticketUserEmail: 'Ada@Example.com',
  unread: true,
});
const closed = supportTicket({
  _id: '660000000000000000000012',
  subject: 'Old issue',
  ticketUserEmail: 'bob@work.test',
  ticketStatus: 'closed',
});

describe('/admin/support-messages', () => {
  it('asks the API for the e-mail typed and counts unread tickets in the whole inbox', async () => {
    api = await startTestApi({
      'support.list': ({ query }) => ({
        body: ticketPage(
          [fromAda, closed].filter((ticket) =>
            ticket.ticketUserEmail.toLowerCase().includes((query.get('email') ?? '').toLowerCase()),
          ),
        ),
      }),
      'support.summary': { body: { total: 40, open: 20, inProgress: 5, unread: 3 } },
    });
    renderRemote(App, '/admin/support-messages', { apiUrl: api.url, profile: admin });
    await screen.findByRole('heading', { name: 'Tickets (2)' });
    expect(await screen.findByText('3 unread')).toBeTruthy();
    expect(screen.getByText('Select a ticket to view the conversation')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search by email'), { target: { value: 'ada@EX' } });
    await screen.findByRole('heading', { name: 'Tickets (1)' });
    const asked = api.requests.filter((request) => request.path === '/support-messages').at(-1);
    expect(asked?.query.get('email')).toBe('ada@EX');
  });

  it('keeps Send disabled for a closed ticket', async () => {
    api = await startTestApi({
      'support.list': { body: ticketPage([closed]) },
      'support.get': { body: closed },
    });
    renderRemote(App, '/admin/support-messages', { apiUrl: api.url, profile: admin });
    await userEvent.click(await screen.findByRole('button', { name: /Old issue/ }));
    await userEvent.type(await screen.findByLabelText('Reply'), 'Hello');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves a status only on Update Status, keeps focus there and says it was saved', async () => {
    api = await startTestApi({
      'support.list': { body: ticketPage([closed]) },
      'support.get': { body: closed },
      'support.update': { body: { ...closed, ticketStatus: 'open' } },
    });
    renderRemote(App, '/admin/support-messages', { apiUrl: api.url, profile: admin });
    await userEvent.click(await screen.findByRole('button', { name: /Old issue/ }));
    const status = (await screen.findByLabelText('Ticket status')) as HTMLSelectElement;
    // What a keyboard user's arrow keys do on a closed select: each option in turn is chosen.
    fireEvent.change(status, { target: { value: 'resolved' } });
    fireEvent.change(status, { target: { value: 'open' } });
    expect(status.value).toBe('open');
    expect(api.requests.filter((request) => request.method === 'PUT')).toEqual([]);

    const update = screen.getByRole('button', { name: 'Update Status' });
    await userEvent.click(update);
    await screen.findByText('Ticket status updated to open');
    expect(api.requests.filter((request) => request.method === 'PUT').map((r) => r.body)).toEqual([
      { ticketStatus: 'open' },
    ]);
    expect(document.activeElement).toBe(update);
  });

  it('says when a status could not be saved', async () => {
    api = await startTestApi({
      'support.list': { body: ticketPage([closed]) },
      'support.get': { body: closed },
      'support.update': { status: 500, body: { statusCode: 500, message: 'Database down' } },
    });
    renderRemote(App, '/admin/support-messages', { apiUrl: api.url, profile: admin });
    await userEvent.click(await screen.findByRole('button', { name: /Old issue/ }));
    fireEvent.change(await screen.findByLabelText('Ticket status'), {
      target: { value: 'open' },
    });
    // The failure is also logged, as the spec has it.
    const logged = vi.spyOn(console, 'error').mockImplementationOnce(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Update Status' }));
    await screen.findByText('Failed to update the ticket status: Database down');
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });
});
