// Zod-free: the browser's typed client loads these (see ../routes-entry.ts).
import { domainRoutes } from '../http';

export const geminiKeysRoutes = domainRoutes({
  list: {
    method: 'GET',
    path: '/api/gemini-keys',
    access: 'admin',
  },
  create: {
    method: 'POST',
    path: '/api/gemini-keys',
    access: 'admin',
    sensitive: true,
  },
  update: {
    method: 'PUT',
    path: '/api/gemini-keys/:id',
    access: 'admin',
    sensitive: true,
  },
  delete: {
    method: 'DELETE',
    path: '/api/gemini-keys/:id',
    access: 'admin',
    sensitive: true,
  },
  toggle: {
    method: 'PATCH',
    path: '/api/gemini-keys/:id/toggle',
    access: 'admin',
    sensitive: true,
  },
  model: {
    method: 'GET',
    path: '/api/gemini-model',
    access: 'admin',
  },
  setModel: {
    method: 'PUT',
    path: '/api/gemini-model',
    access: 'admin',
    sensitive: true,
  },
  test: {
    method: 'POST',
    path: '/api/gemini-keys/:id/test',
    access: 'admin',
    sensitive: true,
    status: 200,
    // A test call changes nothing an admin sees.
    invalidates: [],
  },
});
