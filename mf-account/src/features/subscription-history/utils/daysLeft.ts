import { addDays, differenceInDays, isAfter, isValid, parseISO } from 'date-fns';

export type DaysLeft = number | 'Expired' | 'N/A';

/**
 * Spec: the ceiling of the days until MembershipValidity; 'Expired' when that is not positive,
 * 'N/A' when the order has no (readable) validity date.
 */
export function daysLeft(membershipValidity: string | undefined, now: Date): DaysLeft {
  if (!membershipValidity) return 'N/A';
  const validUntil = parseISO(membershipValidity);
  if (!isValid(validUntil)) return 'N/A';
  const wholeDays = differenceInDays(validUntil, now);
  // differenceInDays truncates; a part day still to come counts as a day.
  const days = isAfter(validUntil, addDays(now, wholeDays)) ? wholeDays + 1 : wholeDays;
  return days > 0 ? days : 'Expired';
}

export function daysLeftText(value: DaysLeft): string {
  if (typeof value !== 'number') return value;
  return value === 1 ? '1 day' : `${value} days`;
}
