import {
  ConflictException,
  ForbiddenException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { isPaid, parseAmountToCents, paymentStatus } from '@coldmail/contracts';
import type { AuthContext } from '../auth/auth-context';
import { SELLERS_CANNOT_PURCHASE } from '../orders/order-creation';
import { totalCentsOf } from '../orders/order-kinds';
import type { OrderData } from '../orders/schemas/order.schema';
import type {
  PaypalCapture,
  PaypalMoney,
  PaypalOrder,
  PaypalPayee,
  PaypalRefund,
} from './paypal-api';

// What a payment must be to count for an order: pure checks of our order against PayPal's
// records, shared by checkout, webhooks and refunds.

export const NOT_THIS_ORDER = 'This PayPal payment is not for this order.';

/** Placing an order checks the role too; a buyer made a Seller since then may not pay for it. */
export function assertMayPay(caller: AuthContext): void {
  if (caller.user?.userRole === 'Seller') throw new ForbiddenException(SELLERS_CANNOT_PURCHASE);
}

export function assertPayable(order: OrderData): void {
  if (isPaid(order)) throw new ConflictException('This order is already paid.');
  // Exactly the value the guarded writes of the order store match, case included: any
  // other spelling could be captured at PayPal but never recorded as paid.
  if (order.paymentStatus !== paymentStatus.pending) {
    throw new ConflictException('This order can no longer be paid.');
  }
}

/** One of the PayPal orders our server created for this order (see rememberPaypalOrder). */
export function createdByUs(order: OrderData, paypalOrderId: string): boolean {
  return order.paypalOrderIds?.includes(paypalOrderId) ?? order.paypalOrderId === paypalOrderId;
}

/** The capture a refund refunded: the last segment of its `up` link. */
export function refundedCaptureOf(refund: PaypalRefund): string | undefined {
  const up = refund.links?.find((link) => link.rel === 'up')?.href;
  const match = up ? /\/captures\/([^/?#]+)$/.exec(up) : null;
  return match?.[1];
}

export function purchaseUnitOf(paypalOrder: PaypalOrder) {
  return paypalOrder.purchase_units?.[0];
}

export function captureOf(paypalOrder: PaypalOrder): PaypalCapture | undefined {
  return purchaseUnitOf(paypalOrder)?.payments?.captures?.[0];
}

/**
 * The PayPal order must be the one created for this order: same custom_id and invoice_id, and
 * exactly its total in its currency. Otherwise a buyer could pay a cheap order and present that
 * payment for an expensive one.
 */
export function assertPaysFor(paypalOrder: PaypalOrder, order: OrderData, currency: string): void {
  const unit = purchaseUnitOf(paypalOrder);
  const belongs =
    unit !== undefined &&
    paypalOrder.purchase_units?.length === 1 &&
    unit.custom_id === order.orderId &&
    unit.invoice_id === order.paymentId;
  if (!belongs) throw new UnprocessableEntityException(NOT_THIS_ORDER);
  if (!amountMatches(unit.amount, order, currency)) {
    throw new UnprocessableEntityException('The PayPal payment amount does not match this order.');
  }
}

/**
 * The cents a refund gives back when it is only part of the order's payment, in its currency;
 * null for the whole payment, or when the amount cannot be read (treated as a full refund).
 */
export function partOfPayment(amount: PaypalMoney | undefined, order: OrderData): number | null {
  if (!amount || (order.currency && amount.currency_code !== order.currency)) return null;
  const cents = parseAmountToCents(amount.value);
  return cents !== null && cents > 0 && cents < totalCentsOf(order) ? cents : null;
}

export function amountMatches(
  amount: PaypalMoney | undefined,
  order: OrderData,
  currency: string,
): boolean {
  if (!amount || amount.currency_code !== currency) return false;
  return parseAmountToCents(amount.value) === totalCentsOf(order);
}

/**
 * The payee must be our merchant: PAYPAL_MERCHANT_ID when configured (`merchantId`), otherwise
 * the payee PayPal named when our server created the order. A payment whose payee cannot be
 * read, or an order with no pinned payee to compare with, is refused: it might pay anyone.
 */
export function paysOurMerchant(
  payee: PaypalPayee | undefined,
  order: OrderData,
  merchantId: string | null | undefined,
): boolean {
  const expected = merchantId ?? order.paypalPayeeId;
  return expected !== undefined && expected !== null && payee?.merchant_id === expected;
}
