import type { Stats } from '@coldmail/contracts';
import { renderRemote, startTestApi, type TestApi, userRecord } from '@coldmail/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

let api: TestApi;
afterEach(() => api.close());

const stats: Stats = {
  from: '2026-11-01',
  to: '2026-11-02',
  bucket: 'day',
  points: [
    {
      start: '2026-11-01',
      revenue: [
        { currency: 'EUR', paid: '24.50', refunded: '0.00', net: '24.50' },
        { currency: 'USD', paid: '19.99', refunded: '5.00', net: '14.99', discount: '3.80' },
      ],
      creditsSold: 170,
      creditsSpent: 12,
      newUsers: 3,
      generations: 12,
      geminiFailures: 2,
    },
    {
      start: '2026-11-02',
      revenue: [],
      creditsSold: 0,
      creditsSpent: 4,
      newUsers: 1,
      generations: 4,
      geminiFailures: 0,
    },
  ],
  geminiFailuresByKey: [{ keyId: 'k1', name: 'Primary', failures: [2, 0] }],
};

describe('the dashboard’s revenue and usage', () => {
  it('reads the range an admin picks and shows the same numbers as a table', async () => {
    api = await startTestApi({
      'stats.overTime': { body: stats },
      'packageOrders.adminList': { body: { items: [], page: 1, pageSize: 1, total: 0 } },
      'users.adminList': { body: { items: [], page: 1, pageSize: 1, total: 0 } },
      'packages.list': { body: [] },
    });
    renderRemote(App, '/admin/dashboard', {
      apiUrl: api.url,
      profile: userRecord({ userRole: 'Admin' }),
    });
    const panel = (await screen.findByRole('heading', { name: 'Revenue and usage' })).parentElement
      ?.parentElement as HTMLElement;
    expect(await within(panel).findByText('Net revenue')).toBeTruthy();
    const statsCalls = () => api.requests.filter((request) => request.path === '/api/admin/stats');
    // Thirty days of days by default.
    expect(statsCalls()[0]?.query.get('bucket')).toBe('day');

    await userEvent.click(within(panel).getByRole('button', { name: 'Last 12 months' }));
    await waitFor(() => expect(statsCalls().at(-1)?.query.get('bucket')).toBe('month'));
    expect(
      within(panel).getByRole('button', { name: 'Last 12 months' }).getAttribute('aria-pressed'),
    ).toBe('true');

    await userEvent.click(within(panel).getByRole('button', { name: 'Show as table' }));
    const table = within(await within(panel).findByRole('table'));
    const first = table.getByRole('row', { name: /2026-11-01/ });
    expect(within(first).getByText('€24.50 EUR, $14.99 USD')).toBeTruthy();
    expect(within(first).getByText('170')).toBeTruthy();
    // What promo codes took off, per currency (none in euros that day).
    expect(within(first).getByText('€0.00 EUR, $3.80 USD')).toBeTruthy();
    const second = table.getByRole('row', { name: /2026-11-02/ });
    expect(within(second).getAllByText('—')).toHaveLength(4);
  });
});
