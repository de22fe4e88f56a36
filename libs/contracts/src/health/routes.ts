// Zod-free: the browser's typed client loads these (see ../routes-entry.ts).
import { domainRoutes } from '../http';

export const healthRoutes = domainRoutes({
  get: {
    method: 'GET',
    path: '/api/health',
    access: 'public',
  },
  live: {
    method: 'GET',
    path: '/api/health/live',
    access: 'public',
  },
  ready: {
    method: 'GET',
    path: '/api/health/ready',
    access: 'public',
  },
});
