// What each endpoint of ./routes.ts takes and answers, and its line on the OpenAPI page.
import { deletedResponseSchema } from '../orders/schemas';
import { packageBodySchema, packageSchema } from './schemas';
import { z } from 'zod';
import { byId } from '../params';
import { type EndpointSchemasOf } from '../contract';
import { type packagesRoutes } from './routes';

export const packagesEndpoints = {
  list: { summary: 'Every credit package', response: z.array(packageSchema) },
  get: { summary: 'One credit package', ...byId, response: packageSchema },
  add: {
    summary: 'Adds a package (409 beyond 3)',
    body: packageBodySchema,
    response: packageSchema,
  },
  edit: { summary: 'Edits a package', ...byId, body: packageBodySchema, response: packageSchema },
  delete: { summary: 'Deletes a package', ...byId, response: deletedResponseSchema },
} satisfies EndpointSchemasOf<typeof packagesRoutes>;
