// Zod-free: the browser's typed client loads these (see ../routes-entry.ts).
import { domainRoutes } from '../http';

export const invoicesRoutes = domainRoutes({
  /** The seller's details and the tax rates (admin). */
  settings: { method: 'GET', path: '/api/invoice-settings', access: 'admin' },
  saveSettings: {
    method: 'PUT',
    path: '/api/invoice-settings',
    access: 'admin',
    errorField: true,
  },
  /** The tax a buyer's country pays, for checkout to show it before paying. */
  taxRates: { method: 'GET', path: '/api/tax-rates', access: 'public' },
});
