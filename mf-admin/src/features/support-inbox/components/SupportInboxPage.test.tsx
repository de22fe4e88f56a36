import {
  renderRemote,
  startTestApi,
  supportTicket,
  type TestApi,
  userRecord,
} from '@coldmail/testing';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
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
  it('filters by e-mail, any case and partial, and counts unread tickets', async () => {
    api = await startTestApi({ 'support.list': { body: [fromAda, closed] } });
    renderRemote(App, '/admin/support-messages', { apiUrl: api.url, profile: admin });
    await screen.findByRole('heading', { name: 'Tickets (2)' });
    expect(screen.getByText('1 unread')).toBeTruthy();
    expect(screen.getByText('Select a ticket to view the conversation')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search by email'), { target: { value: 'ada@EX' } });
    await screen.findByRole('heading', { name: 'Tickets (1)' });
  });

  it('keeps Send disabled for a closed ticket, and changes a status from the dropdown', async () => {
    api = await startTestApi({
      'support.list': { body: [closed] },
      'support.get': { body: closed },
      'support.update': { body: { ...closed, ticketStatus: 'open' } },
    });
    renderRemote(App, '/admin/support-messages', { apiUrl: api.url, profile: admin });
    await userEvent.click(await screen.findByRole('button', { name: /Old issue/ }));
    await userEvent.type(await screen.findByLabelText('Reply'), 'Hello');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Ticket status'), { target: { value: 'open' } });
    await waitFor(() =>
      expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({
        ticketStatus: 'open',
      }),
    );
  });
});
