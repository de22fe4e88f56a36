// Zod-free: the browser's typed client loads these (see ../routes-entry.ts).
import { domainRoutes } from '../http';

export const packageOrdersRoutes = domainRoutes({
  create: {
    method: 'POST',
    path: '/new-order',
    access: 'signed-in',
  },
  list: {
    method: 'GET',
    path: '/orders',
    access: 'owner',
  },
  get: { method: 'GET', path: '/order/:id', access: 'owner' },
  delete: {
    method: 'DELETE',
    path: '/order/:id',
    access: 'admin',
  },
  adminList: {
    method: 'GET',
    path: '/api/orders',
    access: 'admin',
  },
  refund: {
    method: 'POST',
    path: '/order/:id/refund',
    access: 'admin',
    sensitive: true,
    status: 200,
    invalidates: ['packageOrders', 'users', 'credits'],
  },
});

export const itemOrdersRoutes = domainRoutes({
  create: {
    method: 'POST',
    path: '/new-item-order',
    access: 'signed-in',
  },
  list: {
    method: 'GET',
    path: '/item-orders',
    access: 'owner',
  },
  get: { method: 'GET', path: '/item-order/:id', access: 'owner' },
  verify: {
    method: 'GET',
    path: '/verify-order/:id',
    access: 'owner',
  },
  delete: {
    method: 'DELETE',
    path: '/item-order/:id',
    access: 'admin',
  },
  adminList: {
    method: 'GET',
    path: '/api/item-orders',
    access: 'admin',
  },
  refund: {
    method: 'POST',
    path: '/item-order/:id/refund',
    access: 'admin',
    sensitive: true,
    status: 200,
  },
});
