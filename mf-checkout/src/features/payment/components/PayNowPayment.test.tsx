// @vitest-environment-options {"resources": "usable"}
import type { PackagePaymentResult } from '@coldmail/contracts';
import { currentMe, sessionActions } from '@coldmail/session';
import {
  currentPath,
  itemOrder,
  packageOrder,
  paypalSettings,
  renderRemote,
  startTestApi,
  userRecord,
  type ApiReply,
  type ApiRoutes,
  type TestApi,
} from '@coldmail/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakePaypal, removeFakePaypal } from '../../../test/fakePaypalSdk';
import App from '../../../app/App';

const ORDER_ID = '660000000000000000000001';
const ITEM_ORDER_ID = '670000000000000000000001';
let api: TestApi;

async function open(path: string, routes: ApiRoutes) {
  api = await startTestApi({
    'GET /sdk/js': { body: '/* PayPal SDK stand-in */', contentType: 'text/javascript' },
    'packageOrders.get': { body: packageOrder() },
    'itemOrders.get': { body: itemOrder() },
    'paypalSettings.get': { body: { success: true, data: paypalSettings() } },
    'payments.createPaypalOrder': { body: { id: 'PAYPAL-ORDER-1' } },
    ...routes,
  });
  renderRemote(App, path, { apiUrl: api.url, profile: userRecord({ currentBalance: 5 }) });
  sessionActions.configure({ paypalSdkBaseUrl: `${api.url}/sdk/js` });
}

const payButton = () => screen.findByRole<HTMLButtonElement>('button', { name: 'PayPal' });
const paid = { paymentStatus: 'Paid', orderStatus: 'Completed' } as const;
/** POST /api/paypal/orders for an order another tab has paid since this page loaded it. */
const alreadyPaidRefusal = {
  status: 409,
  body: { statusCode: 409, message: 'This order is already paid.' },
};
const requestsTo = (path: string) => api.requests.filter((request) => request.path === path);
const SUCCESS_TEXT = 'Payment successful! Redirecting to your subscription history...';

// From here the page's redirect timers wait for the test: the clock moves only by clockBy(),
// while the network and the page still answer.
const stopTheClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

/** Moves the stopped clock on by `ms`, running the timers that fall due. */
const clockBy = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/**
 * Lets the requests answer and the page render on the stopped clock, without moving it (timers
 * due now still run), until `condition` holds; so a redirect still has all its time to go.
 */
async function until(condition: () => boolean) {
  // A limit in real time, so that a page that never gets there fails instead of hanging.
  const giveUpAt = performance.now() + 5000;
  while (!condition() && performance.now() < giveUpAt) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
      await new Promise((resolve) => setImmediate(resolve));
    });
  }
}

/** Waits on the stopped clock for `text` (see until). */
async function appears(text: string) {
  await until(() => screen.queryByText(text) !== null);
  expect(screen.getByText(text)).toBeTruthy();
}

beforeEach(() => installFakePaypal());

afterEach(async () => {
  vi.useRealTimers();
  await api.close();
  removeFakePaypal();
});

describe('paying a package order', () => {
  it('creates the PayPal order on our API, completes it, shows the new credits and then the history', async () => {
    let answer!: (reply: ApiReply<PackagePaymentResult>) => void;
    await open(`/pay-now/${ORDER_ID}`, {
      'payments.completePackage': () => new Promise((resolve) => (answer = resolve)),
      // The buyer's record once the payment credited it (the page had it at 5).
      'users.list': { body: [userRecord({ currentBalance: 305 })] },
    });
    const user = userEvent.setup();

    await user.click(await payButton());
    expect(await screen.findByText('Processing your payment... Please wait.')).toBeTruthy();
    expect(requestsTo('/api/paypal/orders')[0]?.body).toEqual({
      orderId: ORDER_ID,
      kind: 'package',
    });
    await waitFor(() =>
      expect(requestsTo(`/process-payment-complete/${ORDER_ID}`)).toHaveLength(1),
    );
    expect(requestsTo(`/process-payment-complete/${ORDER_ID}`)[0]?.body).toEqual({
      paypalOrderId: 'PAYPAL-ORDER-1',
    });
    expect((await payButton()).disabled).toBe(true);

    stopTheClock();
    answer({
      body: {
        success: true,
        message: 'Payment processed',
        alreadyProcessed: false,
        currentBalance: 305,
      },
    });
    await appears(SUCCESS_TEXT);
    // The payment made the record stale: it was read again before the success showed.
    expect(currentMe()?.currentBalance).toBe(305);
    expect(requestsTo('/users')).toHaveLength(1);
    expect(screen.getByText('PAID')).toBeTruthy();
    await clockBy(999);
    expect(currentPath()).toBe(`/pay-now/${ORDER_ID}`);
    await clockBy(1);
    expect(currentPath()).toBe('/user/subscription-history');
  });

  it('reads the credit balance again when the answer does not carry it', async () => {
    await open(`/pay-now/${ORDER_ID}`, {
      'payments.completePackage': {
        body: { success: false, message: 'Payment already processed', alreadyProcessed: true },
      },
      'users.list': { body: [userRecord({ currentBalance: 42 })] },
    });
    await userEvent.setup().click(await payButton());

    expect(
      await screen.findByText('Payment successful! Redirecting to your subscription history...'),
    ).toBeTruthy();
    await waitFor(() => expect(currentMe()?.currentBalance).toBe(42));
    expect(requestsTo('/users')[0]?.query.get('userEmail')).toBe('buyer@example.com');
  });

  it('shows the order as paid, then the history, when another tab paid it first', async () => {
    // PayPal still hands the refused createOrder to onError, which logs it.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let orderReads = 0;
    await open(`/pay-now/${ORDER_ID}`, {
      'packageOrders.get': () => ({
        body: ++orderReads === 1 ? packageOrder() : packageOrder(paid),
      }),
      'payments.createPaypalOrder': alreadyPaidRefusal,
      'users.list': { body: [userRecord({ currentBalance: 305 })] },
    });
    const button = await payButton();
    expect(screen.getByText('PENDING')).toBeTruthy();
    stopTheClock();
    fireEvent.click(button);

    await appears(SUCCESS_TEXT);
    expect(screen.getByText('PAID')).toBeTruthy();
    expect(screen.queryByText('This order is already paid.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'PayPal' })).toBeNull();
    await until(() => currentMe()?.currentBalance === 305);
    expect(currentMe()?.currentBalance).toBe(305);
    await clockBy(999);
    expect(currentPath()).toBe(`/pay-now/${ORDER_ID}`);
    await clockBy(1);
    expect(currentPath()).toBe('/user/subscription-history');
    logged.mockRestore();
  });

  it('shows why the server refused, with the buttons disabled until the message is dismissed', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await open(`/pay-now/${ORDER_ID}`, {
      'payments.completePackage': {
        status: 422,
        body: { statusCode: 422, message: 'PayPal did not complete the payment' },
      },
    });
    const user = userEvent.setup();
    await user.click(await payButton());

    expect(await screen.findByText('PayPal did not complete the payment')).toBeTruthy();
    await waitFor(async () => expect((await payButton()).disabled).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(async () => expect((await payButton()).disabled).toBe(false));
    expect(currentPath()).toBe(`/pay-now/${ORDER_ID}`);
    expect(logged).toHaveBeenCalledWith('Completing the package payment failed', expect.anything());
    logged.mockRestore();
  });
});

describe('paying an item order', () => {
  it('completes it and shows the orders history after 2 s', async () => {
    await open(`/item-pay-now/${ITEM_ORDER_ID}`, {
      'payments.completeItem': {
        body: { success: true, matchedCount: 1, modifiedCount: 1 },
      },
    });
    const button = await payButton();
    stopTheClock();
    fireEvent.click(button);

    await appears(SUCCESS_TEXT);
    expect(requestsTo('/api/paypal/orders')[0]?.body).toEqual({
      orderId: ITEM_ORDER_ID,
      kind: 'item',
    });
    await clockBy(1999);
    expect(currentPath()).toBe(`/item-pay-now/${ITEM_ORDER_ID}`);
    await clockBy(1);
    expect(currentPath()).toBe('/user/orders-history');
  });

  it('shows the order as paid, then the orders history, when another tab paid it first', async () => {
    // PayPal still hands the refused createOrder to onError, which logs it.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let orderReads = 0;
    await open(`/item-pay-now/${ITEM_ORDER_ID}`, {
      'itemOrders.get': () => ({ body: ++orderReads === 1 ? itemOrder() : itemOrder(paid) }),
      'payments.createPaypalOrder': alreadyPaidRefusal,
    });
    const button = await payButton();
    stopTheClock();
    fireEvent.click(button);

    await appears(SUCCESS_TEXT);
    expect(screen.getByText('PAID')).toBeTruthy();
    expect(screen.queryByText('This order is already paid.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'PayPal' })).toBeNull();
    await clockBy(999);
    expect(currentPath()).toBe(`/item-pay-now/${ITEM_ORDER_ID}`);
    await clockBy(1);
    expect(currentPath()).toBe('/user/orders-history');
    logged.mockRestore();
  });

  it('says the payment was cancelled and returns to the dashboard', async () => {
    await open(`/item-pay-now/${ITEM_ORDER_ID}`, {});
    await payButton();
    stopTheClock();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel PayPal' }));

    await appears(
      'Payment was cancelled. You can try again or contact support if you need assistance.',
    );
    await clockBy(2999);
    expect(currentPath()).toBe(`/item-pay-now/${ITEM_ORDER_ID}`);
    await clockBy(1);
    expect(currentPath()).toBe('/user/dashboard');
  });
});
