// What each endpoint of ./routes.ts takes and answers, and its line on the OpenAPI page.
import {
  deletedResponseSchema,
  itemOrderSchema,
  newItemOrderBodySchema,
  newOrderBodySchema,
  packageOrderSchema,
  verifyOrderResponseSchema,
} from './schemas';
import { orderListQuerySchema, pageSchema } from '../paging';
import { userEmailQuerySchema } from '../users/schemas';
import { z } from 'zod';
import { byId, byOrderIdOrCode } from '../params';
import { type EndpointSchemasOf } from '../contract';
import { type itemOrdersRoutes, type packageOrdersRoutes } from './routes';

export const packageOrdersEndpoints = {
  create: {
    summary: 'Orders a package, priced from the stored package (Sellers 403)',
    body: newOrderBodySchema,
    response: packageOrderSchema,
  },
  list: {
    summary: 'The caller’s package orders, or anyone’s for admins',
    query: userEmailQuerySchema,
    response: z.array(packageOrderSchema),
  },
  get: {
    summary: 'One package order, by its id or its 8-character code',
    ...byOrderIdOrCode,
    response: packageOrderSchema,
  },
  delete: {
    summary: 'Deletes a pending package order',
    ...byId,
    response: deletedResponseSchema,
  },
  adminList: {
    summary: 'One page of every package order: search, sort and page on the server',
    query: orderListQuerySchema,
    response: pageSchema(packageOrderSchema),
  },
  refund: {
    summary: 'Refunds a paid package order in full at PayPal and takes its credits back',
    ...byId,
    response: packageOrderSchema,
  },
} satisfies EndpointSchemasOf<typeof packageOrdersRoutes>;

export const itemOrdersEndpoints = {
  create: {
    summary: 'Orders a digital item, priced from the stored item (Sellers 403)',
    body: newItemOrderBodySchema,
    response: itemOrderSchema,
  },
  list: {
    summary: 'The caller’s item orders, or anyone’s for admins',
    query: userEmailQuerySchema,
    response: z.array(itemOrderSchema),
  },
  get: {
    summary: 'One item order, by its id or its 8-character code',
    ...byOrderIdOrCode,
    response: itemOrderSchema,
  },
  verify: {
    summary: 'Whether an item order’s payment is captured',
    ...byId,
    response: verifyOrderResponseSchema,
  },
  delete: { summary: 'Deletes a pending item order', ...byId, response: deletedResponseSchema },
  adminList: {
    summary: 'One page of every item order: search, sort and page on the server',
    query: orderListQuerySchema,
    response: pageSchema(itemOrderSchema),
  },
  refund: {
    summary: 'Refunds a paid item order in full at PayPal and withdraws its access link',
    ...byId,
    response: itemOrderSchema,
  },
} satisfies EndpointSchemasOf<typeof itemOrdersRoutes>;
