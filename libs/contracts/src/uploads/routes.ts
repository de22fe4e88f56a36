// Zod-free: the browser's typed client loads these (see ../routes-entry.ts).
import { domainRoutes } from '../http';

export const uploadsRoutes = domainRoutes({
  upload: {
    method: 'POST',
    path: '/image-server/upload',
    access: 'signed-in',
    multipart: true,
  },
  file: {
    method: 'GET',
    path: '/image-server/files/:id',
    access: 'public',
    raw: true,
  },
  mine: {
    method: 'GET',
    path: '/image-server/files',
    access: 'signed-in',
  },
  delete: {
    method: 'DELETE',
    path: '/image-server/files/:id',
    access: 'owner',
  },
});
