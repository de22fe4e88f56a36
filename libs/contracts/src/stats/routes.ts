// Zod-free: the browser's typed client loads these (see ../routes-entry.ts).
import { domainRoutes } from '../http';

export const statsRoutes = domainRoutes({
  overTime: {
    method: 'GET',
    path: '/api/admin/stats',
    access: 'admin',
  },
});
