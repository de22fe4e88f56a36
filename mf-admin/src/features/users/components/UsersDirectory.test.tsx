import { renderRemote, startTestApi, type TestApi, userRecord } from '@coldmail/testing';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import App from '../../../app/App';

let api: TestApi;
afterEach(async () => {
  vi.useRealTimers();
  await api.close();
});

const admin = userRecord({ userRole: 'Admin', userEmail: 'admin@example.com' });
const grace = userRecord({
  _id: '690000000000000000000001',
  userName: 'Grace',
  userEmail: 'grace@example.com',
});
const page = (items: unknown[]) => ({
  body: { items, total: items.length, page: 1, pageSize: 10 } as never,
});

// From here the test's clock moves only when told; the network and the page still answer.
const stopTheClock = () =>
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });

/**
 * Lets `ms` pass in half-second steps, each step's renders and effects done before the next (so a
 * timer an effect sets starts at most a step late: less than the checks' margins below).
 */
async function pass(ms: number) {
  for (let left = ms; left > 0; left -= 500) {
    await act(() => vi.advanceTimersByTimeAsync(Math.min(500, left)));
  }
}

/** Waits for `text` on the stopped clock, letting the requests answer meanwhile. */
async function appears(text: string) {
  // A limit in real time: the stopped clock moves only a millisecond a try.
  const giveUpAt = performance.now() + 3000;
  while (!screen.queryByText(text) && performance.now() < giveUpAt) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
  expect(screen.queryByText(text)).not.toBeNull();
}

// A toast hides when its time is up, then stays on the page for the library's exit animation.
const EXIT_MS = 1000;

/** The spec: the users' success and error messages clear after 3 s. */
async function clearsAfter3s(text: string) {
  await appears(text);
  await pass(3000 + EXIT_MS - 500);
  expect(screen.queryByText(text)).not.toBeNull();
  await pass(1000);
  expect(screen.queryByText(text)).toBeNull();
}

describe('the users directory’s messages', () => {
  it('clear after 3 s when a user is updated', async () => {
    api = await startTestApi({
      'users.adminList': page([grace]),
      'users.adminUpdate': { body: grace },
    });
    renderRemote(App, '/admin/users', { apiUrl: api.url, profile: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit grace@example.com' }));

    stopTheClock();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await clearsAfter3s('User updated successfully');
  });

  it('clear after 3 s when a user cannot be deleted', async () => {
    api = await startTestApi({
      'users.adminList': page([grace]),
      'users.delete': { status: 500 },
    });
    renderRemote(App, '/admin/users', { apiUrl: api.url, profile: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete grace@example.com' }));
    const confirm = within(await screen.findByRole('dialog'));

    stopTheClock();
    fireEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await clearsAfter3s('Failed to delete user: 500');
  });

  it('clear after 3 s when a message is sent', async () => {
    api = await startTestApi({
      'users.adminList': page([grace]),
      'messages.send': { body: { success: true, message: 'Message sent successfully.' } as never },
    });
    renderRemote(App, '/admin/users', { apiUrl: api.url, profile: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Message grace@example.com' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Send Message' }));
    await userEvent.type(modal.getByLabelText('Subject'), 'Hello');
    await userEvent.type(modal.getByLabelText(/Message/), 'Welcome');

    stopTheClock();
    fireEvent.click(modal.getByRole('button', { name: 'Send' }));
    await clearsAfter3s('Message sent successfully.');
  });
});
