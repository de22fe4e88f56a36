// What each endpoint of ./routes.ts takes and answers, and its line on the OpenAPI page.
import { healthSchema } from '../common';
import { z } from 'zod';
import { type EndpointSchemasOf } from '../contract';
import { type healthRoutes } from './routes';

export const healthEndpoints = {
  get: { summary: 'Liveness and dependencies', response: healthSchema },
  live: {
    summary: 'Liveness: the process serves HTTP (touches no dependency)',
    response: z.object({ status: z.literal('ok') }),
  },
  ready: {
    summary: 'Readiness: the database and sign-in answer (503 until they do)',
    response: healthSchema,
  },
} satisfies EndpointSchemasOf<typeof healthRoutes>;
