// What each endpoint of ./routes.ts takes and answers, and its line on the OpenAPI page.
import { type EndpointSchemasOf } from '../contract';
import { deleteUserResponseSchema } from '../users/schemas';
import { type accountRoutes } from './routes';
import { accountDeleteBodySchema, accountExportSchema } from './schemas';

export const accountEndpoints = {
  export: {
    summary:
      'The caller’s data as a JSON download: profile, orders, credit history, generations, tickets and uploads’ links',
    response: accountExportSchema,
  },
  delete: {
    summary:
      'Deletes the caller’s account (not an admin’s): sign-in, profile, uploads, generations and tickets go; orders stay for accounting under a placeholder address',
    body: accountDeleteBodySchema,
    response: deleteUserResponseSchema,
  },
} satisfies EndpointSchemasOf<typeof accountRoutes>;
