// Zod-free: the browser's typed client loads these (see ../routes-entry.ts).
import { domainRoutes } from '../http';

export const usersRoutes = domainRoutes({
  createOrSync: {
    method: 'POST',
    path: '/api/create-user',
    access: 'signed-in',
    status: 200,
    errorField: true,
    // The first sign-in after verification adds the trial credits, with a history entry.
    invalidates: ['users', 'credits'],
  },
  list: {
    method: 'GET',
    path: '/users',
    access: 'owner',
  },
  adminList: {
    method: 'GET',
    path: '/api/users',
    access: 'admin',
  },
  admins: {
    method: 'GET',
    path: '/users/admins',
    access: 'signed-in',
  },
  updateProfile: {
    method: 'PUT',
    path: '/update-user-profile/:id',
    access: 'owner',
  },
  adminUpdate: {
    method: 'PUT',
    path: '/api/users/:id',
    access: 'admin',
    sensitive: true,
    invalidates: ['users', 'credits'],
  },
  delete: {
    method: 'DELETE',
    path: '/api/users/:id',
    access: 'admin',
    sensitive: true,
    invalidates: ['users', 'credits'],
  },
});

export const messagesRoutes = domainRoutes({
  send: {
    method: 'POST',
    path: '/send-message',
    access: 'admin',
    status: 200,
    errorField: true,
  },
});
