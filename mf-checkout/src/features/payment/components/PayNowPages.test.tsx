import {
  itemOrder,
  packageOrder,
  paypalSettings,
  renderRemote,
  startTestApi,
  type ApiReply,
  type TestApi,
} from '@coldmail/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import App from '../../../app/App';

const ORDER_ID = '660000000000000000000001';
const ITEM_ORDER_ID = '670000000000000000000001';
let api: TestApi;

async function openPayNow(
  order: ApiReply,
  settings: ApiReply = { body: { success: true, data: paypalSettings() } },
) {
  api = await startTestApi({
    [`GET /order/${ORDER_ID}`]: order,
    [`GET /item-order/${ITEM_ORDER_ID}`]: order,
    'GET /api/paypal-settings': settings,
  });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await api.close();
});

describe('Pay Now (package)', () => {
  it('shows the order, its customer and the PayPal area', async () => {
    await openPayNow({ body: packageOrder({ address: '', country: ' ' }) });
    renderRemote(App, `/pay-now/${ORDER_ID}`, { apiUrl: api.url });

    expect(await screen.findByRole('heading', { level: 1, name: 'Pay Now' })).toBeTruthy();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/');
    expect(within(breadcrumb).getByText('Payment')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pro' })).toBeTruthy();
    expect(screen.getByText('Order ID: ABCD1234')).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toBe('$29.00 USD');
    expect(screen.getByText('PENDING')).toBeTruthy();
    expect(screen.getByText('Bea Buyer')).toBeTruthy();
    expect(screen.getAllByText('Not specified')).toHaveLength(2);
    expect(screen.getByText('Credits').nextElementSibling?.textContent).toBe('300');
    expect(screen.getByText('Loading PayPal...')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Support Team' }).getAttribute('href')).toBe(
      '/contact',
    );
  });

  it("says 'Order Not Found' for an unknown order", async () => {
    await openPayNow({ status: 404, body: { message: 'Order not found' } });
    renderRemote(App, `/pay-now/${ORDER_ID}`, { apiUrl: api.url });

    expect(await screen.findByRole('heading', { name: 'Order Not Found' })).toBeTruthy();
    expect(
      screen.getByText(
        "We couldn't find the order you're looking for. Please check the order ID and try again.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });

  it("says 'Payment Unavailable' when PayPal is switched off", async () => {
    await openPayNow(
      { body: packageOrder() },
      { body: { success: true, data: paypalSettings({ enablePayPal: false }) } },
    );
    renderRemote(App, `/pay-now/${ORDER_ID}`, { apiUrl: api.url });

    expect(await screen.findByRole('heading', { name: 'Payment Unavailable' })).toBeTruthy();
    expect(screen.getByText(/contact support for alternative payment methods/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toBeTruthy();
  });

  it('says so when the payment settings cannot be loaded', async () => {
    await openPayNow({ body: packageOrder() }, { status: 500, body: { message: 'down' } });
    renderRemote(App, `/pay-now/${ORDER_ID}`, { apiUrl: api.url });

    expect(await screen.findByText('Failed to load payment gateway settings')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toBeTruthy();
  });

  it('shows a paid order as paid, without payment buttons', async () => {
    await openPayNow({ body: packageOrder({ paymentStatus: 'Paid', orderStatus: 'Completed' }) });
    renderRemote(App, `/pay-now/${ORDER_ID}`, { apiUrl: api.url });

    expect(await screen.findByText('This order has been paid.')).toBeTruthy();
    expect(screen.getByText('PAID')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'View Subscription History' }).getAttribute('href'),
    ).toBe('/user/subscription-history');
    expect(screen.queryByText('Loading PayPal...')).toBeNull();
    expect(screen.queryByTestId('paypal-buttons')).toBeNull();
  });
});

describe('Pay Now (item)', () => {
  it("names an unnamed item 'Digital Product' and lists the fee only when there is one", async () => {
    await openPayNow({ body: { ...itemOrder({ packageName: '' }), Validity: 365 } });
    renderRemote(App, `/item-pay-now/${ITEM_ORDER_ID}`, { apiUrl: api.url });

    expect(await screen.findByRole('heading', { name: 'Digital Product' })).toBeTruthy();
    expect(screen.getByText('Item Price').nextElementSibling?.textContent).toBe('$15.00 USD');
    expect(screen.queryByText('Processing Fee')).toBeNull();
    expect(screen.getByText('Membership').nextElementSibling?.textContent).toBe('365 days');
    expect(screen.getByTestId('order-total').textContent).toBe('$15.00 USD');
  });

  it('offers Retry when the order cannot be loaded', async () => {
    await openPayNow({ status: 500, body: { message: 'down' } });
    renderRemote(App, `/item-pay-now/${ITEM_ORDER_ID}`, { apiUrl: api.url });

    expect(
      await screen.findByText('Failed to load order details. Please check the URL or try again.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Error' })).toBeTruthy();
  });
});
