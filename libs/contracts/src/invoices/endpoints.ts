// What each endpoint of ./routes.ts takes and answers, and its line on the OpenAPI page.
import { type EndpointSchemasOf } from '../contract';
import { type invoicesRoutes } from './routes';
import { invoiceSettingsBodySchema, invoiceSettingsRecordSchema, taxRatesSchema } from './schemas';

export const invoicesEndpoints = {
  settings: {
    summary: 'The seller’s details on invoices and the tax rate of each buyer country',
    response: invoiceSettingsRecordSchema,
  },
  saveSettings: {
    summary: 'Saves the invoicing settings (applied to orders placed from now on)',
    body: invoiceSettingsBodySchema,
    response: invoiceSettingsRecordSchema,
  },
  taxRates: {
    summary: 'Whether prices include tax, and the tax rate of each buyer country',
    response: taxRatesSchema,
  },
} satisfies EndpointSchemasOf<typeof invoicesRoutes>;
