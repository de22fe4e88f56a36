import { createQueryClient, sessionActions } from '@coldmail/session';
import { startTestApi, supportTicket, type TestApi } from '@coldmail/testing';
import { ToastHost } from '@coldmail/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ContactForm } from './ContactForm';

let api: TestApi;
afterEach(() => api.close());

async function renderForm(reply: Parameters<typeof startTestApi>[0]) {
  api = await startTestApi(reply);
  sessionActions.configure({ apiBaseUrl: api.url });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ContactForm />
      <ToastHost />
    </QueryClientProvider>,
  );
}

async function fillIn() {
  await userEvent.type(screen.getByLabelText(/Name/), 'Vera Visitor');
  await userEvent.type(screen.getByLabelText(/Email/), 'vera@example.com');
  await userEvent.type(screen.getByLabelText(/Subject/), 'Pricing');
  await userEvent.type(screen.getByLabelText(/Message/), 'Do credits expire?');
}

describe('ContactForm', () => {
  it('sends the message as a support ticket, says so and clears the form', async () => {
    await renderForm({ 'support.create': { body: supportTicket() } });
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByText('Message Sent Successfully!');
    expect(api.requests.find((request) => request.method === 'POST')?.body).toEqual({
      ticketUserName: 'Vera Visitor',
      ticketUserEmail: 'vera@example.com',
      phone: '',
      subject: 'Pricing',
      message: 'Do credits expire?',
    });
    await waitFor(() =>
      expect((screen.getByLabelText(/Subject/) as HTMLInputElement).value).toBe(''),
    );
  });

  it('keeps what was typed and says so when sending fails', async () => {
    await renderForm({ 'support.create': { status: 500 } });
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByText('Failed to send message. Please try again.');
    expect((screen.getByLabelText(/Subject/) as HTMLInputElement).value).toBe('Pricing');
    expect(
      (screen.getByRole('button', { name: 'Send Message' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('sends nothing until the required fields are filled in', async () => {
    await renderForm({ 'support.create': { body: supportTicket() } });
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });
});
