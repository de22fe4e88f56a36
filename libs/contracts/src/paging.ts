import { z } from 'zod';

/** The most rows one page of an admin list holds. */
export const MAX_PAGE_SIZE = 100;

// A query string carries text; a typed client may pass numbers. Either way a whole number.
export const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number<number | string>('Must be a number')
    .int('Must be a whole number')
    .min(min, `At least ${min}`)
    .max(max, `At most ${max}`);

/**
 * `format=csv`: every row the list's search, sort and filters select (not one page), as a CSV
 * download (text/csv), streamed; cells that a spreadsheet would run as a formula are neutralised.
 */
export const exportFormatField = { format: z.literal('csv', 'Must be csv').optional() };

/**
 * An admin list's query: page, page size, a search text and a sort among `sortKeys`, and the
 * CSV export. Strict, so `q[$ne]=x` and other unknown keys are a 400.
 */
export function listQuerySchema<const Keys extends readonly [string, ...string[]]>(
  sortKeys: Keys,
  defaultSort: Keys[number],
) {
  return z.strictObject({
    page: wholeNumber(1, 1_000_000).default(1),
    pageSize: wholeNumber(1, MAX_PAGE_SIZE).default(10),
    q: z.string().trim().max(100, 'Search text is too long').optional(),
    sort: z.enum(sortKeys).default(defaultSort),
    dir: z.enum(['asc', 'desc']).default('desc'),
    ...exportFormatField,
  });
}

/** One page of a list: its rows and how many there are in all. */
export function pageSchema<Row extends z.ZodType>(row: Row) {
  return z.object({
    items: z.array(row),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  });
}

export const orderSortKeys = [
  'orderDate',
  'orderId',
  'customerName',
  'packageName',
  'totalPrice',
  'paymentStatus',
  'orderStatus',
] as const;
export const orderListQuerySchema = listQuerySchema(orderSortKeys, 'orderDate');
export type OrderListQuery = z.input<typeof orderListQuerySchema>;
export type OrderSortKey = (typeof orderSortKeys)[number];

export const userSortKeys = [
  'createdAt',
  'userName',
  'userEmail',
  'userRole',
  'userMembership',
  'currentBalance',
] as const;
export const userListQuerySchema = listQuerySchema(userSortKeys, 'createdAt');
export type UserListQuery = z.input<typeof userListQuerySchema>;
export type UserSortKey = (typeof userSortKeys)[number];
