import type { CreditHistoryEntry } from '@coldmail/contracts';
import {
  currentPath,
  renderRemote,
  startTestApi,
  type ApiRequest,
  type TestApi,
} from '@coldmail/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

let api: TestApi;
afterEach(() => api.close());

function entry(n: number, overrides: Partial<CreditHistoryEntry> = {}): CreditHistoryEntry {
  return {
    _id: `entry-${n}`,
    date: new Date(Date.UTC(2026, 2, n)).toISOString(),
    delta: -1,
    reason: 'generation',
    reference: `gen-${n}`,
    balanceAfter: 100 - n,
    ...overrides,
  };
}

/** The stand-in API: `total` entries, entry n the n-th newest, paged as the API pages them. */
function historyOf(total: number) {
  return (request: ApiRequest) => {
    const page = Number(request.query.get('page'));
    const pageSize = Number(request.query.get('pageSize'));
    const first = (page - 1) * pageSize + 1;
    const last = Math.min(total, page * pageSize);
    const entries = Array.from({ length: Math.max(0, last - first + 1) }, (_, i) =>
      entry(first + i),
    );
    return { body: { entries, page, pageSize, total } };
  };
}

async function open(route: Parameters<typeof startTestApi>[0]['credits.history']) {
  api = await startTestApi({ 'credits.history': route });
  renderRemote(App, '/user/credit-history', { apiUrl: api.url });
}

const rows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Credit History', () => {
  it('shows each change: date, + or − in colour, the reason in words and the balance after', async () => {
    await open({
      body: {
        page: 1,
        pageSize: 10,
        total: 4,
        entries: [
          entry(4, { delta: 7, reason: 'admin-adjustment', balanceAfter: 12 }),
          entry(3, { delta: 1, reason: 'generation-refund', balanceAfter: 5 }),
          entry(2, { delta: -1, reason: 'generation', balanceAfter: 4 }),
          entry(1, { delta: -3, reason: 'payment-reversal', balanceAfter: 0, shortfall: 2 }),
        ],
      },
    });
    await screen.findByRole('heading', { name: 'All Changes' });
    expect(screen.getByRole('heading', { name: 'Credit History' })).toBeTruthy();
    expect(rows().map(cellsOf)).toEqual([
      ['Mar 4, 2026', '+7', 'Adjusted by an administrator', '12'],
      ['Mar 3, 2026', '+1', 'Refund for a failed generation', '5'],
      ['Mar 2, 2026', '−1', 'Email generated', '4'],
      ['Mar 1, 2026', '−3', 'Payment refunded or reversed2 credits had already been spent', '0'],
    ]);
    const [gain, loss] = [screen.getByText('+7'), screen.getByText('−1')];
    expect(gain.className).toMatch(/gain/);
    expect(loss.className).toMatch(/loss/);
  });

  it('asks the API for one page at a time and moves between pages', async () => {
    await open(historyOf(23));
    await screen.findByRole('heading', { name: 'All Changes' });
    expect(rows()).toHaveLength(10);
    expect(screen.getByText('Showing 1 to 10 of 23 entries')).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Mar 21, 2026')).toBeTruthy();
    expect(screen.getByText('Showing 21 to 23 of 23 entries')).toBeTruthy();
    expect(rows().map((row) => cellsOf(row)[0])).toEqual([
      'Mar 21, 2026',
      'Mar 22, 2026',
      'Mar 23, 2026',
    ]);
    const asked = api.requests.map((request) => request.query.toString());
    expect(asked).toEqual(['page=1&pageSize=10', 'page=3&pageSize=10']);
  });

  it('says there is nothing yet and offers to buy credits', async () => {
    await open({ body: { entries: [], page: 1, pageSize: 10, total: 0 } });
    expect(await screen.findByText('No credit changes yet')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Buy credits' }));
    // The next page's code loads first; until then the current page stays.
    await waitFor(() => expect(currentPath()).toBe('/user/select-package'));
  });

  it('explains a failed load', async () => {
    await open({ status: 503 });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not load your credit history: Service Unavailable',
    );
  });

  it('is linked from the dashboard', async () => {
    api = await startTestApi({
      'credits.history': { body: { entries: [], total: 0, page: 1, pageSize: 5 } },
    });
    renderRemote(App, '/user/dashboard', { apiUrl: api.url });
    expect(await screen.findByText('5 credits')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('link', { name: 'See your credit history' }));
    await waitFor(() => expect(currentPath()).toBe('/user/credit-history'));
  });
});
