// What each endpoint of ./routes.ts takes and answers, and its line on the OpenAPI page.
import { auditPageSchema, auditQuerySchema } from './schemas';
import { type EndpointSchemasOf } from '../contract';
import { type auditRoutes } from './routes';

export const auditEndpoints = {
  list: {
    summary: 'Every admin change (who, what, before/after, when), newest first, filtered',
    query: auditQuerySchema,
    response: auditPageSchema,
  },
} satisfies EndpointSchemasOf<typeof auditRoutes>;
