import {
  itemOrder,
  packageOrder,
  paypalSettings,
  renderRemote,
  startTestApi,
  type ApiRoutes,
  type TestApi,
} from '@coldmail/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

const ORDER_ID = '660000000000000000000001';
const ITEM_ORDER_ID = '670000000000000000000001';
/** What the API answers for an id that is not an ObjectId, e.g. /pay-now/garbage. */
const MALFORMED_ID = {
  status: 400,
  body: { statusCode: 400, message: 'Validation failed', fieldErrors: { id: 'Invalid id' } },
};
let api: TestApi;

async function open(path: string, routes: ApiRoutes) {
  api = await startTestApi({
    'paypalSettings.get': { body: { success: true, data: paypalSettings() } },
    ...routes,
  });
  renderRemote(App, path, { apiUrl: api.url });
}

afterEach(() => api.close());

describe('Pay Now (package)', () => {
  it('shows the order, its customer and the PayPal area', async () => {
    await open(`/pay-now/${ORDER_ID}`, {
      'packageOrders.get': { body: packageOrder({ address: '', country: ' ' }) },
    });

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

  // Issue 55 item 2: the specification's links name the order by its 8-character code.
  it('opens the order its 8-character code names, as the specification links it', async () => {
    await open('/pay-now/ABCD1234', { 'packageOrders.get': { body: packageOrder() } });
    expect(await screen.findByText('Order ID: ABCD1234')).toBeTruthy();
    expect(screen.getByTestId('order-total').textContent).toBe('$29.00 USD');
    expect(api.requests.find((request) => request.path.startsWith('/order/'))?.path).toBe(
      '/order/ABCD1234',
    );
  });

  it('shows what the promo code the order was placed with took off', async () => {
    await open(`/pay-now/${ORDER_ID}`, {
      'packageOrders.get': {
        body: packageOrder({
          promoCode: 'SPRING20',
          subtotal: '29.00',
          discount: '5.80',
          totalPrice: '23.20',
        }),
      },
    });
    expect(await screen.findByText('Discount (SPRING20)')).toBeTruthy();
    expect(screen.getByText('Package Price').nextElementSibling?.textContent).toBe('$29.00 USD');
    expect(screen.getByText('Discount (SPRING20)').nextElementSibling?.textContent).toBe(
      '−$5.80 USD',
    );
    expect(screen.getByTestId('order-total').textContent).toBe('$23.20 USD');
  });

  it('shows the tax the order was placed with, and the buyer’s company', async () => {
    await open(`/pay-now/${ORDER_ID}`, {
      'packageOrders.get': {
        body: packageOrder({
          country: 'France',
          companyName: 'Acme SAS',
          companyTaxId: 'FR40303265045',
          tax: { country: 'FR', label: 'VAT', rate: 20, inclusive: false, amount: '5.80' },
          totalPrice: '34.80',
        }),
      },
    });
    expect(await screen.findByText('VAT (20 %)')).toBeTruthy();
    expect(screen.getByText('VAT (20 %)').nextElementSibling?.textContent).toBe('$5.80 USD');
    expect(screen.getByTestId('order-total').textContent).toBe('$34.80 USD');
    expect(screen.getByText('Company').nextElementSibling?.textContent).toBe('Acme SAS');
    expect(screen.getByText('Company tax ID').nextElementSibling?.textContent).toBe(
      'FR40303265045',
    );
  });

  it("says 'Order Not Found' for an unknown order", async () => {
    await open(`/pay-now/${ORDER_ID}`, {
      'packageOrders.get': { status: 404, body: { statusCode: 404, message: 'Order not found' } },
    });

    expect(await screen.findByRole('heading', { name: 'Order Not Found' })).toBeTruthy();
    expect(
      screen.getByText(
        "We couldn't find the order you're looking for. Please check the order ID and try again.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });

  it("says 'Order Not Found' for a malformed order id", async () => {
    await open('/pay-now/garbage', { 'packageOrders.get': MALFORMED_ID });

    expect(await screen.findByRole('heading', { name: 'Order Not Found' })).toBeTruthy();
    expect(screen.queryByText('Validation failed')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it("says 'Payment Unavailable' when PayPal is switched off", async () => {
    await open(`/pay-now/${ORDER_ID}`, {
      'packageOrders.get': { body: packageOrder() },
      'paypalSettings.get': {
        body: { success: true, data: paypalSettings({ enablePayPal: false }) },
      },
    });

    expect(await screen.findByRole('heading', { name: 'Payment Unavailable' })).toBeTruthy();
    expect(screen.getByText(/contact support for alternative payment methods/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toBeTruthy();
  });

  it('asks for what buyers see, so an admin is not shown the settings form’s view', async () => {
    // As the API answers an admin: the form's view has payments on while the credentials are
    // incomplete; the payments view (what buyers get) has them off.
    await open(`/pay-now/${ORDER_ID}`, {
      'packageOrders.get': { body: packageOrder() },
      'paypalSettings.get': ({ query }) => ({
        body: {
          success: true,
          data: paypalSettings(
            query.get('view') === 'payments'
              ? { enablePayPal: false }
              : { enablePayPal: true, mode: 'sandbox', clientSecret: '' },
          ),
        },
      }),
    });

    expect(await screen.findByRole('heading', { name: 'Payment Unavailable' })).toBeTruthy();
  });

  it('says so when the payment settings cannot be loaded, and loads them again on Retry', async () => {
    let settingsCalls = 0;
    await open(`/pay-now/${ORDER_ID}`, {
      'packageOrders.get': { body: packageOrder() },
      'paypalSettings.get': () =>
        ++settingsCalls === 1
          ? { status: 500 }
          : { body: { success: true, data: paypalSettings({ enablePayPal: false }) } },
    });

    expect(await screen.findByText('Failed to load payment gateway settings')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Payment Unavailable' })).toBeTruthy();
  });

  it('shows a paid order as paid, without payment buttons', async () => {
    await open(`/pay-now/${ORDER_ID}`, {
      'packageOrders.get': {
        body: packageOrder({ paymentStatus: 'PAID', orderStatus: 'Completed' }),
      },
      'paypalSettings.get': { status: 500 },
    });

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
    await open(`/item-pay-now/${ITEM_ORDER_ID}`, {
      'itemOrders.get': { body: itemOrder({ packageName: '', Validity: 365 }) },
    });

    expect(await screen.findByRole('heading', { name: 'Digital Product' })).toBeTruthy();
    expect(screen.getByText('Item Price').nextElementSibling?.textContent).toBe('$15.00 USD');
    expect(screen.queryByText('Processing Fee')).toBeNull();
    expect(screen.getByText('Membership').nextElementSibling?.textContent).toBe('365 days');
    expect(screen.getByTestId('order-total').textContent).toBe('$15.00 USD');
    expect(screen.queryByText(/^Discount/)).toBeNull();
  });

  it('shows the discount of an item order placed with a promo code', async () => {
    await open(`/item-pay-now/${ITEM_ORDER_ID}`, {
      'itemOrders.get': {
        body: itemOrder({
          promoCode: 'FIVEOFF',
          subtotal: '15.00',
          discount: '5.00',
          totalPrice: '10.00',
        }),
      },
    });
    expect(await screen.findByText('Discount (FIVEOFF)')).toBeTruthy();
    expect(screen.getByText('Discount (FIVEOFF)').nextElementSibling?.textContent).toBe(
      '−$5.00 USD',
    );
    expect(screen.getByTestId('order-total').textContent).toBe('$10.00 USD');
  });

  it('shows the tax an item order’s price includes, and no company when none was given', async () => {
    await open(`/item-pay-now/${ITEM_ORDER_ID}`, {
      'itemOrders.get': {
        body: itemOrder({
          tax: { country: 'FR', label: 'VAT', rate: 20, inclusive: true, amount: '2.50' },
        }),
      },
    });
    expect(await screen.findByText('Includes VAT (20 %)')).toBeTruthy();
    expect(screen.getByText('Includes VAT (20 %)').nextElementSibling?.textContent).toBe(
      '$2.50 USD',
    );
    expect(screen.getByTestId('order-total').textContent).toBe('$15.00 USD');
    expect(screen.queryByText('Company')).toBeNull();
  });

  it("says 'Order/Settings Not Found' with 'Order not found.' for an unknown order", async () => {
    await open(`/item-pay-now/${ITEM_ORDER_ID}`, {
      'itemOrders.get': { status: 404, body: { statusCode: 404, message: 'Order not found' } },
    });

    expect(await screen.findByRole('heading', { name: 'Order/Settings Not Found' })).toBeTruthy();
    expect(screen.getByText('Order not found.')).toBeTruthy();
    expect(screen.queryByText(/couldn't find the order/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });

  it("says 'Order/Settings Not Found' for a malformed order id", async () => {
    await open('/item-pay-now/garbage', { 'itemOrders.get': MALFORMED_ID });

    expect(await screen.findByRole('heading', { name: 'Order/Settings Not Found' })).toBeTruthy();
    expect(screen.queryByText('Validation failed')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('offers Retry when the order cannot be loaded, and loads it again on Retry', async () => {
    let orderReads = 0;
    await open(`/item-pay-now/${ITEM_ORDER_ID}`, {
      'itemOrders.get': () => (++orderReads === 1 ? { status: 500 } : { body: itemOrder() }),
    });

    expect(
      await screen.findByText('Failed to load order details. Please check the URL or try again.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Error' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Cold Email Playbook' })).toBeTruthy();
    expect(screen.getByText('PENDING')).toBeTruthy();
    expect(orderReads).toBe(2);
  });
});
