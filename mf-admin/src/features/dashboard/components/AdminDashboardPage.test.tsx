import { renderRemote, startTestApi, type TestApi, userRecord } from '@coldmail/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

let api: TestApi;
afterEach(() => api.close());

describe('/admin/dashboard', () => {
  it('shows live totals on tiles linking to orders, users, support and settings', async () => {
    const empty = { items: [], page: 1, pageSize: 1 };
    api = await startTestApi({
      'packageOrders.adminList': { body: { ...empty, total: 1234 } },
      'users.adminList': { body: { ...empty, total: 56 } },
      'support.summary': { body: { total: 9, open: 4, inProgress: 2, unread: 3 } },
      'packages.list': { body: [] },
    });
    renderRemote(App, '/admin/dashboard', {
      apiUrl: api.url,
      profile: userRecord({ userRole: 'Admin' }),
    });
    const tiles = within(await screen.findByRole('list', { name: 'Overview' }));
    const orders = tiles.getByRole('link', { name: /Total Orders/ });
    expect(await within(orders).findByText('1234')).toBeTruthy();
    expect(orders.getAttribute('href')).toBe('/admin/orders');
    const users = tiles.getByRole('link', { name: /Total Users/ });
    expect(await within(users).findByText('56')).toBeTruthy();
    const support = tiles.getByRole('link', { name: /Support Messages/ });
    expect(await within(support).findByText('unread · 4 open')).toBeTruthy();
    expect(tiles.getByRole('link', { name: /Settings/ }).getAttribute('href')).toBe(
      '/admin/settings',
    );
    // The embedded packages manager and users directory.
    expect(
      await screen.findByText('No packages available. Add a new package to get started.'),
    ).toBeTruthy();
    expect(await screen.findByText('No Users Found')).toBeTruthy();
  });
});
