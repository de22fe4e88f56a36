import {
  item,
  renderRemote,
  startTestApi,
  taxRates,
  userRecord,
  type TestApi,
} from '@coldmail/testing';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

const ITEM_ID = '640000000000000000000001';
let api: TestApi;

afterEach(() => api.close());

async function openItemCheckout(profile = userRecord()) {
  api = await startTestApi({
    'items.get': { body: { success: true, data: item({ name: 'Templates Pack', price: 15 }) } },
    'invoices.taxRates': { body: taxRates() },
  });
  renderRemote(App, `/item-buy/${ITEM_ID}`, { apiUrl: api.url, profile });
}

describe("the item checkout's 'Secure payment processing' note", () => {
  it('sits under Proceed to Payment in the billing form', async () => {
    await openItemCheckout();
    const proceed = await screen.findByRole('button', { name: 'Proceed to Payment' });
    const form = proceed.closest('form') as HTMLFormElement;
    const note = within(form).getByText('Secure payment processing');
    expect(proceed.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('is not shown to a Seller, who sees only that sellers cannot purchase', async () => {
    await openItemCheckout(userRecord({ userRole: 'Seller' }));
    expect(await screen.findByText('Sellers cannot purchase products')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Proceed to Payment' })).toBeNull();
    expect(screen.queryByText('Secure payment processing')).toBeNull();
  });
});
