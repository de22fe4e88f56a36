import {
  packageOrder,
  renderRemote,
  startTestApi,
  type ApiRoutes,
  type TestApi,
} from '@coldmail/testing';
import { addDays } from 'date-fns';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

let api: TestApi;

async function open(orders: ApiRoutes['packageOrders.list']) {
  api = await startTestApi({ 'packageOrders.list': orders });
  renderRemote(App, '/user/subscription-history', { apiUrl: api.url });
}

afterEach(() => api.close());

const day = (n: number) => new Date(Date.UTC(2026, 0, n)).toISOString();
function orders(count: number) {
  return Array.from({ length: count }, (_, index) =>
    packageOrder({
      _id: `order-${index + 1}`,
      orderId: `ORD${String(index + 1).padStart(5, '0')}`,
      packageName: index % 2 ? 'Pro' : 'Starter',
      createdAt: day(index + 1),
    }),
  );
}

const orderIds = () =>
  within(screen.getAllByRole('rowgroup')[1]!)
    .getAllByRole('row')
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('Subscription History', () => {
  it('lists the newest orders first, ten per page', async () => {
    await open({ body: orders(12) });
    expect(await screen.findByRole('heading', { name: 'All Orders' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Subscription History' })).toBeTruthy();
    expect(screen.getByText('View and manage all Subscription History')).toBeTruthy();
    expect(orderIds()).toHaveLength(10);
    expect(orderIds()[0]).toBe('ORD00012');
    expect(screen.getByText('Showing 1 to 10 of 12 entries')).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Page 2' }));
    expect(orderIds()).toEqual(['ORD00002', 'ORD00001']);
  });

  it('toggles a column between ascending and descending', async () => {
    await open({ body: orders(3) });
    await screen.findByRole('heading', { name: 'All Orders' });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: /^Date/ }));
    expect(orderIds()).toEqual(['ORD00001', 'ORD00002', 'ORD00003']);
    await user.click(screen.getByRole('button', { name: /^Date/ }));
    expect(orderIds()).toEqual(['ORD00003', 'ORD00002', 'ORD00001']);
    await user.click(screen.getByRole('button', { name: /^Order ID/ }));
    expect(orderIds()).toEqual(['ORD00001', 'ORD00002', 'ORD00003']);
  });

  it('searches case-insensitively and goes back to the first page', async () => {
    await open({ body: orders(25) });
    await screen.findByRole('heading', { name: 'All Orders' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(orderIds()).toHaveLength(5);

    await user.type(screen.getByPlaceholderText('Search orders...'), 'STARTER');
    expect(orderIds()).toHaveLength(10);
    expect(orderIds()[0]).toBe('ORD00025');
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe(
      'page',
    );

    await user.clear(screen.getByPlaceholderText('Search orders...'));
    await user.type(screen.getByPlaceholderText('Search orders...'), 'ord00007');
    expect(orderIds()).toEqual(['ORD00007']);

    await user.type(screen.getByPlaceholderText('Search orders...'), 'x');
    expect(screen.getByText('No orders found')).toBeTruthy();
  });

  it('shows amounts in USD and the package details with the days left', async () => {
    await open({
      body: [
        packageOrder({
          orderId: 'ABCD1234',
          totalPrice: '29.00',
          MembershipValidity: addDays(new Date(), 10).toISOString(),
        }),
      ],
    });
    expect(await screen.findByText('$29.00 USD')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'View order ABCD1234' }));

    const dialog = screen.getByRole('dialog', { name: 'Package Details' });
    expect(within(dialog).getByTestId('days-left').textContent).toBe('10 days');
    expect(within(dialog).getByText('$29 USD · 300 credits')).toBeTruthy();
  });

  it("says 'No orders found' when there are none", async () => {
    await open({ body: [] });
    expect(await screen.findByText('No orders found')).toBeTruthy();
  });

  it('explains a failed load with its status, as the spec words it', async () => {
    await open({ status: 500, body: { statusCode: 500, message: 'Database unavailable' } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to fetch data: HTTP error! Status: 500',
    );
  });
});
