import type { PackageOrder } from '@coldmail/contracts';
import {
  creditPackage,
  currentPath,
  packageOrder,
  recordFailed,
  recordLoaded,
  renderRemote,
  startTestApi,
  taxRates,
  userRecord,
  type ApiReply,
  type ApiRoutes,
  type TestApi,
} from '@coldmail/testing';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import App from '../../../app/App';

const PACKAGE_ID = '650000000000000000000001';
let api: TestApi;

async function startApi(newOrder: ApiRoutes['packageOrders.create']) {
  api = await startTestApi({
    'packages.get': { body: creditPackage({ packageName: 'Pro', price: 29 }) },
    'invoices.taxRates': { body: taxRates() },
    'packageOrders.create': newOrder,
    'packageOrders.list': { body: [packageOrder()] },
  });
}

afterEach(() => api.close());

describe('package checkout', () => {
  it('waits for a retry, not showing the form, when the buyer’s own record could not be loaded', async () => {
    await startApi({ status: 201, body: packageOrder() });
    renderRemote(App, `/buy/${PACKAGE_ID}`, { apiUrl: api.url, profile: null });
    await act(() => recordFailed());
    // Whether they may buy (a Seller may not) is not known without their record.
    expect(
      await screen.findByText('User data could not be loaded. Please try again later.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByLabelText('Full Name')).toBeNull();
    act(() => recordLoaded(userRecord({ userRole: 'Seller' })));
    expect(await screen.findByText('Sellers cannot purchase products')).toBeTruthy();
  });

  it('shows a Seller only that sellers cannot buy', async () => {
    await startApi({ status: 201, body: packageOrder() });
    renderRemote(App, `/buy/${PACKAGE_ID}`, {
      apiUrl: api.url,
      profile: userRecord({ userRole: 'Seller' }),
    });
    expect(await screen.findByText('Sellers cannot purchase products')).toBeTruthy();
    // Still true once the package (and the tax rates) have loaded.
    await waitFor(() => expect(api.requests).toHaveLength(2));
    expect(screen.getByText('Sellers cannot purchase products')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Proceed to Payment' })).toBeNull();
    expect(screen.queryByLabelText(/Full Name/)).toBeNull();
  });

  it('prefills the billing form from the profile and shows the price breakdown', async () => {
    await startApi({ status: 201, body: packageOrder() });
    renderRemote(App, `/buy/${PACKAGE_ID}`, { apiUrl: api.url });

    const name = await screen.findByLabelText<HTMLInputElement>(/Full Name/);
    expect(name.value).toBe('Bea Buyer');
    const email = screen.getByLabelText<HTMLInputElement>('Email');
    expect(email.value).toBe('buyer@example.com');
    expect(email.readOnly).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>(/Address/).value).toBe('1 Main St');
    expect(screen.getByLabelText<HTMLSelectElement>(/Country/).value).toBe('Germany');
    expect(screen.getByText('Pro')).toBeTruthy();
    expect(screen.getByText('Processing Fee').nextElementSibling?.textContent).toBe('$0.00 USD');
    expect(screen.getByTestId('checkout-total').textContent).toBe('$29.00 USD');
    // Germany has no rate in the store's settings: no tax line.
    expect(screen.queryByTestId('checkout-tax')).toBeNull();
  });

  it("places the order, reading 'Processing...' meanwhile, then shows the pending orders", async () => {
    let answer!: (reply: ApiReply<PackageOrder>) => void;
    await startApi(() => new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    renderRemote(App, `/buy/${PACKAGE_ID}`, { apiUrl: api.url });

    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    const busy = await screen.findByRole<HTMLButtonElement>('button', { name: 'Processing...' });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    await waitFor(() => expect(api.requests.some((r) => r.path === '/new-order')).toBe(true));
    expect(api.requests.find((r) => r.path === '/new-order')?.body).toEqual({
      packageId: PACKAGE_ID,
      customerName: 'Bea Buyer',
      address: '1 Main St',
      country: 'Germany',
    });

    answer({ status: 201, body: packageOrder() });
    expect(await screen.findByRole('link', { name: 'Pay First Order' })).toBeTruthy();
    expect(currentPath()).toBe('/user/package-pending-payment/');
  });

  it('applies a promo code: the summary shows the discount and the new total, and the order carries the code', async () => {
    api = await startTestApi({
      'packages.get': { body: creditPackage({ packageName: 'Pro', price: 29 }) },
      'invoices.taxRates': { body: taxRates() },
      'promoCodes.quote': {
        body: {
          code: 'SPRING20',
          currency: 'USD',
          subtotal: '29.00',
          discount: '5.80',
          processingFee: '0.00',
          total: '23.20',
        },
      },
      'packageOrders.create': { status: 201, body: packageOrder() },
      'packageOrders.list': { body: [packageOrder()] },
    });
    const user = userEvent.setup();
    renderRemote(App, `/buy/${PACKAGE_ID}`, { apiUrl: api.url });

    const apply = await screen.findByRole<HTMLButtonElement>('button', { name: 'Apply' });
    expect(apply.disabled).toBe(true);
    await user.type(screen.getByLabelText('Promo code'), 'spring20{Enter}');
    expect(await screen.findByText('Discount (SPRING20)')).toBeTruthy();
    expect(screen.getByTestId('checkout-discount').textContent).toBe('−$5.80 USD');
    expect(screen.getByText('Package Price').nextElementSibling?.textContent).toBe('$29.00 USD');
    expect(screen.getByTestId('checkout-total').textContent).toBe('$23.20 USD');
    expect(api.requests.find((r) => r.path === '/api/promo-codes/quote')?.body).toEqual({
      code: 'spring20',
      packageId: PACKAGE_ID,
    });

    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByRole('link', { name: 'Pay First Order' })).toBeTruthy();
    expect(api.requests.find((r) => r.path === '/new-order')?.body).toEqual({
      packageId: PACKAGE_ID,
      customerName: 'Bea Buyer',
      address: '1 Main St',
      country: 'Germany',
      promoCode: 'SPRING20',
    });
  });

  it('shows why the API refused a code under the field; Remove takes an applied code off', async () => {
    let quotes = 0;
    api = await startTestApi({
      'packages.get': { body: creditPackage({ packageName: 'Pro', price: 29 }) },
      'invoices.taxRates': { body: taxRates() },
      'promoCodes.quote': () =>
        ++quotes === 1
          ? { status: 409, body: { statusCode: 409, message: 'This code has expired.' } }
          : {
              body: {
                code: 'SPRING20',
                currency: 'USD',
                subtotal: '29.00',
                discount: '5.80',
                processingFee: '0.00',
                total: '23.20',
              },
            },
      'packageOrders.create': { status: 201, body: packageOrder() },
      'packageOrders.list': { body: [packageOrder()] },
    });
    const user = userEvent.setup();
    renderRemote(App, `/buy/${PACKAGE_ID}`, { apiUrl: api.url });

    const field = await screen.findByLabelText('Promo code');
    await user.type(field, 'OLD10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This code has expired.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(/^Discount/)).toBeNull();
    expect(screen.getByTestId('checkout-total').textContent).toBe('$29.00 USD');

    await user.clear(field);
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(field, 'SPRING20');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('SPRING20', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByTestId('checkout-total').textContent).toBe('$23.20 USD');
    // Focus stays where the buyer is: on Remove, then back in the emptied field.
    const remove = screen.getByRole('button', { name: 'Remove promo code SPRING20' });
    expect(document.activeElement).toBe(remove);
    await user.click(remove);
    expect(screen.queryByText(/^Discount/)).toBeNull();
    expect(screen.getByTestId('checkout-total').textContent).toBe('$29.00 USD');
    const emptied = screen.getByLabelText<HTMLInputElement>('Promo code');
    expect(emptied.value).toBe('');
    expect(document.activeElement).toBe(emptied);

    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    await screen.findByRole('link', { name: 'Pay First Order' });
    expect(api.requests.find((r) => r.path === '/new-order')?.body).not.toHaveProperty('promoCode');
  });

  describe('tax', () => {
    /** The summary's lines, as 'name: amount'. */
    const summary = () =>
      Array.from(document.querySelectorAll('dt')).map(
        (term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`,
      );

    it('adds the chosen country’s tax to the total when prices exclude it, and places the order with the company', async () => {
      await startApi({ status: 201, body: packageOrder() });
      const user = userEvent.setup();
      renderRemote(App, `/buy/${PACKAGE_ID}`, { apiUrl: api.url });

      await user.selectOptions(await screen.findByLabelText(/Country/), 'France');
      expect(summary()).toEqual([
        'Package Price: $29.00 USD',
        'Processing Fee: $0.00 USD',
        'VAT (20 %): $5.80 USD',
        'Total: $34.80 USD',
      ]);
      await user.type(screen.getByLabelText('Company name'), '  Acme SAS ');
      await user.type(screen.getByLabelText('Company tax ID'), 'FR40303265045');
      await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
      await screen.findByRole('link', { name: 'Pay First Order' });
      expect(api.requests.find((r) => r.path === '/new-order')?.body).toEqual({
        packageId: PACKAGE_ID,
        customerName: 'Bea Buyer',
        address: '1 Main St',
        country: 'France',
        companyName: 'Acme SAS',
        companyTaxId: 'FR40303265045',
      });
    });

    it('shows the tax the price includes, the total unchanged, and none for a country without a rate', async () => {
      api = await startTestApi({
        'packages.get': { body: creditPackage({ packageName: 'Pro', price: 29 }) },
        'invoices.taxRates': { body: taxRates({ pricesIncludeTax: true }) },
      });
      const user = userEvent.setup();
      renderRemote(App, `/buy/${PACKAGE_ID}`, {
        apiUrl: api.url,
        profile: userRecord({ country: 'France' }),
      });

      // 29.00 holds 29.00 × 20 / 120 = 4.833… of VAT: 4.83, as the API rounds it.
      expect(await screen.findByText('Includes VAT (20 %)')).toBeTruthy();
      expect(screen.getByTestId('checkout-tax').textContent).toBe('$4.83 USD');
      expect(screen.getByTestId('checkout-total').textContent).toBe('$29.00 USD');
      await user.selectOptions(screen.getByLabelText(/Country/), 'Germany');
      expect(screen.queryByTestId('checkout-tax')).toBeNull();
      expect(screen.getByTestId('checkout-total').textContent).toBe('$29.00 USD');
    });

    it('taxes the discounted price when a promo code is applied', async () => {
      api = await startTestApi({
        'packages.get': { body: creditPackage({ packageName: 'Pro', price: 29 }) },
        'invoices.taxRates': { body: taxRates() },
        'promoCodes.quote': {
          body: {
            code: 'SPRING20',
            currency: 'USD',
            subtotal: '29.00',
            discount: '5.80',
            processingFee: '0.00',
            total: '23.20',
          },
        },
      });
      const user = userEvent.setup();
      renderRemote(App, `/buy/${PACKAGE_ID}`, {
        apiUrl: api.url,
        profile: userRecord({ country: 'France' }),
      });

      expect(await screen.findByTestId('checkout-tax')).toBeTruthy();
      await user.type(screen.getByLabelText('Promo code'), 'SPRING20{Enter}');
      await screen.findByText('Discount (SPRING20)');
      // 20 % of 23.20, not of 29.00.
      expect(summary()).toEqual([
        'Package Price: $29.00 USD',
        'Discount (SPRING20): −$5.80 USD',
        'Processing Fee: $0.00 USD',
        'VAT (20 %): $4.64 USD',
        'Total: $27.84 USD',
      ]);
    });

    it('says when the tax rates could not be loaded, and the order can still be placed', async () => {
      api = await startTestApi({
        'packages.get': { body: creditPackage({ packageName: 'Pro', price: 29 }) },
        'invoices.taxRates': { status: 500 },
        'packageOrders.create': { status: 201, body: packageOrder() },
        'packageOrders.list': { body: [packageOrder()] },
      });
      const user = userEvent.setup();
      renderRemote(App, `/buy/${PACKAGE_ID}`, {
        apiUrl: api.url,
        profile: userRecord({ country: 'France' }),
      });

      expect(
        await screen.findByText(
          'The tax for your country could not be loaded: the order shows it before you pay.',
        ),
      ).toBeTruthy();
      expect(screen.queryByTestId('checkout-tax')).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
      expect(await screen.findByRole('link', { name: 'Pay First Order' })).toBeTruthy();
    });
  });

  it('stays on the form and says why when the server refuses the order', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await startApi({
      status: 403,
      body: { statusCode: 403, message: 'Sellers cannot purchase products' },
    });
    const user = userEvent.setup();
    renderRemote(App, `/buy/${PACKAGE_ID}`, { apiUrl: api.url });

    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByText('Sellers cannot purchase products')).toBeTruthy();
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Proceed to Payment' });
    expect(button.disabled).toBe(false);
    expect(currentPath()).toBe(`/buy/${PACKAGE_ID}`);
    expect(logged).toHaveBeenCalledWith('Order submission failed', expect.anything());
    logged.mockRestore();
  });

  it("says 'Package not found' for a malformed id, not the server's validation message", async () => {
    api = await startTestApi({
      'packages.get': {
        status: 400,
        body: { statusCode: 400, message: 'Validation failed', fieldErrors: { id: 'Invalid id' } },
      },
    });
    renderRemote(App, '/buy/garbage', { apiUrl: api.url });

    expect(await screen.findByText('Package not found')).toBeTruthy();
    expect(screen.queryByText('Failed to fetch package')).toBeNull();
    expect(screen.queryByText('Validation failed')).toBeNull();
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });

  it('requires an address and a country before ordering', async () => {
    await startApi({ status: 201, body: packageOrder() });
    const user = userEvent.setup();
    renderRemote(App, `/buy/${PACKAGE_ID}`, {
      apiUrl: api.url,
      profile: userRecord({ address: '', country: '' }),
    });

    await user.click(await screen.findByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByText('Address is required')).toBeTruthy();
    expect(screen.getByText('Country is required')).toBeTruthy();
    expect(api.requests.some((r) => r.path === '/new-order')).toBe(false);
  });
});
