import type { PromoCode } from '@coldmail/contracts';
import {
  creditPackage,
  item,
  paypalSettings,
  promoCode,
  renderRemote,
  startTestApi,
  userRecord,
  type ApiRoutes,
  type TestApi,
} from '@coldmail/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

const PATH = '/admin/promo-codes';
const admin = userRecord({ userRole: 'Admin' });
const starter = creditPackage({ _id: '650000000000000000000001', packageName: 'Starter' });
const growth = creditPackage({ _id: '650000000000000000000002', packageName: 'Growth' });
const playbook = item({ _id: '640000000000000000000001', name: 'Playbook' });
let api: TestApi | undefined;

afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** The stand-in API, keeping a list the page's changes act on, as the real one does. */
async function startCodesApi(initial: PromoCode[], overrides: ApiRoutes = {}) {
  let codes = [...initial];
  const setPaused = (id: string, paused: boolean) => {
    codes = codes.map((code) => (code._id === id ? { ...code, paused } : code));
    return { body: codes.find((code) => code._id === id)! };
  };
  api = await startTestApi({
    'promoCodes.list': () => ({ body: codes }),
    'packages.list': { body: [starter, growth] },
    'items.list': { body: [playbook] },
    'paypalSettings.get': { body: { success: true, data: paypalSettings({ currency: 'USD' }) } },
    'promoCodes.create': ({ body }) => {
      const created = {
        ...(body as Omit<PromoCode, '_id'>),
        _id: '690000000000000000000099',
        paused: false,
        uses: 0,
        createdAt: '2026-03-05T12:00:00.000Z',
        updatedAt: '2026-03-05T12:00:00.000Z',
      } as PromoCode;
      codes = [created, ...codes];
      return { status: 201, body: created };
    },
    'promoCodes.pause': ({ params }) => setPaused(params.id!, true),
    'promoCodes.resume': ({ params }) => setPaused(params.id!, false),
    'promoCodes.delete': ({ params }) => {
      codes = codes.filter((code) => code._id !== params.id);
      return { body: { success: true, message: 'Promo code deleted successfully' } };
    },
    ...overrides,
  });
  return api;
}

const render = () => renderRemote(App, PATH, { apiUrl: api!.url, profile: admin });
const rowOf = async (code: string) =>
  (await screen.findByText(code, { selector: 'span' })).closest('tr')!;
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const requestsTo = (method: string) => api!.requests.filter((request) => request.method === method);

describe('/admin/promo-codes', () => {
  it('lists each code with its discount, products, uses, expiry and status', async () => {
    await startCodesApi([
      promoCode({ code: 'SPRING10', uses: 3, maxUses: 10, oncePerBuyer: true }),
      promoCode({
        _id: '690000000000000000000002',
        code: 'FIVEOFF',
        kind: 'fixed',
        amount: 5,
        currency: 'USD',
        appliesTo: { packageIds: [growth._id], itemIds: [playbook._id] },
        expiresAt: '2099-03-05T12:00:00.000Z',
        paused: true,
      }),
      promoCode({
        _id: '690000000000000000000003',
        code: 'OLD',
        appliesTo: { packageIds: ['650000000000000000000009'], itemIds: [] },
        expiresAt: '2020-01-01T00:00:00.000Z',
      }),
    ]);
    render();

    expect(cellsOf(await rowOf('SPRING10')).slice(0, 6)).toEqual([
      'SPRING10',
      '10 %',
      'All products',
      '3 / 10Once per buyer',
      'Never',
      'Active',
    ]);
    const fiveOff = await rowOf('FIVEOFF');
    expect(cellsOf(fiveOff).slice(0, 6)).toEqual([
      'FIVEOFF',
      '$5.00 USD',
      'Growth, Playbook',
      '0 / ∞',
      'Mar 5, 2099',
      'Paused',
    ]);
    expect(within(fiveOff).getByRole('button', { name: 'Resume FIVEOFF' })).toBeTruthy();
    expect(cellsOf(await rowOf('OLD')).slice(2, 6)).toEqual([
      'A deleted package',
      '0 / ∞',
      'Jan 1, 2020',
      'Expired',
    ]);
    expect(
      within(await rowOf('SPRING10'))
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Edit SPRING10', 'Pause SPRING10', 'Delete SPRING10']);
  });

  it('shows the empty state, and says so when the codes cannot be loaded', async () => {
    await startCodesApi([]);
    render();
    expect(await screen.findByText('No promo codes')).toBeTruthy();
    await api!.close();

    api = await startTestApi({ 'promoCodes.list': { status: 500 } });
    render();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch promo codes');
  });

  it(
    'adds a code validated with the API’s rules, for the products ticked',
    { timeout: 20_000 },
    async () => {
      await startCodesApi([]);
      const user = userEvent.setup();
      render();
      await screen.findByText('No promo codes');
      await user.click(screen.getByRole('button', { name: 'Add Promo Code' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Promo Code' });
      await user.type(await within(dialog).findByLabelText(/^Code/), 'x');
      await user.type(within(dialog).getByLabelText(/Percent off/), '150');
      await user.click(within(dialog).getByRole('button', { name: 'Add Promo Code' }));
      expect(
        await within(dialog).findByText('Use 3 to 32 letters, digits, dashes or underscores'),
      ).toBeTruthy();
      expect(within(dialog).getByText('At most 100 percent')).toBeTruthy();
      expect(requestsTo('POST')).toEqual([]);

      await user.clear(within(dialog).getByLabelText(/^Code/));
      await user.type(within(dialog).getByLabelText(/^Code/), 'summer-20');
      await user.selectOptions(within(dialog).getByLabelText('Discount type'), 'fixed');
      await user.type(within(dialog).getByLabelText(/Amount off \(USD\)/), '4.5');
      await user.type(within(dialog).getByLabelText('Expires after'), '2099-06-30');
      await user.type(within(dialog).getByLabelText('Maximum uses'), '50');
      await user.click(within(dialog).getByLabelText('Once per buyer'));
      await user.click(within(dialog).getByLabelText('Growth (package)'));
      await user.click(within(dialog).getByLabelText('Playbook (item)'));
      await user.click(within(dialog).getByRole('button', { name: 'Add Promo Code' }));

      expect(await screen.findByText('Promo code added successfully')).toBeTruthy();
      expect(requestsTo('POST')[0]?.body).toEqual({
        code: 'SUMMER-20',
        kind: 'fixed',
        amount: 4.5,
        currency: 'USD',
        // The end of the day chosen, in the admin's time zone.
        expiresAt: new Date(2099, 5, 30, 23, 59, 59, 999).toISOString(),
        maxUses: 50,
        oncePerBuyer: true,
        appliesTo: { packageIds: [growth._id], itemIds: [playbook._id] },
      });
      expect(cellsOf(await rowOf('SUMMER-20')).slice(0, 5)).toEqual([
        'SUMMER-20',
        '$4.50 USD',
        'Growth, Playbook',
        '0 / 50Once per buyer',
        'Jun 30, 2099',
      ]);
      expect(screen.queryByRole('dialog')).toBeNull();
    },
  );

  it('applies a code to every product when none is ticked, and shows why the API refused it', async () => {
    await startCodesApi([], {
      'promoCodes.create': {
        status: 409,
        body: { statusCode: 409, message: 'Another promo code already uses this text' },
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Add Promo Code' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Promo Code' });
    await user.type(await within(dialog).findByLabelText(/^Code/), 'TAKEN');
    await user.type(within(dialog).getByLabelText(/Percent off/), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Add Promo Code' }));

    const failure = await within(dialog).findByRole('alert');
    expect(within(failure).getByText('Failed to add promo code')).toBeTruthy();
    expect(within(failure).getByText('Another promo code already uses this text')).toBeTruthy();
    expect(requestsTo('POST')[0]?.body).toEqual({
      code: 'TAKEN',
      kind: 'percent',
      percent: 20,
      expiresAt: null,
      maxUses: null,
      oncePerBuyer: false,
      appliesTo: 'all',
    });
  });

  it('edits a code, sending its settings whole', { timeout: 20_000 }, async () => {
    const spring = promoCode({
      code: 'SPRING10',
      appliesTo: { packageIds: [starter._id], itemIds: [] },
      maxUses: 5,
    });
    await startCodesApi([spring], {
      'promoCodes.update': ({ body }) => ({
        body: { ...spring, ...(body as Partial<PromoCode>) } as PromoCode,
      }),
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Edit SPRING10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Promo Code' });
    const percent = await within(dialog).findByLabelText<HTMLInputElement>(/Percent off/);
    expect(percent.value).toBe('10');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Starter (package)').checked).toBe(true);
    await user.clear(percent);
    await user.type(percent, '15');
    await user.click(within(dialog).getByRole('button', { name: 'Update Promo Code' }));

    expect(await screen.findByText('Promo code updated successfully')).toBeTruthy();
    const [request] = requestsTo('PUT');
    expect(request?.path).toBe(`/api/promo-codes/${spring._id}`);
    expect(request?.body).toEqual({
      code: 'SPRING10',
      kind: 'percent',
      percent: 15,
      expiresAt: null,
      maxUses: 5,
      oncePerBuyer: false,
      appliesTo: { packageIds: [starter._id], itemIds: [] },
    });
  });

  it('pauses and resumes a code, the row saying which it is', async () => {
    await startCodesApi([promoCode({ code: 'SPRING10' })]);
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Pause SPRING10' }));
    expect(await screen.findByText('Promo code SPRING10 paused')).toBeTruthy();
    const row = await rowOf('SPRING10');
    await waitFor(() => expect(within(row).getByText('Paused')).toBeTruthy());
    await user.click(within(row).getByRole('button', { name: 'Resume SPRING10' }));
    expect(await screen.findByText('Promo code SPRING10 resumed')).toBeTruthy();
    await waitFor(() => expect(within(row).getByText('Active')).toBeTruthy());
    expect(requestsTo('PATCH').map((request) => request.path)).toEqual([
      '/api/promo-codes/690000000000000000000001/pause',
      '/api/promo-codes/690000000000000000000001/resume',
    ]);
  });

  it('deletes a code once the admin confirms', async () => {
    await startCodesApi([
      promoCode({ code: 'SPRING10' }),
      promoCode({ _id: '690000000000000000000002', code: 'KEEPME' }),
    ]);
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Delete SPRING10' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete promo code' });
    expect(
      within(dialog).getByText(
        'Delete the promo code SPRING10? Orders placed with it keep their discount.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Promo code deleted successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('SPRING10')).toBeNull());
    expect(screen.getByText('KEEPME')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requestsTo('DELETE').map((request) => request.path)).toEqual([
      '/api/promo-codes/690000000000000000000001',
    ]);
  });
});
