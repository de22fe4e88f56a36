// What each endpoint of ./routes.ts takes and answers, and its line on the OpenAPI page.
import { creditHistoryQuerySchema, creditHistorySchema, trialOfferSchema } from './schemas';
import { type EndpointSchemasOf } from '../contract';
import { type creditsRoutes } from './routes';

export const creditsEndpoints = {
  history: {
    summary: 'The caller’s credit history, newest first; admins may ask for anyone’s (?userId=)',
    query: creditHistoryQuerySchema,
    response: creditHistorySchema,
  },
  trialOffer: {
    summary: 'The free credits a new account gets once its e-mail address is verified (0: none)',
    response: trialOfferSchema,
  },
} satisfies EndpointSchemasOf<typeof creditsRoutes>;
