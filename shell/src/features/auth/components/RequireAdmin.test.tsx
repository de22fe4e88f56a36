import type { UserRecord } from '@coldmail/contracts';
import { queryClient } from '@coldmail/query';
import { useSession } from '@coldmail/session';
import {
  signInBuyer,
  startTestApi,
  userRecord,
  type ApiReply,
  type TestApi,
} from '@coldmail/testing';
import { MemoryRouter } from '@coldmail/router/memory';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { loadUserRecord, stopWatchingRecord } from '../api/user-record';
import { RequireAdmin } from './RequireAdmin';

let api: TestApi;

/**
 * The admin area for the signed-in user, whose record GET /users answers with `replies` in turn
 * (the page load's read, then each Retry's), loaded as the shell loads a restored session's.
 */
async function openAdminArea(...replies: ApiReply<UserRecord[]>[]) {
  let reads = 0;
  api = await startTestApi({
    'users.list': () => replies[Math.min(reads++, replies.length - 1)] ?? { body: [] },
  });
  signInBuyer({ apiUrl: api.url, profile: null, queryClient });
  render(
    <MemoryRouter>
      <RequireAdmin>
        <h1>Admin Dashboard</h1>
      </RequireAdmin>
    </MemoryRouter>,
  );
  await loadUserRecord('buyer@example.com');
}

afterEach(async () => {
  stopWatchingRecord();
  useSession.setState({ adapter: null });
  await api.close();
});

describe('RequireAdmin', () => {
  it('shows the admin pages to a user whose record has the Admin role', async () => {
    await openAdminArea({ body: [userRecord({ userRole: 'Admin' })] });
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
  });

  it('tells a user whose record has another role that the page is for admins', async () => {
    await openAdminArea({ body: [userRecord({ userRole: 'Seller' })] });
    expect(await screen.findByRole('heading', { name: 'Not Authorized' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).toBeNull();
  });

  it('says the user data could not be loaded, not that an admin is not one, and retries', async () => {
    await openAdminArea({ status: 500 }, { body: [userRecord({ userRole: 'Admin' })] });

    expect((await screen.findByRole('alert')).textContent, 'a failed load is not a refusal').toBe(
      'User data could not be loaded. Please try again later.',
    );
    expect(screen.queryByRole('heading', { name: 'Not Authorized' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Admin Dashboard' })).toBeNull();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Admin Dashboard' })).toBeTruthy();
    expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /users',
      'GET /users',
    ]);
  });
});
