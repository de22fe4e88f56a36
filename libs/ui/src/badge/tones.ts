import { orderStatus, paymentStatus, statusIs, ticketStatus } from '@coldmail/contracts/statuses';

// Colour rules from the product spec, kept pure so every screen (and its tests) agrees. Values
// compare as the spec compares statuses: ignoring case ('PAID', 'Pending').

export type BadgeTone = 'success' | 'warning' | 'info' | 'danger' | 'secondary' | 'neutral';

type ToneTable = ReadonlyArray<readonly [value: string, tone: BadgeTone]>;

function toneOf(value: string | null | undefined, table: ToneTable, otherwise: BadgeTone) {
  return table.find(([known]) => statusIs(value, known))?.[1] ?? otherwise;
}

// 'Processing' and 'Shipped' are not statuses this product writes, but the spec colours them.
const orderTones: ToneTable = [
  [orderStatus.completed, 'success'],
  [paymentStatus.paid, 'success'],
  ['Processing', 'warning'],
  [paymentStatus.pending, 'warning'],
  ['Shipped', 'info'],
  [orderStatus.cancelled, 'danger'],
];

const ticketTones: ToneTable = [
  [ticketStatus.inProgress, 'warning'],
  [ticketStatus.resolved, 'success'],
  [ticketStatus.closed, 'secondary'],
];

const priorityTones: ToneTable = [
  ['high', 'danger'],
  ['medium', 'warning'],
];

/** Completed/Paid → success, Processing/Pending → warning, Shipped → info, Cancelled → danger, else grey. */
export function orderStatusTone(status: string | null | undefined): BadgeTone {
  return toneOf(status, orderTones, 'neutral');
}

/** in-progress → warning, resolved → success, closed → secondary, anything else (open, new…) → info. */
export function ticketStatusTone(status: string | null | undefined): BadgeTone {
  return toneOf(status, ticketTones, 'info');
}

/** high → danger, medium → warning, anything else → info. */
export function priorityTone(priority: string | null | undefined): BadgeTone {
  return toneOf(priority, priorityTones, 'info');
}
