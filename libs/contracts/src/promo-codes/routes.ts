// Zod-free: the browser's typed client loads these (see ../routes-entry.ts).
import { domainRoutes } from '../http';

export const promoCodesRoutes = domainRoutes({
  list: { method: 'GET', path: '/api/promo-codes', access: 'admin' },
  create: { method: 'POST', path: '/api/promo-codes', access: 'admin' },
  get: { method: 'GET', path: '/api/promo-codes/:id', access: 'admin' },
  update: { method: 'PUT', path: '/api/promo-codes/:id', access: 'admin' },
  delete: { method: 'DELETE', path: '/api/promo-codes/:id', access: 'admin' },
  /** Buyers' checkouts refuse the code until it is resumed; nothing else about it changes. */
  pause: { method: 'PATCH', path: '/api/promo-codes/:id/pause', access: 'admin' },
  resume: { method: 'PATCH', path: '/api/promo-codes/:id/resume', access: 'admin' },
  /** A buyer's checkout: what the order would cost with the code (nothing is reserved). */
  quote: {
    method: 'POST',
    path: '/api/promo-codes/quote',
    access: 'signed-in',
    status: 200,
    invalidates: [],
  },
});
