import { renderRemote, startTestApi, type TestApi, userRecord } from '@coldmail/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
      'content.bannerStats': {
        body: {
          success: true,
          data: {
            isActive: false,
            hasYoutubeVideo: false,
            hasBackgroundImage: false,
            lastUpdated: null,
          },
        },
      },
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

  it('opens the home-banner panel, which the settings menu does not list, from the banner tile', async () => {
    const banner = {
      subTitle: 'AI templates',
      mainTitle: 'Cold emails',
      highlightText: 'that land',
      description: 'Fast',
      buttonText: 'Start',
      buttonLink: '/user/generate-email',
      youtubeUrl: '',
      backgroundImage: '',
      isActive: false,
    };
    const empty = { items: [], page: 1, pageSize: 1, total: 0 };
    api = await startTestApi({
      'packageOrders.adminList': { body: empty },
      'users.adminList': { body: empty },
      'support.summary': { body: { total: 0, open: 0, inProgress: 0, unread: 0 } },
      'packages.list': { body: [] },
      'content.bannerStats': {
        body: {
          success: true,
          data: {
            isActive: false,
            hasYoutubeVideo: false,
            hasBackgroundImage: false,
            lastUpdated: null,
          },
        },
      },
      'content.banner': { body: { success: true, message: 'ok', data: banner } },
    });
    renderRemote(App, '/admin/dashboard', {
      apiUrl: api.url,
      profile: userRecord({ userRole: 'Admin' }),
    });
    const tile = await screen.findByRole('link', { name: /Home Banner/ });
    expect(await within(tile).findByText('Hidden')).toBeTruthy();
    await userEvent.click(tile);
    expect(await screen.findByRole('heading', { level: 1, name: 'Home Banner' })).toBeTruthy();
    expect(((await screen.findByLabelText('Main title')) as HTMLInputElement).value).toBe(
      'Cold emails',
    );
    const menu = screen.getByRole('complementary', { name: 'Settings' });
    expect(within(menu).queryByRole('button', { name: 'Home Banner' })).toBeNull();
    expect(within(menu).getByRole('button', { name: 'Banner Section' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Activate Section' })).toBeTruthy();
  });
});
