// What each endpoint of ./routes.ts takes and answers, and its line on the OpenAPI page.
import { statsQuerySchema, statsSchema } from './schemas';
import { type EndpointSchemasOf } from '../contract';
import { type statsRoutes } from './routes';

export const statsEndpoints = {
  overTime: {
    summary:
      'Revenue (paid and refunded, per currency), credits sold and spent, new users, generations and Gemini failures per key, by day, week or month',
    query: statsQuerySchema,
    response: statsSchema,
  },
} satisfies EndpointSchemasOf<typeof statsRoutes>;
