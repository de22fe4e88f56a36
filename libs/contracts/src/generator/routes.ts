// Zod-free: the browser's typed client loads these (see ../routes-entry.ts).
import { domainRoutes } from '../http';

export const generatorRoutes = domainRoutes({
  generate: {
    method: 'POST',
    path: '/api/generate-email',
    access: 'signed-in',
    status: 200,
    invalidates: ['generator', 'users', 'credits'],
  },
  availability: {
    method: 'GET',
    path: '/api/generator/availability',
    access: 'signed-in',
  },
  generateStream: {
    method: 'POST',
    path: '/api/generate-email/stream',
    access: 'signed-in',
    status: 200,
    stream: true,
    invalidates: ['generator', 'users', 'credits'],
  },
  enhancePrompt: {
    method: 'POST',
    path: '/api/enhance-prompt',
    access: 'signed-in',
    status: 200,
    invalidates: [],
  },
  deductCredit: {
    method: 'POST',
    path: '/api/deduct-credit',
    access: 'signed-in',
    status: 200,
    invalidates: ['users', 'credits'],
  },
  refundCredit: {
    method: 'POST',
    path: '/api/refund-credit',
    access: 'signed-in',
    status: 200,
    invalidates: ['users', 'credits'],
  },
  history: {
    method: 'GET',
    path: '/api/generations',
    access: 'signed-in',
  },
  deleteGeneration: {
    method: 'DELETE',
    path: '/api/generations/:id',
    access: 'owner',
  },
});
