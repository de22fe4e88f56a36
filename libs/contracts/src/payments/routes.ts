// Zod-free: the browser's typed client loads these (see ../routes-entry.ts).
import { domainRoutes } from '../http';

export const paymentsRoutes = domainRoutes({
  createPaypalOrder: {
    method: 'POST',
    path: '/api/paypal/orders',
    access: 'owner',
    invalidates: [],
  },
  completePackage: {
    method: 'PUT',
    path: '/process-payment-complete/:id',
    access: 'owner',
    invalidates: ['packageOrders', 'users', 'credits'],
  },
  completeItem: {
    method: 'PUT',
    path: '/item-update-payment-status/:id',
    access: 'owner',
    invalidates: ['itemOrders'],
  },
  webhook: {
    method: 'POST',
    path: '/api/paypal/webhook',
    access: 'public',
    status: 200,
    raw: true,
  },
});

export const paypalSettingsRoutes = domainRoutes({
  get: {
    method: 'GET',
    path: '/api/paypal-settings',
    access: 'public-identified',
  },
  update: {
    method: 'PUT',
    path: '/api/paypal-settings',
    access: 'admin',
    sensitive: true,
  },
  reset: {
    method: 'POST',
    path: '/api/paypal-settings/reset',
    access: 'admin',
    sensitive: true,
    status: 200,
  },
});
