import { ApiError } from '@coldmail/session';
import { describe, expect, it } from 'vitest';
import {
  CANCELLED_TEXT,
  SUCCESS_TEXT,
  isPaidOrder,
  itemCancelled,
  itemFailure,
  itemOutcome,
  packageFailure,
  packageOutcome,
} from './outcomes';

describe('packageOutcome', () => {
  it('treats an already processed payment as a success', () => {
    expect(
      packageOutcome({ success: false, alreadyProcessed: true, message: 'Already processed' }),
    ).toEqual({
      notice: { tone: 'success', text: SUCCESS_TEXT },
      paid: true,
      redirect: { to: '/user/subscription-history', afterMs: 1000 },
    });
  });

  it('shows the server’s message when the payment did not go through', () => {
    const outcome = packageOutcome({
      success: false,
      alreadyProcessed: false,
      message: 'Capture declined',
    });
    expect(outcome).toEqual({ notice: { tone: 'error', text: 'Capture declined' }, paid: false });
  });
});

describe('packageFailure', () => {
  it('tells the user why the server refused, and falls back to the spec text otherwise', () => {
    expect(packageFailure(new ApiError('Order is already paid', 409)).notice.text).toBe(
      'Order is already paid',
    );
    expect(packageFailure(new ApiError('Network Error', 0)).notice.text).toBe(
      'Payment processing failed. Please contact support if the issue persists.',
    );
  });
});

describe('itemOutcome', () => {
  it('goes to the orders history after 2 s when the order was updated', () => {
    expect(itemOutcome({ success: true, matchedCount: 1, modifiedCount: 1 }, 'PP-1')).toEqual({
      notice: { tone: 'success', text: SUCCESS_TEXT },
      paid: true,
      redirect: { to: '/user/orders-history', afterMs: 2000 },
    });
  });

  it('goes there after 1 s when the order was already up to date', () => {
    expect(
      itemOutcome({ success: true, matchedCount: 1, modifiedCount: 0 }, 'PP-1').redirect,
    ).toEqual({ to: '/user/orders-history', afterMs: 1000 });
  });

  it('asks to contact support with the transaction id when no order matched', () => {
    const outcome = itemOutcome({ success: true, matchedCount: 0, modifiedCount: 0 }, 'PP-77');
    expect(outcome.paid).toBe(false);
    expect(outcome.notice.tone).toBe('error');
    expect(outcome.notice.text).toContain('PP-77');
    expect(outcome.notice.text).toContain('contact support');
    expect(outcome.redirect).toBeUndefined();
  });

  it('gives the support message for any other answer', () => {
    expect(
      itemOutcome({ success: false, matchedCount: 1, modifiedCount: 1 }, 'PP-1').notice.text,
    ).toBe(
      'Payment successful, but there was an issue updating your order. Please contact support.',
    );
  });
});

describe('itemFailure', () => {
  it('sends the user to the dashboard after 3 s for a plain error', () => {
    expect(itemFailure(new ApiError('PayPal order was not approved', 422))).toEqual({
      notice: { tone: 'error', text: 'PayPal order was not approved' },
      paid: false,
      redirect: { to: '/user/dashboard', afterMs: 3000 },
    });
  });

  it('keeps a message that asks the user to contact support on screen', () => {
    const outcome = itemFailure(new ApiError('Service Unavailable', 503));
    expect(outcome.notice.text).toBe(
      "Payment completed successfully, but we couldn't update your order status. Please contact support with your transaction details. Error: Service Unavailable",
    );
    expect(outcome.redirect).toBeUndefined();
  });
});

describe('an item payment PayPal’s details could not be read back for', () => {
  it('says so in the spec’s words and stays on screen', () => {
    const outcome = itemFailure(new ApiError('Could not reach PayPal. Please try again.', 502));
    expect(outcome.notice).toEqual({
      tone: 'error',
      text: 'Payment processing error: Could not retrieve transaction details from PayPal. Please try again.',
    });
    expect(outcome.redirect).toBeUndefined();
  });
});

describe('cancelling an item payment', () => {
  it('says so and returns to the dashboard after 3 s', () => {
    expect(itemCancelled).toEqual({
      notice: { tone: 'info', text: CANCELLED_TEXT },
      paid: false,
      redirect: { to: '/user/dashboard', afterMs: 3000 },
    });
  });
});

describe('isPaidOrder', () => {
  it('recognises a paid or completed order whatever the case', () => {
    expect(isPaidOrder({ paymentStatus: 'PAID', orderStatus: 'pending' })).toBe(true);
    expect(isPaidOrder({ paymentStatus: 'pending', orderStatus: 'Completed' })).toBe(true);
    expect(isPaidOrder({ paymentStatus: 'pending', orderStatus: 'pending' })).toBe(false);
  });
});
