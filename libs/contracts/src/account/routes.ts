// Zod-free: the browser's typed client loads these (see ../routes-entry.ts).
import { domainRoutes } from '../http';

export const accountRoutes = domainRoutes({
  /** "Download my data": everything the store keeps of the caller, as one JSON file. */
  export: {
    method: 'GET',
    path: '/api/account/export',
    access: 'owner',
    sensitive: true,
  },
  /** "Delete my account", once the caller has typed their e-mail address again. */
  delete: {
    method: 'DELETE',
    path: '/api/account',
    access: 'owner',
    sensitive: true,
  },
});
