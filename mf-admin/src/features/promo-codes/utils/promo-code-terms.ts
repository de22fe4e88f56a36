import type { PromoCode } from '@coldmail/contracts';
import { formatMoneyFixed } from '@coldmail/ui';

/** What the code takes off: '10 %' or '$5.00 USD'. */
export function discountOf(code: PromoCode): string {
  return code.kind === 'percent'
    ? `${code.percent} %`
    : formatMoneyFixed(code.amount, code.currency);
}

export type PromoCodeStatus = 'Active' | 'Paused' | 'Expired';

/** Whether buyers may use the code now, in the order the API refuses it (paused before expired). */
export function statusOf(code: PromoCode): PromoCodeStatus {
  if (code.paused) return 'Paused';
  if (code.expiresAt && Date.parse(code.expiresAt) <= Date.now()) return 'Expired';
  return 'Active';
}

/** The products' names by id, as the packages and items lists give them. */
export type ProductNames = ReadonlyMap<string, string>;

/**
 * 'All products', or the names of the packages and items the code is limited to; a product
 * deleted since is named as such (its id matches nothing any more).
 */
export function appliesToOf(code: PromoCode, names: ProductNames): string {
  if (code.appliesTo === 'all') return 'All products';
  const { packageIds, itemIds } = code.appliesTo;
  return [
    ...packageIds.map((id) => names.get(id) ?? 'A deleted package'),
    ...itemIds.map((id) => names.get(id) ?? 'A deleted item'),
  ].join(', ');
}
