import { packageOrder, renderRemote, startTestApi, type TestApi } from '@coldmail/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

const ORDER_ID = '660000000000000000000001';
let api: TestApi;
afterEach(() => api.close());

const paid = {
  paymentStatus: 'Paid',
  orderStatus: 'Completed',
  captureTime: '2026-03-05T12:00:00.000Z',
  paypalTransactionID: 'CAPTURE-1',
} as const;

/** The receipt's lines of money, as 'name: amount'. */
async function linesOfReceipt() {
  const table = await screen.findByRole('table', { name: 'What was bought' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      Array.from(row.children)
        .map((cell) => cell.textContent)
        .join(': '),
    );
}

describe('/user/receipt/:kind/:id', () => {
  it('shows the promo code the order was placed with and what it took off', async () => {
    api = await startTestApi({
      'packageOrders.get': {
        body: packageOrder({
          ...paid,
          promoCode: 'SPRING20',
          subtotal: '29.00',
          discount: '5.80',
          totalPrice: '23.20',
        }),
      },
    });
    renderRemote(App, `/user/receipt/package/${ORDER_ID}`, { apiUrl: api.url });
    expect(await linesOfReceipt()).toEqual([
      'Pro (300 credits): $29.00 USD',
      'Promo code SPRING20: −$5.80 USD',
      'Processing fee: $0.00 USD',
      'Total paid: $23.20 USD',
    ]);
  });

  it('has no promo code line for an order placed without one', async () => {
    api = await startTestApi({ 'packageOrders.get': { body: packageOrder(paid) } });
    renderRemote(App, `/user/receipt/package/${ORDER_ID}`, { apiUrl: api.url });
    expect(await linesOfReceipt()).toEqual([
      'Pro (300 credits): $29.00 USD',
      'Processing fee: $0.00 USD',
      'Total paid: $29.00 USD',
    ]);
  });
});
