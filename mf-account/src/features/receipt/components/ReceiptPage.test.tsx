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

  describe('an invoice', () => {
    const invoice = {
      number: 'INV-2026-000001',
      issuedAt: '2026-03-05T12:00:05.000Z',
      seller: {
        name: 'ColdMail AI SAS',
        address: '12 rue de la Paix\n75002 Paris, France',
        taxId: 'FR40303265045',
      },
    };
    const invoiced = packageOrder({
      ...paid,
      customerName: 'Ada Buyer',
      address: '1 Loop Road',
      country: 'France',
      companyName: 'Acme SARL',
      companyTaxId: 'FR12345678901',
      tax: { country: 'FR', label: 'VAT', rate: 20, inclusive: false, amount: '5.80' },
      totalPrice: '34.80',
      invoice,
    });

    /** A block's lines, each as its text. */
    const linesOf = (heading: string) =>
      Array.from(
        screen.getByRole('region', { name: heading }).querySelectorAll('p > span'),
        (line) => line.textContent,
      );

    it('is titled with its number and names the seller as stored on it, the buyer’s company and the tax added', async () => {
      api = await startTestApi({ 'packageOrders.get': { body: invoiced } });
      renderRemote(App, `/user/receipt/package/${ORDER_ID}`, { apiUrl: api.url });

      expect(
        await screen.findByRole('heading', { level: 1, name: 'Invoice INV-2026-000001' }),
      ).toBeTruthy();
      expect(screen.getByText('Invoice date').nextElementSibling?.textContent).toBe(
        'March 5, 2026',
      );
      expect(linesOf('Seller')).toEqual([
        'ColdMail AI SAS',
        '12 rue de la Paix\n75002 Paris, France',
        'Tax ID: FR40303265045',
      ]);
      expect(linesOf('Billed to')).toEqual([
        'Ada Buyer',
        'Acme SARL',
        '1 Loop Road',
        'France',
        'Tax ID: FR12345678901',
        'buyer@example.com',
      ]);
      expect(await linesOfReceipt()).toEqual([
        'Pro (300 credits): $29.00 USD',
        'Processing fee: $0.00 USD',
        'VAT (20 %): $5.80 USD',
        'Total paid: $34.80 USD',
      ]);
      const payment = screen.getByRole('region', { name: 'Payment' });
      expect(within(payment).getByText('PayPal transaction').nextElementSibling?.textContent).toBe(
        'CAPTURE-1',
      );
      expect(within(payment).getByText('Paid on').nextElementSibling?.textContent).toMatch(
        /^March 5, 2026/,
      );
      expect(screen.queryByRole('heading', { name: /^Credit note/ })).toBeNull();
    });

    it('lists the tax the price included under the total, which it does not add to', async () => {
      api = await startTestApi({
        'packageOrders.get': {
          body: {
            ...invoiced,
            tax: { country: 'FR', label: 'VAT', rate: 20, inclusive: true, amount: '4.83' },
            totalPrice: '29.00',
          },
        },
      });
      renderRemote(App, `/user/receipt/package/${ORDER_ID}`, { apiUrl: api.url });
      expect(await linesOfReceipt()).toEqual([
        'Pro (300 credits): $29.00 USD',
        'Processing fee: $0.00 USD',
        'Total paid: $29.00 USD',
        'Includes VAT (20 %): $4.83 USD',
      ]);
    });

    it('has a credit note section for each refund', async () => {
      api = await startTestApi({
        'packageOrders.get': {
          body: {
            ...invoiced,
            paymentStatus: 'Refunded',
            orderStatus: 'Refunded',
            creditNotes: [
              { number: 'CN-2026-000007', issuedAt: '2026-04-01T09:00:00.000Z', amount: '34.80' },
            ],
          },
        },
      });
      renderRemote(App, `/user/receipt/package/${ORDER_ID}`, { apiUrl: api.url });

      const note = await screen.findByRole('region', { name: 'Credit note CN-2026-000007' });
      const facts = Array.from(note.querySelectorAll('dt'), (term) => [
        term.textContent,
        term.nextElementSibling?.textContent,
      ]);
      expect(facts).toEqual([
        ['Date', 'April 1, 2026'],
        ['For invoice', 'INV-2026-000001'],
        ['Amount credited', '$34.80 USD'],
      ]);
      expect(screen.getByRole('status').textContent).toBe('This order was refunded.');
    });
  });

  it('stays a receipt, without a seller, for a paid order that has no invoice', async () => {
    api = await startTestApi({ 'packageOrders.get': { body: packageOrder(paid) } });
    renderRemote(App, `/user/receipt/package/${ORDER_ID}`, { apiUrl: api.url });

    expect(await screen.findByRole('heading', { level: 1, name: 'Receipt' })).toBeTruthy();
    expect(screen.queryByText('Invoice date')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Seller' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Billed to' }).textContent).toContain(
      'buyer@example.com',
    );
    expect(screen.queryByText(/VAT/)).toBeNull();
  });
});
