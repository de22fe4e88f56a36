// What each endpoint of ./routes.ts takes and answers, and its line on the OpenAPI page.
import { z } from 'zod';
import { type EndpointSchemasOf } from '../contract';
import { type remoteReleasesRoutes } from './routes';
import {
  remoteReleaseParamsSchema,
  remoteReleaseReportSchema,
  remoteReleaseRowSchema,
  remoteReleaseStatusSchema,
} from './schemas';

export const remoteReleasesEndpoints = {
  report: {
    summary:
      "Counts a remote release's load (a canary's) or failure, as a visitor's browser saw it; a canary whose failures pass the limit is stopped",
    body: remoteReleaseReportSchema,
    response: remoteReleaseStatusSchema,
  },
  status: {
    summary: 'Whether a remote release was stopped as a canary',
    params: remoteReleaseParamsSchema,
    response: remoteReleaseStatusSchema,
  },
  list: {
    summary: 'Loads and failures reported per remote and release, newest first (at most 100)',
    response: z.array(remoteReleaseRowSchema),
  },
} satisfies EndpointSchemasOf<typeof remoteReleasesRoutes>;
