// Zod-free: the browser's typed client loads these (see ../routes-entry.ts).
import { domainRoutes } from '../http';

export const creditsRoutes = domainRoutes({
  history: {
    method: 'GET',
    path: '/api/credits/history',
    access: 'owner',
  },
});
