import { paths } from '@coldmail/registry/pages';
import {
  isCompleted,
  isPaid,
  type ItemPaymentResult,
  type PackagePaymentResult,
} from '@coldmail/contracts';
import type { ApiError } from '@coldmail/session';

export interface PaymentNotice {
  tone: 'success' | 'error' | 'info';
  text: string;
}

/** What the page shows after a payment step, and where it goes next. */
export interface PaymentOutcome {
  notice: PaymentNotice;
  /** The order is paid: the buttons go away for good. */
  paid: boolean;
  redirect?: { to: string; afterMs: number };
}

const TRANSACTION_DETAILS_TEXT =
  'Payment processing error: Could not retrieve transaction details from PayPal. Please try again.';
export const PROCESSING_TEXT = 'Processing your payment... Please wait.';
export const SUCCESS_TEXT = 'Payment successful! Redirecting to your subscription history...';
export const CANCELLED_TEXT =
  'Payment was cancelled. You can try again or contact support if you need assistance.';
export const PROVIDER_ERROR_TEXT =
  'There was an error with PayPal. Please refresh the page and try again, or contact support if the issue persists.';
const PACKAGE_FAILED_TEXT =
  'Payment processing failed. Please contact support if the issue persists.';
const SETUP_FAILED_TEXT = 'Payment setup incomplete. Please refresh the page or contact support.';
const ITEM_NOT_UPDATED_TEXT =
  'Payment successful, but there was an issue updating your order. Please contact support.';

const error = (text: string): PaymentNotice => ({ tone: 'error', text });

/** A 4xx carries the server's reason (e.g. the order can no longer be paid); nothing else does. */
function serverRefusal(apiError: ApiError): boolean {
  return apiError.status >= 400 && apiError.status < 500;
}

/**
 * PayPal order creation failed on our API: nothing was charged. (Its 409 for an order that is
 * paid by now is no failure: usePaymentFlow answers that with the page's `alreadyPaid`.)
 */
export function setupFailure(apiError: ApiError): PaymentOutcome {
  return {
    notice: error(serverRefusal(apiError) ? apiError.message : SETUP_FAILED_TEXT),
    paid: false,
  };
}

/** A paid package order, also one paid before (spec: alreadyProcessed): after 1 s, the history. */
export const packagePaid: PaymentOutcome = {
  notice: { tone: 'success', text: SUCCESS_TEXT },
  paid: true,
  redirect: { to: paths.userSubscriptionHistory, afterMs: 1000 },
};

export function packageOutcome(result: PackagePaymentResult): PaymentOutcome {
  if (result.success || result.alreadyProcessed) return packagePaid;
  return { notice: error(result.message || PACKAGE_FAILED_TEXT), paid: false };
}

export function packageFailure(apiError: ApiError): PaymentOutcome {
  return {
    notice: error(serverRefusal(apiError) ? apiError.message : PACKAGE_FAILED_TEXT),
    paid: false,
  };
}

export const packageCancelled: PaymentOutcome = {
  notice: { tone: 'info', text: CANCELLED_TEXT },
  paid: false,
};

// The admin doc's payment flow gives this exact text for items too, though they go to the
// orders history.
const itemPaid = (afterMs: number): PaymentOutcome => ({
  notice: { tone: 'success', text: SUCCESS_TEXT },
  paid: true,
  redirect: { to: paths.userOrdersHistory, afterMs },
});

/** An item order paid before this payment: as 'matched but unchanged', after 1 s. */
export const itemAlreadyPaid = itemPaid(1000);

/**
 * Item (admin doc, payment flow): matched and modified → success, orders history after 2 s;
 * matched but unchanged (already paid) → after 1 s; matched 0 → contact support with the
 * transaction id; anything else → the support message.
 */
export function itemOutcome(result: ItemPaymentResult, paypalOrderId: string): PaymentOutcome {
  if (!result.success || result.error) return { notice: error(ITEM_NOT_UPDATED_TEXT), paid: false };
  if (result.matchedCount > 0) {
    return result.modifiedCount > 0 ? itemPaid(2000) : itemAlreadyPaid;
  }
  return {
    notice: error(
      `Payment successful, but we could not find your order. Please contact support with transaction ID ${paypalOrderId}.`,
    ),
    paid: false,
  };
}

/**
 * Item errors go to the dashboard after 3 s, unless the message asks the user to contact
 * support or says the capture details are missing: then it stays readable.
 */
export function itemFailure(apiError: ApiError): PaymentOutcome {
  // PayPal could not be reached or its capture could not be read back (our API's 502).
  if (apiError.status === 502) return { notice: error(TRANSACTION_DETAILS_TEXT), paid: false };
  const text = serverRefusal(apiError)
    ? apiError.message
    : `Payment completed successfully, but we couldn't update your order status. Please contact support with your transaction details. Error: ${apiError.message}`;
  const staysReadable = /contact support|transaction details/i.test(text);
  return {
    notice: error(text),
    paid: false,
    ...(staysReadable ? {} : { redirect: { to: paths.userDashboard, afterMs: 3000 } }),
  };
}

export const itemCancelled: PaymentOutcome = {
  notice: { tone: 'info', text: CANCELLED_TEXT },
  paid: false,
  redirect: { to: paths.userDashboard, afterMs: 3000 },
};

/** An order the server already marks as paid, or as completed, needs no buttons. */
export function isPaidOrder(order: { paymentStatus: string; orderStatus: string }): boolean {
  return isPaid(order) || isCompleted(order);
}
