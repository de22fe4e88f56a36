// Zod-free: the browser's typed client loads these (see ../routes-entry.ts).
import { domainRoutes } from '../http';

export const packagesRoutes = domainRoutes({
  list: { method: 'GET', path: '/packages', access: 'public' },
  get: { method: 'GET', path: '/package/:id', access: 'public' },
  add: {
    method: 'POST',
    path: '/add-package',
    access: 'admin',
  },
  edit: { method: 'PUT', path: '/edit-package/:id', access: 'admin' },
  delete: {
    method: 'DELETE',
    path: '/package/:id',
    access: 'admin',
  },
});
