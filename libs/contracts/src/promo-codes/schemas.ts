import { z } from 'zod';
import { echoedFieldsOf, objectIdSchema, type WritableFields } from '../common';
import { numberFrom, priceFrom } from '../packages/schemas';
import { paypalCurrencies } from '../payments/schemas';

/** A code's text as admins save it: upper-cased, so buyers may type it in any case. */
const promoCodeTextSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{3,32}$/, 'Use 3 to 32 letters, digits, dashes or underscores');

/**
 * What a buyer types at checkout, upper-cased. Not held to the admin's pattern: a code that
 * cannot exist is answered 'Unknown promo code.' like any other unknown one.
 */
const promoCodeEntrySchema = z
  .string()
  .trim()
  .toUpperCase()
  .min(1, 'Enter a promo code')
  .max(64, 'At most 64 characters');

/**
 * The order forms' optional code (POST /new-order, /new-item-order): an empty field is no code.
 */
export const orderPromoCodeField = {
  promoCode: z
    .union([z.literal(''), promoCodeEntrySchema])
    .optional()
    .transform((code) => code || undefined),
};

/** Lower-case, as the API writes ids, so a listed id compares equal to the product's. */
const productId = objectIdSchema.toLowerCase();

/** Which products a code takes money off: every one, or the packages and items listed. */
const promoCodeScopeSchema = z.union(
  [
    z.literal('all'),
    z
      .strictObject({
        packageIds: z.array(productId).max(100, 'At most 100 packages').default([]),
        itemIds: z.array(productId).max(500, 'At most 500 items').default([]),
      })
      .refine(
        ({ packageIds, itemIds }) => packageIds.length + itemIds.length > 0,
        'Choose at least one package or item, or all',
      ),
  ],
  'Choose all, or lists of packages and items',
);

const percentOff = {
  kind: z.literal('percent'),
  /** Whole percent of the price, 1 to 100. */
  percent: numberFrom('Percent').pipe(
    z
      .number()
      .int('Percent is a whole number')
      .min(1, 'At least 1 percent')
      .max(100, 'At most 100 percent'),
  ),
};

const amountOff = {
  kind: z.literal('fixed'),
  /** Taken off the price, at most two decimals. */
  amount: priceFrom('Amount'),
  /** The currency of the amount: the store's (the API refuses another). */
  currency: z.enum(paypalCurrencies, 'Choose a currency'),
};

/** What an admin sets on a code, whatever its kind. */
const promoCodeSettings = {
  code: promoCodeTextSchema,
  /** ISO date-time; null or left out: the code never expires. */
  expiresAt: z.iso.datetime({ offset: true, error: 'Use an ISO date and time' }).nullish(),
  /** Null or left out: no limit. Counts orders placed with the code and not abandoned. */
  maxUses: numberFrom('Maximum uses')
    .pipe(
      z
        .number()
        .int('Maximum uses is a whole number')
        .min(1, 'At least 1 use')
        .max(1_000_000, 'At most 1,000,000 uses'),
    )
    .nullish(),
  /** Each buyer may use the code on one order only. */
  oncePerBuyer: z.boolean().default(false),
  appliesTo: promoCodeScopeSchema,
};

const promoCodeRecordFields = {
  _id: z.string(),
  code: z.string(),
  expiresAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  oncePerBuyer: z.boolean(),
  appliesTo: z.union([
    z.literal('all'),
    z.object({ packageIds: z.array(z.string()), itemIds: z.array(z.string()) }),
  ]),
  /** A paused code is refused at checkout until it is resumed. */
  paused: z.boolean(),
  /** Orders placed with the code, less those abandoned (deleted or expired unpaid). */
  uses: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
};
const percentCodeSchema = z.object({
  ...promoCodeRecordFields,
  kind: z.literal('percent'),
  percent: z.number().int(),
});
const fixedCodeSchema = z.object({
  ...promoCodeRecordFields,
  kind: z.literal('fixed'),
  amount: z.number(),
  currency: z.enum(paypalCurrencies),
});

/** A promo code as the admin API answers it. */
export const promoCodeSchema = z.discriminatedUnion('kind', [percentCodeSchema, fixedCodeSchema]);
export type PromoCode = z.infer<typeof promoCodeSchema>;

/**
 * POST /api/promo-codes and PUT /api/promo-codes/:id (admin): every setting of the code. The
 * record's other fields are accepted and ignored, so a code may be sent back whole as GET answers
 * it: `paused` changes through pause and resume only, so an edit form loaded before another admin
 * paused the code does not resume it. An `_id` naming another code than the address is refused
 * (400).
 */
export const promoCodeBodySchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ ...echoedFieldsOf(percentCodeSchema), ...promoCodeSettings, ...percentOff }),
    z.strictObject({ ...echoedFieldsOf(fixedCodeSchema), ...promoCodeSettings, ...amountOff }),
  ],
  'Choose percent or fixed',
);
export type PromoCodeBody = WritableFields<z.output<typeof promoCodeBodySchema>>;

/** POST /api/promo-codes/quote: a code for one package or one item. */
export const promoCodeQuoteBodySchema = z
  .strictObject({
    code: promoCodeEntrySchema,
    packageId: objectIdSchema.optional(),
    itemId: objectIdSchema.optional(),
  })
  .refine(({ packageId, itemId }) => (packageId === undefined) !== (itemId === undefined), {
    message: 'Name a package or an item',
    path: ['packageId'],
  });
export type PromoCodeQuoteBody = z.output<typeof promoCodeQuoteBodySchema>;

/**
 * What an order of the product would cost with the code, as 2-decimal strings in `currency`:
 * subtotal - discount + processingFee = total, which is what PayPal is asked for.
 */
export const promoCodeQuoteSchema = z.object({
  code: z.string(),
  currency: z.enum(paypalCurrencies),
  subtotal: z.string(),
  discount: z.string(),
  processingFee: z.string(),
  total: z.string(),
});
export type PromoCodeQuote = z.infer<typeof promoCodeQuoteSchema>;
