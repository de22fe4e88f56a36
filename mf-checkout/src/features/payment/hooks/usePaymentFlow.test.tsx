import { useLocation } from '@coldmail/router';
import { MemoryRouter } from '@coldmail/router/memory';
import { ApiError } from '@coldmail/session';
import { act, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CANCELLED_TEXT,
  PROVIDER_ERROR_TEXT,
  itemCancelled,
  packageCancelled,
  packageOutcome,
  packagePaid,
  type PaymentOutcome,
} from '../utils/outcomes';
import { usePaymentFlow, type PaymentFlowOptions } from './usePaymentFlow';

function CurrentPath() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function wrapper({ children }: { children: ReactNode }) {
  return (
    <MemoryRouter initialEntries={['/pay-now/order-1']}>
      {children}
      <CurrentPath />
    </MemoryRouter>
  );
}

const path = () => screen.getByTestId('path').textContent;

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const failed: PaymentOutcome = {
  notice: { tone: 'error', text: 'Capture declined' },
  paid: false,
};

function renderFlow(options: Partial<PaymentFlowOptions> = {}) {
  return renderHook(
    () =>
      usePaymentFlow({
        createOrder: async () => 'PAYPAL-1',
        complete: async () => failed,
        cancelled: packageCancelled,
        refreshOrder: async () => false,
        alreadyPaid: packagePaid,
        ...options,
      }),
    { wrapper },
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('usePaymentFlow', () => {
  it('ignores a second approval while the first is processing', async () => {
    const answer = deferred<PaymentOutcome>();
    const complete = vi.fn(() => answer.promise);
    const { result } = renderFlow({ complete });

    let first!: Promise<void>;
    act(() => {
      first = result.current.approve({ orderID: 'PAYPAL-1' });
    });
    expect(result.current.processing).toBe(true);
    expect(result.current.buttonsDisabled).toBe(true);

    await act(() => result.current.approve({ orderID: 'PAYPAL-1' }));
    expect(complete).toHaveBeenCalledTimes(1);

    await act(async () => {
      answer.resolve(failed);
      await first;
    });
    expect(result.current.processing).toBe(false);
  });

  it('treats an already processed payment as paid and shows the history after 1 s', async () => {
    vi.useFakeTimers();
    const outcome = packageOutcome({
      success: false,
      alreadyProcessed: true,
      message: 'Payment already processed',
    });
    const { result } = renderFlow({ complete: async () => outcome });

    await act(() => result.current.approve({ orderID: 'PAYPAL-1' }));
    expect(result.current.paid).toBe(true);
    expect(result.current.notice?.tone).toBe('success');
    expect(result.current.buttonsDisabled).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(path()).toBe('/pay-now/order-1');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(path()).toBe('/user/subscription-history');
  });

  it('ignores approvals once the order is paid', async () => {
    const complete = vi.fn(async () =>
      packageOutcome({ success: true, alreadyProcessed: false, message: 'ok' }),
    );
    const { result } = renderFlow({ complete });
    await act(() => result.current.approve({ orderID: 'PAYPAL-1' }));
    await act(() => result.current.approve({ orderID: 'PAYPAL-2' }));
    expect(complete).toHaveBeenCalledTimes(1);
  });

  it('disables the buttons while an error shows, and enables them once it is dismissed', async () => {
    const { result } = renderFlow();
    await act(() => result.current.approve({ orderID: 'PAYPAL-1' }));
    expect(result.current.notice).toEqual(failed.notice);
    expect(result.current.buttonsDisabled).toBe(true);

    act(() => result.current.dismissNotice());
    expect(result.current.buttonsDisabled).toBe(false);
  });

  it('keeps the buttons usable after a cancelled package payment', () => {
    const { result } = renderFlow();
    act(() => result.current.cancel());
    expect(result.current.notice).toEqual({ tone: 'info', text: CANCELLED_TEXT });
    expect(result.current.buttonsDisabled).toBe(false);
    expect(path()).toBe('/pay-now/order-1');
  });

  it('returns to the dashboard 3 s after an item payment is cancelled', async () => {
    vi.useFakeTimers();
    const { result } = renderFlow({ cancelled: itemCancelled });
    act(() => result.current.cancel());
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(path()).toBe('/user/dashboard');
  });

  it('explains a PayPal error, but keeps the reason our API gave for refusing the order', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { result } = renderFlow();
    act(() => result.current.providerError(new Error('popup closed')));
    expect(result.current.notice).toEqual({ tone: 'error', text: PROVIDER_ERROR_TEXT });

    const refused = renderFlow({
      createOrder: () => Promise.reject(new ApiError('This order can no longer be paid.', 409)),
    });
    await act(() => refused.result.current.createOrder().catch(() => undefined));
    act(() => refused.result.current.providerError(new Error('createOrder failed')));
    expect(refused.result.current.notice).toEqual({
      tone: 'error',
      text: 'This order can no longer be paid.',
    });
    expect(refused.result.current.paid).toBe(false);
    expect(logged).toHaveBeenCalledWith('PayPal error', expect.any(Error));
  });

  it('treats a refusal for an order paid meanwhile (e.g. in another tab) as paid', async () => {
    vi.useFakeTimers();
    const refreshOrder = vi.fn(async () => true);
    const { result } = renderFlow({
      createOrder: () => Promise.reject(new ApiError('This order is already paid.', 409)),
      refreshOrder,
    });

    await act(() => result.current.createOrder().catch(() => undefined));
    expect(refreshOrder).toHaveBeenCalledTimes(1);
    expect(result.current.paid).toBe(true);
    expect(result.current.notice).toEqual(packagePaid.notice);
    expect(result.current.buttonsDisabled).toBe(true);

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(path()).toBe('/user/subscription-history');
  });

  it('reads the order again only when the server says it can no longer be paid', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementationOnce(() => undefined);
    const refusal = new ApiError('Payments are temporarily unavailable.', 503);
    const refreshOrder = vi.fn(async () => true);
    const { result } = renderFlow({ createOrder: () => Promise.reject(refusal), refreshOrder });

    await act(() => result.current.createOrder().catch(() => undefined));
    expect(logged).toHaveBeenCalledOnce();
    expect(logged).toHaveBeenCalledWith('Creating the PayPal order failed', refusal);
    expect(refreshOrder).not.toHaveBeenCalled();
    expect(result.current.paid).toBe(false);
    expect(result.current.notice).toEqual({
      tone: 'error',
      text: 'Payment setup incomplete. Please refresh the page or contact support.',
    });
  });
});
