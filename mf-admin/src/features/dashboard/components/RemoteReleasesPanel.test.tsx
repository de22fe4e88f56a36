import type { RemoteReleaseRow } from '@coldmail/contracts';
import { renderRemote, startTestApi, type TestApi, userRecord } from '@coldmail/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

let api: TestApi;
afterEach(() => api.close());

const rows: RemoteReleaseRow[] = [
  {
    remote: 'admin',
    release: '00000000000000bb',
    halted: true,
    loaded: 12,
    failed: 8,
    firstReportAt: '2026-12-06T10:00:00.000Z',
    lastReportAt: '2026-12-06T10:05:00.000Z',
    haltedAt: '2026-12-06T10:04:00.000Z',
    lastFailure: 'Loading chunk admin failed.',
  },
  {
    remote: 'marketing',
    release: '00000000000000aa',
    halted: false,
    loaded: 0,
    failed: 1,
    firstReportAt: '2026-12-06T09:00:00.000Z',
    lastReportAt: '2026-12-06T09:00:00.000Z',
    haltedAt: null,
    lastFailure: 'Hydration failed',
  },
];

describe('the dashboard’s remote releases', () => {
  it('lists failures per release, and the canaries the API stopped', async () => {
    api = await startTestApi({
      'remoteReleases.list': { body: rows },
      'packageOrders.adminList': { body: { items: [], page: 1, pageSize: 1, total: 0 } },
      'users.adminList': { body: { items: [], page: 1, pageSize: 1, total: 0 } },
      'packages.list': { body: [] },
    });
    renderRemote(App, '/admin/dashboard', {
      apiUrl: api.url,
      profile: userRecord({ userRole: 'Admin' }),
    });
    const table = await screen.findByRole('table', { name: 'Remote releases' });
    const [stopped, running] = within(table).getAllByRole('row').slice(1);
    expect(within(stopped as HTMLElement).getByText('00000000000000bb')).toBeTruthy();
    expect(within(stopped as HTMLElement).getByText('40 %')).toBeTruthy();
    expect(within(stopped as HTMLElement).getByText(/^Stopped/)).toBeTruthy();
    expect(within(stopped as HTMLElement).getByText('Loading chunk admin failed.')).toBeTruthy();
    expect(within(running as HTMLElement).getByText('100 %')).toBeTruthy();
    expect(within(running as HTMLElement).getByText('Running')).toBeTruthy();
  });
});
