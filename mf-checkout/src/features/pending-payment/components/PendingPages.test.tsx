import {
  itemOrder,
  packageOrder,
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

async function open(path: string, routes: ApiRoutes) {
  api = await startTestApi(routes);
  renderRemote(App, path, { apiUrl: api.url });
}

const hex = (n: number) => n.toString(16).padStart(24, '0');
function manyPending(count: number) {
  return Array.from({ length: count }, (_, index) =>
    packageOrder({
      _id: hex(index + 1),
      orderId: `ORD${String(index + 1).padStart(5, '0')}`,
      createdAt: new Date(Date.UTC(2026, 0, index + 1)).toISOString(),
    }),
  );
}

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');

afterEach(() => api.close());

describe('My Pending Orders', () => {
  it('lists only pending orders (any case), newest first, with the count and a Pay First Order link', async () => {
    await open('/user/package-pending-payment/', {
      'packageOrders.list': {
        body: [
          packageOrder({ _id: hex(1), orderId: 'OLDPEND1', paymentStatus: 'pending' }),
          packageOrder({ _id: hex(2), orderId: 'PAIDORD1', paymentStatus: 'Paid' }),
          packageOrder({
            _id: hex(3),
            orderId: 'NEWPEND1',
            paymentStatus: 'PENDING',
            createdAt: '2026-04-01T00:00:00.000Z',
          }),
        ],
      },
    });

    expect(
      (await screen.findByRole('link', { name: 'Pay First Order' })).getAttribute('href'),
    ).toBe(`/pay-now/${hex(3)}`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('My Pending Orders2');
    expect(screen.getByTestId('pending-count').textContent).toBe('2');
    const rows = bodyRows();
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Order ID: NEWPEND1')).toBeTruthy();
    expect(within(rows[0]!).getByText('$29.00 USD')).toBeTruthy();
    expect(within(rows[1]!).getByRole('link', { name: 'Pay Now' }).getAttribute('href')).toBe(
      `/pay-now/${hex(1)}`,
    );
    expect(screen.queryByText('Order ID: PAIDORD1')).toBeNull();
    expect(api.requests[0]?.query.get('userEmail')).toBe('buyer@example.com');
  });

  it('pages by ten, showing pagination only above ten orders', async () => {
    await open('/user/package-pending-payment', {
      'packageOrders.list': { body: manyPending(11) },
    });
    await screen.findByRole('link', { name: 'Pay First Order' });
    expect(bodyRows()).toHaveLength(10);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByText('Order ID: ORD00001')).toBeTruthy();
  });

  it('shows no pagination for ten orders', async () => {
    await open('/user/package-pending-payment', {
      'packageOrders.list': { body: manyPending(10) },
    });
    await screen.findByRole('link', { name: 'Pay First Order' });
    expect(bodyRows()).toHaveLength(10);
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('says so when the orders cannot be loaded', async () => {
    await open('/user/package-pending-payment', {
      'packageOrders.list': { status: 500 },
    });
    expect(
      await screen.findByText('Could not load orders. Please try again.', { selector: 'div' }),
    ).toBeTruthy();
  });
});

describe('My Pending item Orders', () => {
  it('is all caught up when no item order is pending', async () => {
    await open('/user/item-pending-payment/', {
      'itemOrders.list': { body: [itemOrder({ paymentStatus: 'Paid' })] },
    });
    expect(await screen.findByText('No Pending Orders')).toBeTruthy();
    expect(screen.getByText("You're all caught up with your payments.")).toBeTruthy();
    expect(screen.getByText('No payments due.')).toBeTruthy();
    expect(screen.getByTestId('pending-count').textContent).toBe('0');
  });

  it('links each item to its page and to its own payment page', async () => {
    await open('/user/item-pending-payment', { 'itemOrders.list': { body: [itemOrder()] } });
    const name = await screen.findByRole('link', { name: 'Cold Email Playbook' });
    expect(name.getAttribute('href')).toBe('/premium/cold-email-playbook/640000000000000000000001');
    expect(screen.getByRole('link', { name: 'Pay Now' }).getAttribute('href')).toBe(
      '/item-pay-now/670000000000000000000001',
    );
  });
});

describe('Pending Payment', () => {
  it('shows both kinds of pending order', async () => {
    await open('/user/pending-payment/', {
      'packageOrders.list': { body: [packageOrder()] },
      'itemOrders.list': { body: [itemOrder()] },
    });
    expect(await screen.findByRole('heading', { name: 'My Pending Orders 1' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'My Pending item Orders 1' })).toBeTruthy();
    expect(screen.getByText('Order ID: ABCD1234')).toBeTruthy();
    expect(screen.getByText('Order ID: ITEM0001')).toBeTruthy();
    expect(
      screen.getAllByRole('link', { name: 'Pay Now' }).map((link) => link.getAttribute('href')),
    ).toEqual([`/pay-now/${packageOrder()._id}`, `/item-pay-now/${itemOrder()._id}`]);
  });

  it('still shows the package orders when the item orders cannot be loaded', async () => {
    await open('/user/pending-payment/', {
      'packageOrders.list': { body: [packageOrder()] },
      'itemOrders.list': { status: 500 },
    });
    expect(await screen.findByRole('heading', { name: 'My Pending Orders 1' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'My Pending item Orders' })).toBeTruthy();
    expect(
      await screen.findByText('Could not load item orders. Please try again.', {
        selector: 'div',
      }),
    ).toBeTruthy();
  });
});
