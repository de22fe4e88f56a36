import { sessionActions } from '@coldmail/session';
import { startTestApi, supportTicket, type TestApi } from '@coldmail/testing';
import { ToastHost } from '@coldmail/ui';
import { createQueryClient, QueryClientProvider } from '@coldmail/query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ContactForm } from './ContactForm';

let api: TestApi;
afterEach(() => api.close());

async function renderForm(reply: Parameters<typeof startTestApi>[0], buttonText?: string) {
  api = await startTestApi(reply);
  sessionActions.configure({ apiBaseUrl: api.url });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ContactForm buttonText={buttonText} />
      <ToastHost />
    </QueryClientProvider>,
  );
}

/** Every field filled in; `phone` as given (left empty when blank). */
async function fillIn({ phone = '+33 1 23 45 67 89' } = {}) {
  await userEvent.type(screen.getByLabelText(/Name/), 'Vera Visitor');
  if (phone) await userEvent.type(screen.getByLabelText(/Phone/), phone);
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
      phone: '+33 1 23 45 67 89',
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
    // The toast may show a moment before the button reads its label again.
    const button = await screen.findByRole('button', { name: 'Send Message' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends nothing until the required fields are filled in', async () => {
    await renderForm({ 'support.create': { body: supportTicket() } });
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('needs a phone number, as it needs the other fields', async () => {
    await renderForm({ 'support.create': { body: supportTicket() } });
    await fillIn({ phone: '' });
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Phone is required')).toBeTruthy();
    expect(screen.queryByText('Name is required')).toBeNull();

    await userEvent.type(screen.getByLabelText(/Phone/), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(screen.getByText('Phone is required')).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('labels its button with the admin’s text, and Sending... while the message goes', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    await renderForm(
      {
        'support.create': async () => {
          await answered;
          return { body: supportTicket() };
        },
      },
      'Ask us anything',
    );
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Ask us anything' }));
    const sending = await screen.findByRole('button', { name: 'Sending...' });
    expect(sending.getAttribute('aria-disabled')).toBe('true');
    answer();
    await screen.findByText('Message Sent Successfully!');
    const button = await screen.findByRole('button', { name: 'Ask us anything' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it('reads Send Message while the admin has left the button text empty', async () => {
    await renderForm({ 'support.create': { body: supportTicket() } }, '');
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeTruthy();
  });
});
