import { z } from 'zod';
import { echoedFieldsOf } from '../common';

/** A country as tax rates name it: its ISO 3166-1 alpha-2 code ('FR', 'US'). */
const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'A two-letter country code (ISO 3166-1), e.g. FR');

/** One buyer country's tax: its rate in percent (up to two decimals) and what invoices call it. */
export const taxRateSchema = z.object({
  country: countryCodeSchema,
  rate: z
    .number()
    .min(0, 'At least 0')
    .max(100, 'At most 100')
    .refine((rate) => Math.round(rate * 100) === rate * 100, 'At most two decimals'),
  label: z.string().trim().min(1, 'A name, e.g. VAT').max(20, 'At most 20 characters'),
});
export type TaxRate = z.infer<typeof taxRateSchema>;

/**
 * The store's invoicing settings (admin): the seller as invoices name it, whether catalogue
 * prices include tax, and the tax rate of each buyer country (a country not listed pays none).
 */
export const invoiceSettingsSchema = z.object({
  sellerName: z.string().trim().max(200, 'At most 200 characters'),
  sellerAddress: z.string().trim().max(500, 'At most 500 characters'),
  sellerTaxId: z.string().trim().max(50, 'At most 50 characters'),
  pricesIncludeTax: z.boolean(),
  taxRates: z
    .array(taxRateSchema)
    .max(250, 'At most 250 countries')
    .refine(
      (rates) => new Set(rates.map((rate) => rate.country)).size === rates.length,
      'Each country once',
    ),
});
export type InvoiceSettings = z.infer<typeof invoiceSettingsSchema>;

/** GET /api/invoice-settings. */
export const invoiceSettingsRecordSchema = invoiceSettingsSchema.extend({
  /** When an admin last saved them; null while they are the defaults. */
  updatedAt: z.string().nullable(),
});
export type InvoiceSettingsRecord = z.infer<typeof invoiceSettingsRecordSchema>;

/** PUT /api/invoice-settings: the whole settings; `updatedAt` as GET returns it is ignored. */
export const invoiceSettingsBodySchema = z.strictObject({
  ...echoedFieldsOf(invoiceSettingsRecordSchema),
  ...invoiceSettingsSchema.shape,
});

/** GET /api/tax-rates: what checkout needs to show a buyer's tax before they pay. */
export const taxRatesSchema = z.object({
  pricesIncludeTax: z.boolean(),
  rates: z.array(taxRateSchema),
});
export type TaxRates = z.infer<typeof taxRatesSchema>;

/** The tax an order was placed with, kept with it (the rate of the day, whatever changes after). */
export const orderTaxSchema = z.object({
  country: z.string(),
  label: z.string(),
  rate: z.number(),
  /** True: the total includes the tax; false: it was added to the price. */
  inclusive: z.boolean(),
  /** 2-decimal string. */
  amount: z.string(),
});
export type OrderTax = z.infer<typeof orderTaxSchema>;

/** The seller as an invoice names them, as they were when it was issued. */
export const invoiceSellerSchema = z.object({
  name: z.string(),
  address: z.string(),
  taxId: z.string(),
});

/** A paid order's invoice: its number in the year's gap-free sequence. */
export const orderInvoiceSchema = z.object({
  number: z.string(),
  issuedAt: z.string(),
  seller: invoiceSellerSchema,
});

/** A refund's credit note: its number in the year's sequence of credit notes, and the amount. */
export const orderCreditNoteSchema = z.object({
  number: z.string(),
  issuedAt: z.string(),
  /** 2-decimal string. */
  amount: z.string(),
});

/** What a business buyer adds at checkout, for their invoice. */
export const businessBuyerFields = {
  companyName: z.string().trim().max(200, 'At most 200 characters').optional(),
  companyTaxId: z.string().trim().max(50, 'At most 50 characters').optional(),
};
