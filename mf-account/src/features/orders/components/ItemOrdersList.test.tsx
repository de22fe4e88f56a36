import {
  itemOrder,
  renderRemote,
  startTestApi,
  type ApiReply,
  type TestApi,
} from '@coldmail/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import App from '../../../app/App';

let api: TestApi;

async function open(path: string, reply: ApiReply) {
  api = await startTestApi({ 'GET /item-orders': reply });
  renderRemote(App, path, { apiUrl: api.url });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await api.close();
});

describe('item orders', () => {
  it('lists the buyer’s item orders with a link to each item and its access link once paid', async () => {
    await open('/user/orders-history', {
      body: [
        itemOrder({ _id: 'o1', orderId: 'PENDING1', packageName: 'Playbook' }),
        itemOrder({
          _id: 'o2',
          orderId: 'PAIDORD1',
          packageName: 'Templates Pack',
          slug: 'templates-pack',
          itemId: 'item-2',
          paymentStatus: 'Paid',
          accessUrl: 'https://files.example.com/templates',
          createdAt: '2026-04-01T00:00:00.000Z',
        }),
      ],
    });

    const rows = within((await screen.findAllByRole('rowgroup'))[1]!).getAllByRole('row');
    expect(within(rows[0]!).getByText('PAIDORD1')).toBeTruthy();
    expect(
      within(rows[0]!).getByRole('link', { name: 'Templates Pack' }).getAttribute('href'),
    ).toBe('/premium/templates-pack/item-2');
    expect(within(rows[0]!).getByRole('link', { name: 'Access Item' }).getAttribute('href')).toBe(
      'https://files.example.com/templates',
    );
    expect(within(rows[0]!).getByText('Paid')).toBeTruthy();
    expect(within(rows[0]!).getByText('$15.00 USD')).toBeTruthy();
    expect(within(rows[1]!).queryByRole('link', { name: 'Access Item' })).toBeNull();
    expect(api.requests[0]?.query.get('userEmail')).toBe('buyer@example.com');
  });

  it("says 'No orders found' when there are none", async () => {
    await open('/user/orders', { body: [] });
    expect(await screen.findByText('No orders found')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'My Orders' })).toBeTruthy();
  });

  it('says so when the orders cannot be loaded', async () => {
    await open('/user/orders', { status: 500, body: { message: 'down' } });
    expect(
      await screen.findByText('Could not load item orders. Please try again.', {
        selector: 'div',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
