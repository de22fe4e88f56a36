const DAY_MS = 24 * 60 * 60 * 1000;

/** The spec's orderDate, dd/mm/yyyy, in UTC so every server writes the same date. */
export function formatOrderDate(date: Date): string {
  const day = String(date.getUTCDate()).padStart(2, '0');
  const month = String(date.getUTCMonth() + 1).padStart(2, '0');
  return `${day}/${month}/${date.getUTCFullYear()}`;
}

/**
 * When a paid package's membership ends: the order's creation time plus its Validity in days
 * (spec), counted in exact 24-hour days so the buyer gets the same span whatever the timezone.
 */
export function membershipValidity(orderCreatedAt: Date, validityDays: number): Date {
  return new Date(orderCreatedAt.getTime() + validityDays * DAY_MS);
}
