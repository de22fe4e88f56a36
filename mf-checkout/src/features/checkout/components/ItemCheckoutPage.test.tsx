import {
  currentPath,
  item,
  itemOrder,
  renderRemote,
  startTestApi,
  taxRates,
  userRecord,
  type ApiRoutes,
  type TestApi,
} from '@coldmail/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

const ITEM_ID = '640000000000000000000001';
let api: TestApi;

async function startApi(itemReply: ApiRoutes['items.get']) {
  api = await startTestApi({
    'items.get': itemReply,
    'invoices.taxRates': { body: taxRates() },
    'itemOrders.create': { status: 201, body: itemOrder() },
    'itemOrders.list': { body: [itemOrder()] },
  });
}

afterEach(() => api.close());

describe('item checkout', () => {
  it('shows the item with its price, places the order and shows the pending item orders', async () => {
    await startApi({ body: { success: true, data: item({ name: 'Templates Pack', price: 15 }) } });
    const user = userEvent.setup();
    renderRemote(App, `/item-buy/${ITEM_ID}`, { apiUrl: api.url });

    expect((await screen.findByLabelText<HTMLInputElement>('Item Name')).value).toBe(
      'Templates Pack',
    );
    expect(screen.getByText('Item Price').nextElementSibling?.textContent).toBe('$15.00 USD');
    expect(screen.getByTestId('checkout-total').textContent).toBe('$15.00 USD');

    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByRole('link', { name: 'Pay First Order' })).toBeTruthy();
    expect(currentPath()).toBe('/user/item-pending-payment/');
    expect(api.requests.find((r) => r.path === '/new-item-order')?.body).toEqual({
      itemId: ITEM_ID,
      customerName: 'Bea Buyer',
      address: '1 Main St',
      country: 'Germany',
    });
  });

  it('prices the item with an applied promo code and places the order with it', async () => {
    api = await startTestApi({
      'items.get': { body: { success: true, data: item({ name: 'Templates Pack', price: 15 }) } },
      'invoices.taxRates': { body: taxRates() },
      'promoCodes.quote': {
        body: {
          code: 'FIVEOFF',
          currency: 'USD',
          subtotal: '15.00',
          discount: '5.00',
          processingFee: '0.00',
          total: '10.00',
        },
      },
      'itemOrders.create': { status: 201, body: itemOrder() },
      'itemOrders.list': { body: [itemOrder()] },
    });
    const user = userEvent.setup();
    renderRemote(App, `/item-buy/${ITEM_ID}`, { apiUrl: api.url });

    await user.type(await screen.findByLabelText('Promo code'), 'fiveoff');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Discount (FIVEOFF)')).toBeTruthy();
    expect(screen.getByText('Item Price').nextElementSibling?.textContent).toBe('$15.00 USD');
    expect(screen.getByTestId('checkout-discount').textContent).toBe('−$5.00 USD');
    expect(screen.getByTestId('checkout-total').textContent).toBe('$10.00 USD');
    expect(screen.queryByText('Processing Fee')).toBeNull();
    expect(api.requests.find((r) => r.path === '/api/promo-codes/quote')?.body).toEqual({
      code: 'fiveoff',
      itemId: ITEM_ID,
    });

    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await screen.findByRole('link', { name: 'Pay First Order' });
    expect(api.requests.find((r) => r.path === '/new-item-order')?.body).toMatchObject({
      itemId: ITEM_ID,
      promoCode: 'FIVEOFF',
    });
  });

  it('shows the tax of the buyer’s country and places the order with their company details', async () => {
    await startApi({ body: { success: true, data: item({ name: 'Templates Pack', price: 15 }) } });
    const user = userEvent.setup();
    renderRemote(App, `/item-buy/${ITEM_ID}`, {
      apiUrl: api.url,
      profile: userRecord({ country: 'france' }),
    });

    expect((await screen.findByTestId('checkout-tax')).textContent).toBe('$3.00 USD');
    expect(screen.getByText('VAT (20 %)')).toBeTruthy();
    expect(screen.getByTestId('checkout-total').textContent).toBe('$18.00 USD');
    await user.type(screen.getByLabelText('Company name'), 'Acme SAS');
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await screen.findByRole('link', { name: 'Pay First Order' });
    // An empty company tax ID is left out.
    expect(api.requests.find((r) => r.path === '/new-item-order')?.body).toEqual({
      itemId: ITEM_ID,
      customerName: 'Bea Buyer',
      address: '1 Main St',
      country: 'France',
      companyName: 'Acme SAS',
    });
  });

  it("says 'Item not found' for an unknown item", async () => {
    await startApi({ status: 404, body: { statusCode: 404, message: 'Item not found' } });
    renderRemote(App, `/item-buy/${ITEM_ID}`, { apiUrl: api.url });
    expect(await screen.findByText('Item not found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });

  it("says 'Item not found' for a malformed id, not the server's validation message", async () => {
    await startApi({
      status: 400,
      body: { statusCode: 400, message: 'Validation failed', fieldErrors: { id: 'Invalid id' } },
    });
    renderRemote(App, '/item-buy/garbage', { apiUrl: api.url });

    expect(await screen.findByText('Item not found')).toBeTruthy();
    expect(screen.queryByText('Failed to fetch item')).toBeNull();
    expect(screen.queryByText('Validation failed')).toBeNull();
  });
});
