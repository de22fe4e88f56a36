import { paypalCurrencies } from '../payments/schemas';
import { z } from 'zod';
import { echoedFieldsOf, type WritableFields } from '../common';

/** The validity a package gets when the admin leaves the field empty. */
export const DEFAULT_PACKAGE_VALIDITY_DAYS = 30;

export { MAX_PACKAGES, packagePointKeys, type PackagePointKey } from '../package-features';

const point = z.string().trim().max(200, 'At most 200 characters').optional();
const points = {
  pointOne: point,
  pointTwo: point,
  pointThree: point,
  pointFour: point,
  pointFive: point,
  pointSix: point,
  pointSeven: point,
  pointEight: point,
  pointNine: point,
  pointTen: point,
};

/** A credit package as the API returns it (GET /packages, GET /package/:id). */
export const packageSchema = z.object({
  _id: z.string(),
  packageName: z.string(),
  /** USD. */
  price: z.number(),
  /** The currency the price is in: the store's (PayPal settings), the same for every package. */
  currency: z.enum(paypalCurrencies),
  /** Credits granted on payment; one generated email costs one credit. */
  credit: z.number().int(),
  /** Days the membership lasts from the order's creation. */
  validity: z.number().int(),
  icon: z.string().optional(),
  ...points,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CreditPackage = z.infer<typeof packageSchema>;

/**
 * Form fields arrive as text, API clients may send numbers: both are accepted. `field` names it
 * in the messages ('Credit is required', 'Credit must be a number').
 */
export const numberFrom = (field: string) =>
  z
    .union([z.number(), z.string().trim().min(1, `${field} is required`)])
    .transform(Number)
    .pipe(
      z.number(`${field} must be a number`).refine(Number.isFinite, `${field} must be a number`),
    );

/**
 * A price in USD with at most two decimals, so totals and PayPal amounts are exact cents. Not
 * zero: PayPal cannot take a payment of nothing.
 */
export const priceFrom = (field: string) =>
  numberFrom(field)
    .pipe(z.number().min(0.01, 'Price must be at least 0.01').max(100_000, 'Price is too high'))
    .refine(
      (price) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6,
      'Price can have at most 2 decimals',
    );

/**
 * POST /add-package, PUT /edit-package/:id (admin): packageName, price and credit required;
 * on add, validity defaults to DEFAULT_PACKAGE_VALIDITY_DAYS. On edit, an omitted optional field
 * keeps its stored value; an empty string clears a feature line or the icon. The record's other
 * fields (its id, dates and the store's currency) are accepted and ignored.
 */
export const packageBodySchema = z.strictObject({
  ...echoedFieldsOf(packageSchema),
  /** In the spec's package record; the store has no sellers' packages: ignored. */
  sellerEmail: z.string().max(254).optional(),
  packageName: z
    .string()
    .trim()
    .min(1, 'Package name is required')
    .max(100, 'At most 100 characters'),
  price: priceFrom('Price'),
  credit: numberFrom('Credit').pipe(
    z
      .number()
      .int('Credit must be a whole number')
      .min(0, 'Credit cannot be negative')
      .max(1_000_000, 'Credit is too high'),
  ),
  validity: numberFrom('Validity')
    .pipe(z.number().int('Validity is a whole number of days').min(1).max(3650))
    .optional(),
  icon: z.union([z.url({ protocol: /^https?$/ }), z.literal('')]).optional(),
  ...points,
});
export type PackageBody = WritableFields<z.output<typeof packageBodySchema>>;
export type PackageForm = z.input<typeof packageBodySchema>;
