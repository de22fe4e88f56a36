// Free of zod on purpose: the design system's badges import these rules (through the
// `@coldmail/contracts/statuses` entry) without paying for the schemas.

/** An order's payment: 'pending' until a verified capture makes it 'Paid'. */
export const paymentStatus = {
  pending: 'pending',
  paid: 'Paid',
  failed: 'Failed',
  refunded: 'Refunded',
} as const;
export type PaymentStatus = (typeof paymentStatus)[keyof typeof paymentStatus];

/** An order itself: 'pending' until the same capture makes it 'Completed'. */
export const orderStatus = {
  pending: 'pending',
  completed: 'Completed',
  cancelled: 'Cancelled',
  /** Its payment was refunded or reversed: credits taken back, access withdrawn. */
  refunded: 'Refunded',
} as const;
export type OrderStatus = (typeof orderStatus)[keyof typeof orderStatus];

/** A support ticket: 'open' when created; a user's reply always makes it 'in-progress'. */
export const ticketStatus = {
  open: 'open',
  inProgress: 'in-progress',
  resolved: 'resolved',
  closed: 'closed',
} as const;
export type TicketStatus = (typeof ticketStatus)[keyof typeof ticketStatus];

/**
 * Whether a stored status is `status`. The spec compares statuses case-insensitively: records
 * written before this API may say 'Pending' or 'PAID'.
 */
export function statusIs(value: string | null | undefined, status: string): boolean {
  return (value ?? '').trim().toLowerCase() === status.toLowerCase();
}

/** Spec: an order is pending (listed for payment) while its paymentStatus is 'pending'. */
export function isPending(order: { readonly paymentStatus: string }): boolean {
  return statusIs(order.paymentStatus, paymentStatus.pending);
}

/** The order's payment has been captured. */
export function isPaid(order: { readonly paymentStatus: string }): boolean {
  return statusIs(order.paymentStatus, paymentStatus.paid);
}

/** The payment was refunded, reversed, or lost in a dispute. */
export function isRefunded(order: { readonly paymentStatus: string }): boolean {
  return statusIs(order.paymentStatus, paymentStatus.refunded);
}

/** The order has been fulfilled (the server completes it together with the payment). */
export function isCompleted(order: { readonly orderStatus: string }): boolean {
  return statusIs(order.orderStatus, orderStatus.completed);
}

/** Roles a user record can carry. 'Admin' and 'Seller' drive permissions; the rest are plain buyers. */
export const userRoles = ['Admin', 'Seller', 'member', 'moderator'] as const;

/** A user's membership tier. */
export const userMemberships = ['free', 'basic', 'premium'] as const;
