import {
  itemOrder,
  renderRemote,
  startTestApi,
  type ApiRoutes,
  type TestApi,
} from '@coldmail/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

let api: TestApi;

async function open(path: string, reply: ApiRoutes['itemOrders.list']) {
  api = await startTestApi({ 'itemOrders.list': reply });
  renderRemote(App, path, { apiUrl: api.url });
}

afterEach(() => api.close());

describe('item orders', () => {
  it('lists the buyer’s item orders with a link to each item and its access link once paid', async () => {
    await open('/user/orders-history', {
      body: [
        itemOrder({
          _id: '670000000000000000000001',
          orderId: 'PENDING1',
          packageName: 'Playbook',
        }),
        itemOrder({
          _id: '670000000000000000000002',
          orderId: 'PAIDORD1',
          packageName: 'Templates Pack',
          slug: 'templates-pack',
          itemId: '640000000000000000000002',
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
    ).toBe('/premium/templates-pack/640000000000000000000002');
    expect(within(rows[0]!).getByRole('link', { name: 'Access Item' }).getAttribute('href')).toBe(
      'https://files.example.com/templates',
    );
    expect(within(rows[0]!).getByText('Paid')).toBeTruthy();
    expect(within(rows[0]!).getByText('$15.00 USD')).toBeTruthy();
    expect(within(rows[1]!).queryByRole('link', { name: 'Access Item' })).toBeNull();
    expect(api.requests[0]?.query.get('userEmail')).toBe('buyer@example.com');
  });

  it('links a paid order to its invoice, or to its receipt while the invoice is still to be issued', async () => {
    const seller = { name: 'Coldmail Ltd', address: '1 Road', taxId: 'GB123456789' };
    await open('/user/orders-history', {
      body: [
        itemOrder({
          _id: '670000000000000000000003',
          orderId: 'INVOICED',
          paymentStatus: 'Paid',
          invoice: { number: 'INV-2026-000001', issuedAt: '2026-04-01T00:00:00.000Z', seller },
        }),
        itemOrder({ _id: '670000000000000000000004', orderId: 'NOINVOIC', paymentStatus: 'Paid' }),
      ],
    });

    const invoice = await screen.findByRole('link', { name: 'Invoice for order INVOICED' });
    expect(invoice.textContent).toBe('Invoice');
    expect(invoice.getAttribute('href')).toBe('/user/receipt/item/670000000000000000000003');
    const receipt = screen.getByRole('link', { name: 'Receipt for order NOINVOIC' });
    expect(receipt.textContent).toBe('Receipt');
  });

  it("says 'No orders found' when there are none", async () => {
    await open('/user/orders', { body: [] });
    expect(await screen.findByText('No orders found')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'My Orders' })).toBeTruthy();
  });

  it('says so when the orders cannot be loaded, and loads them again on Retry', async () => {
    let calls = 0;
    await open('/user/orders', () =>
      ++calls === 1 ? { status: 500 } : { body: [itemOrder({ orderId: 'LATER001' })] },
    );
    expect(
      await screen.findByText('Could not load item orders. Please try again.', {
        selector: 'div',
      }),
    ).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('LATER001')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
