// Colour rules from the product spec, kept pure so every screen (and its tests) agrees.

export type BadgeTone = 'success' | 'warning' | 'info' | 'danger' | 'secondary' | 'neutral';

function normalise(value: string | null | undefined): string {
  return (value ?? '').trim().toLowerCase();
}

/** Completed/Paid → success, Processing/Pending → warning, Shipped → info, Cancelled → danger, else grey. */
export function orderStatusTone(status: string | null | undefined): BadgeTone {
  switch (normalise(status)) {
    case 'completed':
    case 'paid':
      return 'success';
    case 'processing':
    case 'pending':
      return 'warning';
    case 'shipped':
      return 'info';
    case 'cancelled':
      return 'danger';
    default:
      return 'neutral';
  }
}

/** in-progress → warning, resolved → success, closed → secondary, anything else (open, new…) → info. */
export function ticketStatusTone(status: string | null | undefined): BadgeTone {
  switch (normalise(status)) {
    case 'in-progress':
      return 'warning';
    case 'resolved':
      return 'success';
    case 'closed':
      return 'secondary';
    default:
      return 'info';
  }
}

/** high → danger, medium → warning, anything else → info. */
export function priorityTone(priority: string | null | undefined): BadgeTone {
  switch (normalise(priority)) {
    case 'high':
      return 'danger';
    case 'medium':
      return 'warning';
    default:
      return 'info';
  }
}
