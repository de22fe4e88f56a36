// Zod-free (see ./http.ts): every endpoint of the API, by domain. The schemas of each entry are
// in ./api.ts, which must name exactly these entries (its type says so).
import { defineRoutes } from './http';

export const routes = defineRoutes({
  health: {
    get: {
      method: 'GET',
      path: '/api/health',
      access: 'public',
      summary: 'Liveness and dependencies',
    },
  },
  users: {
    createOrSync: {
      method: 'POST',
      path: '/api/create-user',
      access: 'signed-in',
      status: 200,
      summary: 'Creates or syncs the caller’s record after sign-in and registration',
    },
    list: {
      method: 'GET',
      path: '/users',
      access: 'owner',
      summary: 'Every user (admins), or the caller’s own record with ?userEmail=',
    },
    adminList: {
      method: 'GET',
      path: '/api/users',
      access: 'admin',
      summary: 'One page of the user directory: search, sort and page on the server',
    },
    admins: {
      method: 'GET',
      path: '/users/admins',
      access: 'signed-in',
      summary: 'The admins, for the Admin Panel link',
    },
    updateProfile: {
      method: 'PUT',
      path: '/update-user-profile/:id',
      access: 'owner',
      summary: 'The caller’s own profile fields',
    },
    adminUpdate: {
      method: 'PUT',
      path: '/api/users/:id',
      access: 'admin',
      sensitive: true,
      summary: 'Name, role, membership and credit balance (the balance through the ledger)',
    },
    delete: {
      method: 'DELETE',
      path: '/api/users/:id',
      access: 'admin',
      sensitive: true,
      summary: 'Deletes a user',
    },
  },
  messages: {
    send: {
      method: 'POST',
      path: '/send-message',
      access: 'admin',
      status: 200,
      summary: 'E-mails a user (HTML sanitised) and keeps a copy on their record',
    },
  },
  uploads: {
    upload: {
      method: 'POST',
      path: '/image-server/upload',
      access: 'signed-in',
      multipart: true,
      summary: 'Stores an image (multipart field "image", at most 2 MB)',
    },
    file: {
      method: 'GET',
      path: '/image-server/files/:id',
      access: 'public',
      raw: true,
      summary: 'An uploaded image (bytes, with its content type)',
    },
    mine: {
      method: 'GET',
      path: '/image-server/files',
      access: 'signed-in',
      summary: 'The caller’s uploaded images and how much of their storage quota they use',
    },
    delete: {
      method: 'DELETE',
      path: '/image-server/files/:id',
      access: 'owner',
      summary: 'Deletes an uploaded image (its uploader or an admin)',
    },
  },
  packages: {
    list: { method: 'GET', path: '/packages', access: 'public', summary: 'Every credit package' },
    get: { method: 'GET', path: '/package/:id', access: 'public', summary: 'One credit package' },
    add: {
      method: 'POST',
      path: '/add-package',
      access: 'admin',
      summary: 'Adds a package (409 beyond 3)',
    },
    edit: { method: 'PUT', path: '/edit-package/:id', access: 'admin', summary: 'Edits a package' },
    delete: {
      method: 'DELETE',
      path: '/package/:id',
      access: 'admin',
      summary: 'Deletes a package',
    },
  },
  items: {
    list: {
      method: 'GET',
      path: '/api/items',
      access: 'public-identified',
      summary: 'Every digital item; access URLs for admins only',
    },
    get: { method: 'GET', path: '/item/:id', access: 'public', summary: 'One digital item' },
    create: { method: 'POST', path: '/api/items', access: 'admin', summary: 'Adds an item' },
    update: { method: 'PUT', path: '/api/items/:id', access: 'admin', summary: 'Edits an item' },
    delete: {
      method: 'DELETE',
      path: '/api/items/:id',
      access: 'admin',
      summary: 'Deletes an item',
    },
  },
  packageOrders: {
    create: {
      method: 'POST',
      path: '/new-order',
      access: 'signed-in',
      summary: 'Orders a package, priced from the stored package (Sellers 403)',
    },
    list: {
      method: 'GET',
      path: '/orders',
      access: 'owner',
      summary: 'The caller’s package orders, or anyone’s for admins',
    },
    get: { method: 'GET', path: '/order/:id', access: 'owner', summary: 'One package order' },
    delete: {
      method: 'DELETE',
      path: '/order/:id',
      access: 'admin',
      summary: 'Deletes a pending package order',
    },
    adminList: {
      method: 'GET',
      path: '/api/orders',
      access: 'admin',
      summary: 'One page of every package order: search, sort and page on the server',
    },
    refund: {
      method: 'POST',
      path: '/order/:id/refund',
      access: 'admin',
      sensitive: true,
      status: 200,
      summary: 'Refunds a paid package order in full at PayPal and takes its credits back',
    },
  },
  itemOrders: {
    create: {
      method: 'POST',
      path: '/new-item-order',
      access: 'signed-in',
      summary: 'Orders a digital item, priced from the stored item (Sellers 403)',
    },
    list: {
      method: 'GET',
      path: '/item-orders',
      access: 'owner',
      summary: 'The caller’s item orders, or anyone’s for admins',
    },
    get: { method: 'GET', path: '/item-order/:id', access: 'owner', summary: 'One item order' },
    verify: {
      method: 'GET',
      path: '/verify-order/:id',
      access: 'owner',
      summary: 'Whether an item order’s payment is captured',
    },
    delete: {
      method: 'DELETE',
      path: '/item-order/:id',
      access: 'admin',
      summary: 'Deletes a pending item order',
    },
    adminList: {
      method: 'GET',
      path: '/api/item-orders',
      access: 'admin',
      summary: 'One page of every item order: search, sort and page on the server',
    },
    refund: {
      method: 'POST',
      path: '/item-order/:id/refund',
      access: 'admin',
      sensitive: true,
      status: 200,
      summary: 'Refunds a paid item order in full at PayPal and withdraws its access link',
    },
  },
  payments: {
    createPaypalOrder: {
      method: 'POST',
      path: '/api/paypal/orders',
      access: 'owner',
      summary: 'Creates the PayPal order for the caller’s pending order',
    },
    completePackage: {
      method: 'PUT',
      path: '/process-payment-complete/:id',
      access: 'owner',
      summary: 'Captures and verifies a package order’s payment, then credits the buyer',
    },
    completeItem: {
      method: 'PUT',
      path: '/item-update-payment-status/:id',
      access: 'owner',
      summary: 'Captures and verifies an item order’s payment',
    },
    webhook: {
      method: 'POST',
      path: '/api/paypal/webhook',
      access: 'public',
      status: 200,
      raw: true,
      summary: 'PayPal’s signed notifications, verified with PayPal before anything is read',
    },
  },
  credits: {
    history: {
      method: 'GET',
      path: '/api/credits/history',
      access: 'owner',
      summary: 'The caller’s credit history, newest first; admins may ask for anyone’s (?userId=)',
    },
  },
  content: {
    navLogo: {
      method: 'GET',
      path: '/api/nav-logo',
      access: 'public',
      summary: 'The header logo (inactive: the site’s own logo shows)',
    },
    footer: {
      method: 'GET',
      path: '/api/footer',
      access: 'public',
      summary: 'The site footer (shown only while active)',
    },
  },
  paypalSettings: {
    get: {
      method: 'GET',
      path: '/api/paypal-settings',
      access: 'public-identified',
      summary: 'What the payment buttons need; admins also get mode and the masked secret',
    },
    update: {
      method: 'PUT',
      path: '/api/paypal-settings',
      access: 'admin',
      sensitive: true,
      summary: 'Saves the PayPal settings (the secret is write-only)',
    },
    reset: {
      method: 'POST',
      path: '/api/paypal-settings/reset',
      access: 'admin',
      sensitive: true,
      status: 200,
      summary: 'Restores the default PayPal settings',
    },
  },
  geminiKeys: {
    list: {
      method: 'GET',
      path: '/api/gemini-keys',
      access: 'admin',
      summary: 'The Gemini API keys, masked, with each key’s state in the pool',
    },
    create: {
      method: 'POST',
      path: '/api/gemini-keys',
      access: 'admin',
      sensitive: true,
      summary: 'Adds a Gemini API key (stored encrypted)',
    },
    update: {
      method: 'PUT',
      path: '/api/gemini-keys/:id',
      access: 'admin',
      sensitive: true,
      summary: 'Edits a key; an empty or masked key keeps the stored one',
    },
    delete: {
      method: 'DELETE',
      path: '/api/gemini-keys/:id',
      access: 'admin',
      sensitive: true,
      summary: 'Deletes a key',
    },
    toggle: {
      method: 'PATCH',
      path: '/api/gemini-keys/:id/toggle',
      access: 'admin',
      sensitive: true,
      summary: 'Switches a key on or off; switching it on clears its failures',
    },
  },
  support: {
    create: {
      method: 'POST',
      path: '/new-support-message',
      access: 'public-identified',
      summary: 'A visitor’s contact message or a user’s new ticket (opened as a ticket)',
    },
    list: {
      method: 'GET',
      path: '/support-messages',
      access: 'owner',
      summary: 'The caller’s tickets, or every ticket for admins (newest first)',
    },
    get: {
      method: 'GET',
      path: '/support-message/:id',
      access: 'owner',
      summary: 'One ticket with its conversation (its user or an admin); marks it read',
    },
    update: {
      method: 'PUT',
      path: '/support-message-status/:id',
      access: 'owner',
      summary: 'Replies to a ticket (the new entry only) and, for admins, sets its status',
    },
    summary: {
      method: 'GET',
      path: '/api/support-messages/summary',
      access: 'admin',
      summary: 'Ticket counts for the admin dashboard: total, open, in progress, unread',
    },
  },
  audit: {
    list: {
      method: 'GET',
      path: '/api/audit-log',
      access: 'admin',
      summary: 'Every admin change (who, what, before/after, when), newest first, filtered',
    },
  },
});

export type Routes = typeof routes;
