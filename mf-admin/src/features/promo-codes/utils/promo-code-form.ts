import type { PaypalCurrency, PromoCode, promoCodeBodySchema } from '@coldmail/contracts';
import type { z } from 'zod';

/**
 * The form as the admin fills it: text fields as typed, the expiry as the date input gives it
 * (yyyy-mm-dd), and the products ticked (none: every product). `bodyOf` turns it into the
 * contract's body, which the contract's schema then checks, so the rules are the API's own.
 */
export interface PromoCodeFormValues {
  code: string;
  kind: 'percent' | 'fixed';
  percent: string;
  amount: string;
  expiresAt: string;
  maxUses: string;
  oncePerBuyer: boolean;
  appliesTo: { packageIds: string[]; itemIds: string[] };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** The day (yyyy-mm-dd) of an instant, in the admin's time zone, as a date input shows it. */
function dayOf(iso: string): string {
  const date = new Date(iso);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The code works through the chosen day: it expires at that day's last moment, the admin's time. */
function endOf(day: string): string {
  const [year = NaN, month = NaN, date = NaN] = day.split('-').map(Number);
  const end = new Date(year, month - 1, date, 23, 59, 59, 999);
  // Not a date: sent as typed, for the schema to refuse.
  return Number.isNaN(end.getTime()) ? day : end.toISOString();
}

export function formValuesOf(code: PromoCode | null): PromoCodeFormValues {
  return {
    code: code?.code ?? '',
    kind: code?.kind ?? 'percent',
    percent: code?.kind === 'percent' ? String(code.percent) : '',
    amount: code?.kind === 'fixed' ? String(code.amount) : '',
    expiresAt: code?.expiresAt ? dayOf(code.expiresAt) : '',
    maxUses: code?.maxUses ? String(code.maxUses) : '',
    oncePerBuyer: code?.oncePerBuyer ?? false,
    appliesTo:
      !code || code.appliesTo === 'all'
        ? { packageIds: [], itemIds: [] }
        : { packageIds: [...code.appliesTo.packageIds], itemIds: [...code.appliesTo.itemIds] },
  };
}

/** The body the form's values make, before the contract's schema checks it. */
export function bodyOf(
  values: PromoCodeFormValues,
  currency: PaypalCurrency,
): z.input<typeof promoCodeBodySchema> {
  const { packageIds, itemIds } = values.appliesTo;
  const common = {
    code: values.code,
    expiresAt: values.expiresAt ? endOf(values.expiresAt) : null,
    maxUses: values.maxUses.trim() === '' ? null : values.maxUses,
    oncePerBuyer: values.oncePerBuyer,
    appliesTo:
      packageIds.length + itemIds.length === 0 ? ('all' as const) : { packageIds, itemIds },
  };
  return values.kind === 'percent'
    ? { ...common, kind: 'percent', percent: values.percent }
    : { ...common, kind: 'fixed', amount: values.amount, currency };
}
