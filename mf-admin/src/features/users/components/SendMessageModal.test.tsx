import { renderRemote, startTestApi, type TestApi, userRecord } from '@coldmail/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

let api: TestApi;
afterEach(() => api.close());

const admin = userRecord({ userRole: 'Admin', userEmail: 'admin@example.com' });
const grace = userRecord({
  _id: '690000000000000000000001',
  userName: 'Grace',
  userEmail: 'grace@example.com',
});
const owen = userRecord({
  _id: '690000000000000000000002',
  userName: 'Owen',
  userEmail: 'owen@example.com',
});
const page = (items: unknown[]) => ({
  body: { items, total: items.length, page: 1, pageSize: 10 } as never,
});

async function openMessage(email: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Message ${email}` }));
  const modal = within(await screen.findByRole('dialog', { name: 'Send Message' }));
  return {
    modal,
    subject: modal.getByLabelText('Subject') as HTMLInputElement,
    body: modal.getByLabelText(/Message/) as HTMLTextAreaElement,
  };
}

describe('the Send Message modal', () => {
  it('starts empty for the next user after Cancel, not with the last user’s draft', async () => {
    api = await startTestApi({ 'users.adminList': page([grace, owen]) });
    renderRemote(App, '/admin/users', { apiUrl: api.url, profile: admin });
    const toGrace = await openMessage('grace@example.com');
    await userEvent.type(toGrace.subject, 'Your credits');
    await userEvent.type(toGrace.body, 'Hello Grace');
    await userEvent.click(toGrace.modal.getByRole('button', { name: 'Cancel' }));

    const toOwen = await openMessage('owen@example.com');
    expect(toOwen.modal.getByText('To Owen <owen@example.com>')).toBeTruthy();
    expect([toOwen.subject.value, toOwen.body.value]).toEqual(['', '']);
  });

  it('says what the server said once, as a toast, and forgets the failure for the next user', async () => {
    api = await startTestApi({
      'users.adminList': page([grace, owen]),
      'messages.send': {
        status: 503,
        body: { statusCode: 503, message: 'Mailbox unavailable' },
      },
    });
    renderRemote(App, '/admin/users', { apiUrl: api.url, profile: admin });
    const toGrace = await openMessage('grace@example.com');
    await userEvent.type(toGrace.subject, 'Your credits');
    await userEvent.type(toGrace.body, 'Hello Grace');
    await userEvent.click(toGrace.modal.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Mailbox unavailable')).toBeTruthy();
    // Nothing in the dialog contradicts the server's reason; the draft stays for another try.
    expect(toGrace.modal.queryByText('Failed to send message.')).toBeNull();
    expect(toGrace.subject.value).toBe('Your credits');
    await userEvent.click(toGrace.modal.getByRole('button', { name: 'Cancel' }));

    const toOwen = await openMessage('owen@example.com');
    expect(toOwen.modal.queryByRole('alert')).toBeNull();
    expect([toOwen.subject.value, toOwen.body.value]).toEqual(['', '']);
    expect((toOwen.modal.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
