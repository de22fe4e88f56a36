// What each endpoint of ./routes.ts takes and answers, and its line on the OpenAPI page.
import {
  creditChangeResponseSchema,
  enhancePromptBodySchema,
  enhancePromptResponseSchema,
  generateEmailBodySchema,
  generatedEmailSchema,
  generationSchema,
  generatorAvailabilitySchema,
  deductCreditBodySchema,
  refundCreditBodySchema,
} from './schemas';
import { deletedResponseSchema } from '../orders/schemas';
import { z } from 'zod';
import { byId } from '../params';
import { type EndpointSchemasOf } from '../contract';
import { type generatorRoutes } from './routes';

export const generatorEndpoints = {
  generate: {
    summary: 'Generates an email for one credit (refunded if generation fails)',
    body: generateEmailBodySchema,
    response: generatedEmailSchema,
  },
  availability: {
    summary: 'Whether a generation could get an AI key now (no key is shown)',
    response: generatorAvailabilitySchema,
  },
  generateStream: {
    summary:
      'The same, streamed as server-sent events: chunk events as the model writes, then done',
    body: generateEmailBodySchema,
    // The done event's data: the email as POST /api/generate-email answers it.
    response: generatedEmailSchema,
  },
  enhancePrompt: {
    summary: 'Rewrites a custom prompt into a fuller one (free)',
    body: enhancePromptBodySchema,
    response: enhancePromptResponseSchema,
  },
  deductCredit: {
    summary: 'Takes one credit from the caller for a generation the client runs itself',
    body: deductCreditBodySchema,
    response: creditChangeResponseSchema,
  },
  refundCredit: {
    summary: 'Gives back the credit of the caller’s generation that failed (once)',
    body: refundCreditBodySchema,
    response: creditChangeResponseSchema,
  },
  history: {
    summary: 'The caller’s generated emails, newest first',
    response: z.array(generationSchema),
  },
  deleteGeneration: {
    summary: 'Deletes one of the caller’s generated emails',
    ...byId,
    response: deletedResponseSchema,
  },
} satisfies EndpointSchemasOf<typeof generatorRoutes>;
