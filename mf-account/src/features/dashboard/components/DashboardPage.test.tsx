import {
  recordFailed,
  recordLoaded,
  renderRemote,
  startTestApi,
  type TestApi,
  userRecord,
} from '@coldmail/testing';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

let api: TestApi;
afterEach(() => api.close());

describe('/user/dashboard', () => {
  it('welcomes the user, links the five places and shows the balance with recent changes', async () => {
    api = await startTestApi({
      'credits.history': {
        body: {
          entries: [
            {
              _id: '670000000000000000000001',
              date: '2026-11-20T10:00:00.000Z',
              delta: -1,
              reason: 'generation',
              reference: 'generation-1',
              balanceAfter: 41,
            },
            {
              _id: '670000000000000000000002',
              date: '2026-11-19T10:00:00.000Z',
              delta: 42,
              reason: 'purchase',
              reference: 'order-1',
              balanceAfter: 42,
            },
          ],
          total: 2,
          page: 1,
          pageSize: 5,
        },
      },
    });
    renderRemote(App, '/user/dashboard', {
      apiUrl: api.url,
      profile: userRecord({ userName: 'Grace Hopper', currentBalance: 41 }),
    });
    expect(await screen.findByText('Welcome back, Grace Hopper!')).toBeTruthy();
    const shortcuts = within(screen.getByRole('navigation', { name: 'Shortcuts' }));
    expect(shortcuts.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/user/generate-email',
      '/user/pending-payment/',
      '/user/support',
      '/user/subscription-history',
      '/user/select-package',
    ]);
    expect(screen.getByText('41 credits')).toBeTruthy();
    const recent = await screen.findByRole('list', { name: 'Recent credit changes' });
    expect(
      within(recent)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Email generated−1'),
      expect.stringContaining('Credits bought+42'),
    ]);
    expect(api.requests[0]?.query.get('pageSize')).toBe('5');
  });
});

describe('/user/dashboard before the address is verified', () => {
  it('says how many free credits verifying it brings, and a trial grant in words', async () => {
    api = await startTestApi({
      'credits.trialOffer': { body: { credits: 3 } },
      'credits.history': {
        body: {
          entries: [
            {
              _id: '670000000000000000000003',
              date: '2026-11-21T10:00:00.000Z',
              delta: 3,
              reason: 'trial',
              reference: 'trial-1',
              balanceAfter: 3,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 5,
        },
      },
    });
    renderRemote(App, '/user/dashboard', {
      apiUrl: api.url,
      profile: userRecord({ currentBalance: 0 }),
      emailVerified: false,
    });
    expect(
      await screen.findByText(
        'Verify your email address to get 3 free credits to try the generator.',
      ),
    ).toBeTruthy();
    const recent = await screen.findByRole('list', { name: 'Recent credit changes' });
    expect(within(recent).getByText('Free trial credits')).toBeTruthy();
  });
});

describe('/user/dashboard without the user’s record', () => {
  it('says it could not be loaded and offers a retry, instead of waiting for ever', async () => {
    api = await startTestApi({
      'credits.history': { body: { entries: [], total: 0, page: 1, pageSize: 5 } },
    });
    renderRemote(App, '/user/dashboard', { apiUrl: api.url, profile: null });
    await act(() => recordFailed());
    expect(
      await screen.findByText(/User data could not be loaded. Please try again later./),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    act(() => recordLoaded(userRecord({ currentBalance: 7 })));
    expect(await screen.findByText('7 credits')).toBeTruthy();
  });
});
