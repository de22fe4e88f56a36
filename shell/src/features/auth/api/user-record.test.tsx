import { queryClient } from '@coldmail/query';
import { currentMe, meKey, sessionActions, useSession } from '@coldmail/session';
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
import { loadUserRecord, stopWatchingRecord, syncUserRecord } from './user-record';

let api: TestApi;

async function signedIn(routes: ApiRoutes) {
  api = await startTestApi(routes);
  // The shell's own query cache, as its bootstrap connects it.
  signInBuyer({ apiUrl: api.url, profile: null, queryClient });
  render(<ToastHost />);
}

afterEach(async () => {
  stopWatchingRecord();
  useSession.setState({ adapter: null });
  await api.close();
});

describe('syncUserRecord', () => {
  it('creates or syncs the record with the registered name and puts it in the session', async () => {
    await signedIn({ 'users.createOrSync': { body: userRecord({ userRole: 'Admin' }) } });

    const record = await syncUserRecord({ userName: 'Bea Buyer' });
    expect(record?.userRole).toBe('Admin');
    expect(currentMe()?.userRole).toBe('Admin');
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
      'users.list': { body: [] },
    });

    expect(await syncUserRecord()).toBeNull();
    expect(queryClient.getQueryState(meKey('buyer@example.com'))?.status).toBe('error');
    expect(await screen.findByText('Your e-mail address is not verified')).toBeTruthy();
  });

  it('reads the record instead when the sync is refused, so the role and credits still show', async () => {
    await signedIn({
      'users.createOrSync': {
        status: 429,
        body: { statusCode: 429, message: 'Too many requests, please try again later' },
      },
      'users.list': { body: [userRecord({ userRole: 'Seller', currentBalance: 7 })] },
    });

    const record = await syncUserRecord();
    expect(record?.userRole).toBe('Seller');
    expect(currentMe()).toMatchObject({ userRole: 'Seller', currentBalance: 7 });
    expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/create-user',
      'GET /users',
    ]);
    expect(api.requests[1]?.query.get('userEmail')).toBe('buyer@example.com');
    // The sync still failed (a pending change to the account did not apply): the user is told.
    expect(await screen.findByText('Too many requests, please try again later')).toBeTruthy();
  });

  it('leaves the record in error, not as a record-less user, when neither the sync nor the read works', async () => {
    await signedIn({
      'users.createOrSync': { status: 503 },
      'users.list': { status: 500 },
    });

    expect(await syncUserRecord()).toBeNull();
    expect(api.requests.map((request) => request.method)).toEqual(['POST', 'GET']);
    expect(currentMe()).toBeNull();
    expect(queryClient.getQueryState(meKey('buyer@example.com'))?.status).toBe('error');
    expect(await screen.findByText('Service Unavailable')).toBeTruthy();
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
    const record = await loadUserRecord('buyer@example.com');
    expect(record?.userRole).toBe('Admin');
    expect(currentMe()?.userRole).toBe('Admin');
    expect(api.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /users',
    ]);
  });

  it("says 'Failed to load user data' when the record cannot be read", async () => {
    await signedIn({
      'users.list': { status: 500, body: { statusCode: 500, message: 'Internal server error' } },
    });
    expect(await loadUserRecord('buyer@example.com')).toBeNull();
    expect(currentMe()).toBeNull();
    expect(queryClient.getQueryState(meKey('buyer@example.com'))?.status).toBe('error');
    expect(await screen.findByText('Failed to load user data')).toBeTruthy();
    expect(screen.queryByText('Internal server error')).toBeNull();
  });

  it('creates the record when the account has none yet', async () => {
    await signedIn({
      'users.list': { body: [] },
      'users.createOrSync': { body: userRecord({ userName: 'New Buyer' }) },
    });
    const record = await loadUserRecord('buyer@example.com');
    expect(record?.userName).toBe('New Buyer');
    expect(api.requests.map((request) => request.method)).toEqual(['GET', 'POST']);
  });
});
