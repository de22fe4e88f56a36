// Zod-free (see ./http.ts): every endpoint of the API, by domain, as the browser's typed client
// needs it. The schemas of each entry, and its one-line summary for the OpenAPI page, are in
// ./api.ts, which must name exactly these entries (its type says so).
import { defineRoutes } from './http';
import { blockRoutes, landingBlockPaths } from './landing-blocks';

export const routes = defineRoutes({
  health: {
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
  },
  users: {
    createOrSync: {
      method: 'POST',
      path: '/api/create-user',
      access: 'signed-in',
      status: 200,
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
  },
  messages: {
    send: {
      method: 'POST',
      path: '/send-message',
      access: 'admin',
      status: 200,
    },
  },
  uploads: {
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
  },
  packages: {
    list: { method: 'GET', path: '/packages', access: 'public' },
    get: { method: 'GET', path: '/package/:id', access: 'public' },
    add: {
      method: 'POST',
      path: '/add-package',
      access: 'admin',
    },
    edit: { method: 'PUT', path: '/edit-package/:id', access: 'admin' },
    delete: {
      method: 'DELETE',
      path: '/package/:id',
      access: 'admin',
    },
  },
  items: {
    list: {
      method: 'GET',
      path: '/api/items',
      access: 'public-identified',
    },
    get: { method: 'GET', path: '/item/:id', access: 'public' },
    create: { method: 'POST', path: '/api/items', access: 'admin' },
    update: { method: 'PUT', path: '/api/items/:id', access: 'admin' },
    delete: {
      method: 'DELETE',
      path: '/api/items/:id',
      access: 'admin',
    },
  },
  packageOrders: {
    create: {
      method: 'POST',
      path: '/new-order',
      access: 'signed-in',
    },
    list: {
      method: 'GET',
      path: '/orders',
      access: 'owner',
    },
    get: { method: 'GET', path: '/order/:id', access: 'owner' },
    delete: {
      method: 'DELETE',
      path: '/order/:id',
      access: 'admin',
    },
    adminList: {
      method: 'GET',
      path: '/api/orders',
      access: 'admin',
    },
    refund: {
      method: 'POST',
      path: '/order/:id/refund',
      access: 'admin',
      sensitive: true,
      status: 200,
      invalidates: ['packageOrders', 'users', 'credits'],
    },
  },
  itemOrders: {
    create: {
      method: 'POST',
      path: '/new-item-order',
      access: 'signed-in',
    },
    list: {
      method: 'GET',
      path: '/item-orders',
      access: 'owner',
    },
    get: { method: 'GET', path: '/item-order/:id', access: 'owner' },
    verify: {
      method: 'GET',
      path: '/verify-order/:id',
      access: 'owner',
    },
    delete: {
      method: 'DELETE',
      path: '/item-order/:id',
      access: 'admin',
    },
    adminList: {
      method: 'GET',
      path: '/api/item-orders',
      access: 'admin',
    },
    refund: {
      method: 'POST',
      path: '/item-order/:id/refund',
      access: 'admin',
      sensitive: true,
      status: 200,
    },
  },
  payments: {
    createPaypalOrder: {
      method: 'POST',
      path: '/api/paypal/orders',
      access: 'owner',
      invalidates: [],
    },
    completePackage: {
      method: 'PUT',
      path: '/process-payment-complete/:id',
      access: 'owner',
      invalidates: ['packageOrders', 'users', 'credits'],
    },
    completeItem: {
      method: 'PUT',
      path: '/item-update-payment-status/:id',
      access: 'owner',
      invalidates: ['itemOrders'],
    },
    webhook: {
      method: 'POST',
      path: '/api/paypal/webhook',
      access: 'public',
      status: 200,
      raw: true,
    },
  },
  credits: {
    history: {
      method: 'GET',
      path: '/api/credits/history',
      access: 'owner',
    },
  },
  content: {
    navLogo: {
      method: 'GET',
      path: '/api/nav-logo',
      access: 'public',
    },
    navLogoUpdate: {
      method: 'PUT',
      path: '/api/nav-logo',
      access: 'admin',
    },
    landing: {
      method: 'GET',
      path: '/api/landing-content',
      access: 'public',
    },
    // Each landing block's read, save, toggle and reset, from its paths.
    ...blockRoutes(landingBlockPaths),
    bannerStats: {
      method: 'GET',
      path: '/api/banner-section/stats',
      access: 'admin',
    },
  },
  paypalSettings: {
    get: {
      method: 'GET',
      path: '/api/paypal-settings',
      access: 'public-identified',
    },
    update: {
      method: 'PUT',
      path: '/api/paypal-settings',
      access: 'admin',
      sensitive: true,
    },
    reset: {
      method: 'POST',
      path: '/api/paypal-settings/reset',
      access: 'admin',
      sensitive: true,
      status: 200,
    },
  },
  geminiKeys: {
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
  },
  support: {
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
  },
  generator: {
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
  },
  audit: {
    list: {
      method: 'GET',
      path: '/api/audit-log',
      access: 'admin',
    },
  },
});

export type Routes = typeof routes;
