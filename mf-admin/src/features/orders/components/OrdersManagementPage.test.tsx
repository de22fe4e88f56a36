import {
  currentPath,
  itemOrder,
  packageOrder,
  renderRemote,
  startTestApi,
  type TestApi,
  userRecord,
} from '@coldmail/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';
import { makeApiUnreachable } from '../../../test/unreachableApi';

let api: TestApi;
afterEach(() => api.close());

const admin = userRecord({ userRole: 'Admin' });
const pending = packageOrder({ _id: '680000000000000000000001', orderId: 'PEND0001' });
const paid = packageOrder({
  _id: '680000000000000000000002',
  orderId: 'PAID0002',
  paymentStatus: 'Paid',
  orderStatus: 'Completed',
});
const page = (items: unknown[], total = items.length) => ({
  body: { items, total, page: 1, pageSize: 5 } as never,
});

describe('/admin/orders', () => {
  it('asks the server for the newest orders first, five a page, and searches from page 1', async () => {
    api = await startTestApi({ 'packageOrders.adminList': page([pending, paid], 12) });
    renderRemote(App, '/admin/orders', { apiUrl: api.url, profile: admin });
    await screen.findByText('PEND0001');
    expect(screen.getByText('Showing 1 to 5 of 12 entries')).toBeTruthy();
    const first = api.requests[0]!.query;
    expect([first.get('sort'), first.get('dir'), first.get('pageSize')]).toEqual([
      'orderDate',
      'desc',
      '5',
    ]);

    await userEvent.type(screen.getByPlaceholderText('Search orders...'), 'growth');
    await waitFor(() => expect(api.requests.at(-1)?.query.get('q')).toBe('growth'));
    expect(api.requests.at(-1)?.query.get('page')).toBe('1');
  });

  it('shows an order’s promo code and discount in its details', async () => {
    const discounted = packageOrder({
      promoCode: 'SPRING20',
      subtotal: '29.00',
      discount: '5.80',
      totalPrice: '23.20',
    });
    api = await startTestApi({ 'packageOrders.adminList': page([discounted]) });
    renderRemote(App, '/admin/orders', { apiUrl: api.url, profile: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Package Details' });
    const detail = (label: string) =>
      within(dialog).getByText(label).nextElementSibling?.textContent;
    expect(detail('Package Price')).toBe('$29 USD');
    expect(detail('Discount (SPRING20)')).toBe('−$5.80 USD');
    expect(detail('Total')).toBe('$23.20 USD');
  });

  it('deletes only pending orders and refunds only paid ones, after confirming', async () => {
    api = await startTestApi({
      'packageOrders.adminList': page([pending, paid]),
      'packageOrders.delete': { body: { success: true, message: 'Order deleted successfully!' } },
      'packageOrders.refund': {
        body: { ...paid, paymentStatus: 'Refunded', orderStatus: 'Refunded' },
      },
    });
    renderRemote(App, '/admin/orders', { apiUrl: api.url, profile: admin });
    await screen.findByText('PEND0001');
    expect(screen.queryByRole('button', { name: 'Delete order PAID0002' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refund order PEND0001' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Delete order PEND0001' }));
    await screen.findByText('Order deleted successfully!');
    expect(
      api.requests.some(
        (request) =>
          request.method === 'DELETE' && request.path === '/order/680000000000000000000001',
      ),
    ).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Refund order PAID0002' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await screen.findByText('Order PAID0002 refunded; its credits were taken back.');
    expect(
      api.requests.some(
        (request) =>
          request.method === 'POST' && request.path === '/order/680000000000000000000002/refund',
      ),
    ).toBe(true);
  });

  it('hands focus to the table once a deleted row goes, never to the next Delete', async () => {
    const later = packageOrder({ _id: '680000000000000000000003', orderId: 'PEND0003' });
    let orders = [pending, later, paid];
    api = await startTestApi({
      'packageOrders.adminList': () => page(orders),
      'packageOrders.delete': ({ params }) => {
        orders = orders.filter((order) => order._id !== params.id);
        return { body: { success: true, message: 'Order deleted successfully!' } };
      },
    });
    renderRemote(App, '/admin/orders', { apiUrl: api.url, profile: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete order PEND0001' }));
    await waitFor(() => expect(screen.queryByText('PEND0001')).toBeNull());
    // Orders are deleted without a confirmation: a second Enter must delete nothing more.
    await waitFor(() => expect(document.activeElement?.tagName).toBe('CAPTION'));
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Delete order PEND0003' })).toBeTruthy();
    expect(orders).toHaveLength(2);
  });

  it("says 'Failed to delete order.' when the server refuses, and keeps the order listed", async () => {
    api = await startTestApi({
      'packageOrders.adminList': page([pending, paid]),
      'packageOrders.delete': {
        status: 409,
        body: { statusCode: 409, message: 'Only pending orders can be deleted' },
      },
    });
    renderRemote(App, '/admin/orders', { apiUrl: api.url, profile: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete order PEND0001' }));
    expect(await screen.findByText('Failed to delete order.')).toBeTruthy();
    expect(screen.queryByText('Order deleted successfully!')).toBeNull();
    // The row stays, its Delete usable again.
    const remove = screen.getByRole('button', { name: 'Delete order PEND0001' });
    expect(remove.hasAttribute('aria-disabled')).toBe(false);
    expect(remove.textContent).toBe('Delete');
  });

  it("says 'Failed to fetch data: HTTP error! Status: 500' when the server fails the list", async () => {
    api = await startTestApi({
      'packageOrders.adminList': {
        status: 500,
        body: { statusCode: 500, message: 'Internal server error' },
      },
    });
    renderRemote(App, '/admin/orders', { apiUrl: api.url, profile: admin });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to fetch data: HTTP error! Status: 500',
    );
  });

  it('gives the network’s reason when the list gets no answer', async () => {
    api = await startTestApi({});
    renderRemote(App, '/admin/orders', { apiUrl: api.url, profile: admin });
    // Before the page's code is in, so its first request already goes nowhere.
    makeApiUnreachable();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to fetch data: Network Error',
    );
  });

  it('switches between the package orders and the item orders, marking the list shown', async () => {
    api = await startTestApi({
      'packageOrders.adminList': page([pending]),
      'itemOrders.adminList': {
        body: { items: [itemOrder({ orderId: 'ITEM0001' })], total: 1, page: 1, pageSize: 10 },
      },
    });
    renderRemote(App, '/admin/orders', { apiUrl: api.url, profile: admin });
    await screen.findByText('PEND0001');
    const tabs = within(screen.getByRole('navigation', { name: 'Orders' }));
    expect(tabs.getByRole('link', { name: 'Package orders' }).getAttribute('aria-current')).toBe(
      'page',
    );

    await userEvent.click(tabs.getByRole('link', { name: 'Item orders' }));
    await screen.findByText('ITEM0001');
    expect(currentPath()).toBe('/admin/items-orders');
    const itemTabs = within(screen.getByRole('navigation', { name: 'Orders' }));
    expect(itemTabs.getByRole('link', { name: 'Item orders' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(
      itemTabs.getByRole('link', { name: 'Package orders' }).hasAttribute('aria-current'),
    ).toBe(false);

    await userEvent.click(itemTabs.getByRole('link', { name: 'Package orders' }));
    await screen.findByText('PEND0001');
    expect(currentPath()).toBe('/admin/orders');
  });
});
