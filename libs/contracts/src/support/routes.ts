// Zod-free: the browser's typed client loads these (see ../routes-entry.ts).
import { domainRoutes } from '../http';

export const supportRoutes = domainRoutes({
  create: {
    method: 'POST',
    path: '/new-support-message',
    access: 'public-identified',
  },
  list: {
    method: 'GET',
    path: '/support-messages',
    access: 'owner',
  },
  get: {
    method: 'GET',
    path: '/support-message/:id',
    access: 'owner',
  },
  update: {
    method: 'PUT',
    path: '/support-message-status/:id',
    access: 'owner',
  },
  summary: {
    method: 'GET',
    path: '/api/support-messages/summary',
    access: 'admin',
  },
});
