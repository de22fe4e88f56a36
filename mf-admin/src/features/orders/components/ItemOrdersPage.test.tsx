import { itemOrder, renderRemote, startTestApi, type TestApi, userRecord } from '@coldmail/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

let api: TestApi;
afterEach(() => api.close());

describe('/admin/items-orders', () => {
  it('cuts long item names at 30 characters, links the item page and pages by ten', async () => {
    const order = itemOrder({
      packageName: 'The Complete Cold Outreach Playbook, Second Edition',
      orderId: 'ITEM0001',
    });
    api = await startTestApi({
      'itemOrders.adminList': { body: { items: [order], total: 23, page: 1, pageSize: 10 } },
    });
    renderRemote(App, '/admin/items-orders', {
      apiUrl: api.url,
      profile: userRecord({ userRole: 'Admin' }),
    });
    const link = await screen.findByRole('link', { name: 'The Complete Cold Outreach Pla...' });
    // The specification's heading for the page.
    expect(screen.getByRole('heading', { level: 1, name: 'Item Orders Management' })).toBeTruthy();
    expect(link.getAttribute('href')).toBe(`/premium/${order.slug}/${order.itemId}`);
    expect(screen.getByText('Showing 1 to 10 of 23 entries')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete order ITEM0001' })).toBeTruthy();
    expect(api.requests[0]?.query.get('pageSize')).toBe('10');
  });

  it("says 'Showing 1 to 3 of 3 entries' when every order fits on one page", async () => {
    const orders = ['ITEM0001', 'ITEM0002', 'ITEM0003'].map((orderId, index) =>
      itemOrder({ _id: `67000000000000000000000${index + 1}`, orderId }),
    );
    api = await startTestApi({
      'itemOrders.adminList': { body: { items: orders, total: 3, page: 1, pageSize: 10 } },
    });
    renderRemote(App, '/admin/items-orders', {
      apiUrl: api.url,
      profile: userRecord({ userRole: 'Admin' }),
    });
    await screen.findByText('ITEM0003');
    expect(screen.getByText('Showing 1 to 3 of 3 entries')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it("shows 'No orders found' for an empty list", async () => {
    api = await startTestApi({
      'itemOrders.adminList': { body: { items: [], total: 0, page: 1, pageSize: 10 } },
    });
    renderRemote(App, '/admin/items-orders', {
      apiUrl: api.url,
      profile: userRecord({ userRole: 'Admin' }),
    });
    expect(await screen.findByText('No orders found')).toBeTruthy();
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });

  it('hands focus to the table once a deleted row goes, never to the next Delete', async () => {
    let orders = ['ITEM0001', 'ITEM0002'].map((orderId, index) =>
      itemOrder({ _id: `67000000000000000000000${index + 1}`, orderId }),
    );
    api = await startTestApi({
      'itemOrders.adminList': () => ({
        body: { items: orders, total: orders.length, page: 1, pageSize: 10 },
      }),
      'itemOrders.delete': ({ params }) => {
        orders = orders.filter((order) => order._id !== params.id);
        return { body: { success: true, message: 'Order deleted successfully!' } };
      },
    });
    renderRemote(App, '/admin/items-orders', {
      apiUrl: api.url,
      profile: userRecord({ userRole: 'Admin' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete order ITEM0002' }));
    await waitFor(() => expect(screen.queryByText('ITEM0002')).toBeNull());
    // Orders are deleted without a confirmation: a second Enter must delete nothing more.
    await waitFor(() => expect(document.activeElement?.tagName).toBe('CAPTION'));
    expect(document.activeElement?.textContent).toBe('Item orders');
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Delete order ITEM0001' })).toBeTruthy();
    expect(orders).toHaveLength(1);
  });
});
