// Zod-free: the browser's typed client loads these (see ../routes-entry.ts).
import { domainRoutes } from '../http';

export const auditRoutes = domainRoutes({
  list: {
    method: 'GET',
    path: '/api/audit-log',
    access: 'admin',
  },
});
