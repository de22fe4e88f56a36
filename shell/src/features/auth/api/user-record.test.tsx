import { sessionActions, useSession } from '@coldmail/session';
import {
  signInBuyer,
  startTestApi,
  userRecord,
  type ApiRoutes,
  type TestApi,
} from '@coldmail/testing';
import { ToastHost } from '@coldmail/ui';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadUserRecord, syncUserRecord } from './user-record';

let api: TestApi;

async function signedIn(routes: ApiRoutes) {
  api = await startTestApi(routes);
  signInBuyer({ apiUrl: api.url, profile: null });
  render(<ToastHost />);
}

afterEach(async () => {
  useSession.setState({ adapter: null });
  await api.close();
});

describe('syncUserRecord', () => {
  it('creates or syncs the record with the registered name and puts it in the session', async () => {
    await signedIn({ 'users.createOrSync': { body: userRecord({ userRole: 'Admin' }) } });

    const record = await syncUserRecord({ userName: 'Bea Buyer' });
    expect(record?.userRole).toBe('Admin');
    expect(useSession.getState()).toMatchObject({
      profile: { userRole: 'Admin' },
      profileStatus: 'loaded',
    });
    expect(api.requests[0]).toMatchObject({
      method: 'POST',
      path: '/api/create-user',
      body: { userName: 'Bea Buyer' },
    });
  });

  it('shows the server’s error when the record cannot be created', async () => {
    await signedIn({
      'users.createOrSync': {
        status: 403,
        body: { statusCode: 403, message: 'Your e-mail address is not verified' },
      },
    });

    expect(await syncUserRecord()).toBeNull();
    expect(useSession.getState().profileStatus).toBe('error');
    expect(await screen.findByText('Your e-mail address is not verified')).toBeTruthy();
  });

  it("says 'Failed to create user' when the request cannot be made", async () => {
    await signedIn({ 'users.createOrSync': { body: userRecord() } });
    // Firebase cannot refresh the ID token while the browser is offline.
    sessionActions.configure({
      adapter: {
        getIdToken: () => Promise.reject(new Error('auth/network-request-failed')),
        signOut: async () => undefined,
      },
    });

    expect(await syncUserRecord()).toBeNull();
    expect(await screen.findByText('Failed to create user')).toBeTruthy();
    expect(api.requests).toEqual([]);
  });
});

describe('loadUserRecord (a session restored on page load)', () => {
  it('reads the record without calling the rate-limited create-user', async () => {
    await signedIn({ 'users.list': { body: [userRecord({ userRole: 'Admin' })] } });
    const record = await loadUserRecord('bea@example.com');
    expect(record?.userRole).toBe('Admin');
    expect(useSession.getState()).toMatchObject({ profileStatus: 'loaded' });
    expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /users',
    ]);
  });

  it('creates the record when the account has none yet', async () => {
    await signedIn({
      'users.list': { body: [] },
      'users.createOrSync': { body: userRecord({ userName: 'New Buyer' }) },
    });
    const record = await loadUserRecord('new@example.com');
    expect(record?.userName).toBe('New Buyer');
    expect(api.requests.map((request) => request.method)).toEqual(['GET', 'POST']);
  });
});
