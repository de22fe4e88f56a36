// What each endpoint of ./routes.ts takes and answers, and its line on the OpenAPI page.
import { adminItemSchema, itemBodySchema, itemListSchema, itemResponseSchema } from './schemas';
import { deletedResponseSchema } from '../orders/schemas';
import { byId } from '../params';
import { type EndpointSchemasOf } from '../contract';
import { type itemsRoutes } from './routes';

export const itemsEndpoints = {
  list: { summary: 'Every digital item; access URLs for admins only', response: itemListSchema },
  get: { summary: 'One digital item', ...byId, response: itemResponseSchema },
  create: { summary: 'Adds an item', body: itemBodySchema, response: adminItemSchema },
  update: { summary: 'Edits an item', ...byId, body: itemBodySchema, response: adminItemSchema },
  delete: { summary: 'Deletes an item', ...byId, response: deletedResponseSchema },
} satisfies EndpointSchemasOf<typeof itemsRoutes>;
