// Zod-free: the browser's typed client loads these (see ../routes-entry.ts).
import { domainRoutes } from '../http';

export const itemsRoutes = domainRoutes({
  list: {
    method: 'GET',
    path: '/api/items',
    access: 'public-identified',
  },
  get: { method: 'GET', path: '/item/:id', access: 'public' },
  create: { method: 'POST', path: '/api/items', access: 'admin' },
  update: { method: 'PUT', path: '/api/items/:id', access: 'admin' },
  delete: {
    method: 'DELETE',
    path: '/api/items/:id',
    access: 'admin',
  },
});
