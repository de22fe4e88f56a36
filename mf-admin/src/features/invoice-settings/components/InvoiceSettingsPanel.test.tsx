import { renderRemote, startTestApi, type TestApi, userRecord } from '@coldmail/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

let api: TestApi;
afterEach(() => api.close());

const admin = userRecord({ userRole: 'Admin' });
const saved = {
  sellerName: 'ColdMail AI SAS',
  sellerAddress: '12 rue de la Paix, Paris',
  sellerTaxId: 'FR40303265045',
  pricesIncludeTax: false,
  taxRates: [{ country: 'FR', rate: 20, label: 'VAT' }],
  updatedAt: '2026-12-01T10:00:00.000Z',
};

async function openInvoicing() {
  renderRemote(App, '/admin/settings', { apiUrl: api.url, profile: admin });
  const menu = within(await screen.findByRole('complementary', { name: 'Settings' }));
  await userEvent.click(menu.getByRole('button', { name: 'Invoicing' }));
  await screen.findByLabelText('Legal name');
}

describe('Settings › Invoicing', () => {
  it('shows the seller and the rates, and saves a new country’s rate', async () => {
    api = await startTestApi({
      'invoices.settings': { body: saved },
      'invoices.saveSettings': { body: { ...saved, updatedAt: '2026-12-02T10:00:00.000Z' } },
    });
    await openInvoicing();
    expect((screen.getByLabelText('Legal name') as HTMLInputElement).value).toBe('ColdMail AI SAS');
    const rates = within(screen.getByRole('list', { name: 'Tax rates' }));
    expect((rates.getByLabelText('Country') as HTMLSelectElement).value).toBe('FR');

    await userEvent.click(screen.getByRole('button', { name: 'Add a country' }));
    const [, added] = rates.getAllByRole('listitem');
    await userEvent.selectOptions(within(added!).getByLabelText('Country'), 'DE');
    const rate = within(added!).getByLabelText('Rate (%)');
    await userEvent.clear(rate);
    await userEvent.type(rate, '19');
    const label = within(added!).getByLabelText('Name on invoices');
    await userEvent.clear(label);
    await userEvent.type(label, 'MwSt');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

    await screen.findByText('Invoicing settings saved');
    const request = api.requests.find((each) => each.method === 'PUT');
    expect(request?.body).toEqual({
      sellerName: saved.sellerName,
      sellerAddress: saved.sellerAddress,
      sellerTaxId: saved.sellerTaxId,
      pricesIncludeTax: false,
      taxRates: [
        { country: 'FR', rate: 20, label: 'VAT' },
        { country: 'DE', rate: 19, label: 'MwSt' },
      ],
    });
  });

  it('refuses a country twice before asking the API', async () => {
    api = await startTestApi({ 'invoices.settings': { body: saved } });
    await openInvoicing();
    await userEvent.click(screen.getByRole('button', { name: 'Add a country' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await screen.findByText('Each country once');
    await waitFor(() => expect(api.requests.some((each) => each.method === 'PUT')).toBe(false));
  });
});
