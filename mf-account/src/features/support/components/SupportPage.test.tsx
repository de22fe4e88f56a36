import {
  currentPath,
  recordFailed,
  renderRemote,
  startTestApi,
  supportTicket,
  ticketPage,
  type TestApi,
} from '@coldmail/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import App from '../../../app/App';

let api: TestApi;
afterEach(() => api.close());

const older = supportTicket({
  _id: '660000000000000000000001',
  subject: 'Invoice please',
  createdAt: '2026-11-01T10:00:00.000Z',
  ticketStatus: 'closed',
});
const newer = supportTicket({
  _id: '660000000000000000000002',
  subject: 'Credits missing',
  createdAt: '2026-11-20T10:00:00.000Z',
  adminMessage: [
    { message: 'We are on it.', sender: 'admin', timestamp: '2026-11-20T11:00:00.000Z' },
  ],
});

describe('/user/support', () => {
  it('lists the tickets with their count, asks the API for the filters chosen, and shows a conversation when one is chosen', async () => {
    api = await startTestApi({
      // As the API filters: by status, and by creation time when the query has a range.
      'support.list': ({ query }) => ({
        body: ticketPage(
          [newer, older].filter(
            (ticket) =>
              (!query.get('status') || ticket.ticketStatus === query.get('status')) &&
              (!query.get('from') ||
                (ticket.createdAt >= query.get('from')! && ticket.createdAt < query.get('to')!)),
          ),
        ),
      }),
      'support.get': ({ params }) => ({ body: params.id === newer._id ? newer : older }),
    });
    renderRemote(App, '/user/support', { apiUrl: api.url });
    await screen.findByRole('heading', { name: 'Support Tickets (2)' });
    expect(screen.getByText('Select a ticket to view messages')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'closed' } });
    await screen.findByRole('heading', { name: 'Support Tickets (1)' });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'resolved' } });
    await screen.findByRole('heading', { name: 'Support Tickets (0)' });
    expect(screen.getByText('No tickets match these filters')).toBeTruthy();
    // A range with one end only filters nothing; with both ends it is inclusive.
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    await screen.findByRole('heading', { name: 'Support Tickets (2)' });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-20' } });
    await screen.findByRole('heading', { name: 'Support Tickets (1)' });
    const asked = api.requests
      .filter((request) => request.path === '/support-messages')
      .at(-1)?.query;
    expect(asked?.get('from')).toBe(new Date(2026, 10, 20).toISOString());
    expect(asked?.get('to')).toBe(new Date(2026, 10, 21).toISOString());

    await userEvent.click(screen.getByRole('button', { name: /Credits missing/ }));
    const conversation = await screen.findByRole('region', {
      name: 'Conversation: Credits missing',
    });
    expect(within(conversation).getByText('We are on it.')).toBeTruthy();
    expect(within(conversation).getByText('Support team')).toBeTruthy();
  });

  it('shows each ticket’s newest entry and pages through the tickets', async () => {
    api = await startTestApi({
      'support.list': ({ query }) => ({
        body:
          query.get('page') === '2'
            ? ticketPage([older], { page: 2, total: 21 })
            : ticketPage([newer], { total: 21 }),
      }),
    });
    renderRemote(App, '/user/support', { apiUrl: api.url });
    await screen.findByRole('heading', { name: 'Support Tickets (21)' });
    expect(screen.getByText('Support team: We are on it.')).toBeTruthy();
    expect(screen.getByText(/2 messages/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('button', { name: /Invoice please/ });
    expect(screen.queryByRole('button', { name: /Credits missing/ })).toBeNull();
  });

  it('says so when the user has no ticket yet', async () => {
    api = await startTestApi({ 'support.list': { body: ticketPage([]) } });
    renderRemote(App, '/user/support', { apiUrl: api.url });
    await screen.findByRole('heading', { name: 'Support Tickets (0)' });
    expect(screen.getByText('No tickets yet')).toBeTruthy();
  });

  it('sends a reply as the spec does: in-progress and the conversation with the new entry last', async () => {
    api = await startTestApi({
      'support.list': { body: ticketPage([newer]) },
      'support.get': { body: newer },
      'support.update': { body: { ...newer, ticketStatus: 'in-progress' } },
    });
    renderRemote(App, '/user/support', { apiUrl: api.url });
    await userEvent.click(await screen.findByRole('button', { name: /Credits missing/ }));
    const send = await screen.findByRole('button', { name: 'Send' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Your reply'), 'Any news?');
    await userEvent.click(send);
    await waitFor(() =>
      expect(api.requests.some((request) => request.method === 'PUT')).toBe(true),
    );
    const sent = api.requests.find((request) => request.method === 'PUT');
    expect(sent?.path).toBe(`/support-message-status/${newer._id}`);
    expect(sent?.body).toEqual({
      ticketStatus: 'in-progress',
      adminMessage: [
        { message: 'We are on it.', sender: 'admin', timestamp: '2026-11-20T11:00:00.000Z' },
        { message: 'Any news?' },
      ],
    });
  });

  it('says what to do when the conversation is full', async () => {
    const full =
      'This conversation has reached its length limit. Please open a new ticket to write more.';
    api = await startTestApi({
      'support.list': { body: ticketPage([newer]) },
      'support.get': { body: newer },
      'support.update': { status: 409, body: { statusCode: 409, message: full } },
    });
    renderRemote(App, '/user/support', { apiUrl: api.url });
    await userEvent.click(await screen.findByRole('button', { name: /Credits missing/ }));
    await userEvent.type(await screen.findByLabelText('Your reply'), 'One more thing');
    const logged = vi.spyOn(console, 'error').mockImplementationOnce(() => undefined);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText(full);
    logged.mockRestore();
  });

  it('creates a ticket, says so and goes back to the list', async () => {
    api = await startTestApi({
      'support.create': { body: supportTicket() },
      'support.list': { body: ticketPage([]) },
    });
    renderRemote(App, '/user/create-support', { apiUrl: api.url });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit Ticket' }));
    expect(await screen.findByText('Subject is required')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Subject/), 'Credits missing');
    await userEvent.type(screen.getByLabelText(/Message/), 'They never arrived.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Ticket' }));
    await screen.findByText('Support ticket created successfully');
    await waitFor(() => expect(currentPath()).toBe('/user/support'));
    // The list it lands on has loaded before the test's API goes away.
    await screen.findByRole('heading', { name: 'Support Tickets (0)' });
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      subject: 'Credits missing',
      message: 'They never arrived.',
    });
  });

  it("says 'Error loading user data' once when the user's record cannot be loaded, and keeps the form", async () => {
    api = await startTestApi({});
    renderRemote(App, '/user/create-support', { apiUrl: api.url, profile: null });
    await screen.findByRole('heading', { name: 'Create Support Ticket' });
    expect(screen.queryByText('Error loading user data')).toBeNull();
    await act(() => recordFailed());
    expect(await screen.findAllByText('Error loading user data')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Submit Ticket' })).toBeTruthy();
  });

  it("says 'Failed to create support ticket' when the API refuses", async () => {
    api = await startTestApi({ 'support.create': { status: 500 } });
    renderRemote(App, '/user/create-support', { apiUrl: api.url });
    await userEvent.type(await screen.findByLabelText(/Subject/), 'Hello');
    await userEvent.type(screen.getByLabelText(/Message/), 'World');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Ticket' }));
    await screen.findByText('Failed to create support ticket');
    expect(currentPath()).toBe('/user/create-support');
  });
});
