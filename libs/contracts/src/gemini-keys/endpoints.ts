// What each endpoint of ./routes.ts takes and answers, and its line on the OpenAPI page.
import {
  geminiKeyBodySchema,
  geminiKeyDeletedResponseSchema,
  geminiKeyListResponseSchema,
  geminiKeyResponseSchema,
  geminiKeyTestResponseSchema,
  geminiModelBodySchema,
  geminiModelResponseSchema,
  geminiKeyUpdateBodySchema,
} from './schemas';
import { byId } from '../params';
import { type EndpointSchemasOf } from '../contract';
import { type geminiKeysRoutes } from './routes';

export const geminiKeysEndpoints = {
  list: {
    summary: 'The Gemini API keys, masked, with each key’s state in the pool',
    response: geminiKeyListResponseSchema,
  },
  create: {
    summary: 'Adds a Gemini API key (stored encrypted)',
    body: geminiKeyBodySchema,
    response: geminiKeyResponseSchema,
  },
  update: {
    summary: 'Edits a key; an empty or masked key keeps the stored one',
    ...byId,
    body: geminiKeyUpdateBodySchema,
    response: geminiKeyResponseSchema,
  },
  delete: { summary: 'Deletes a key', ...byId, response: geminiKeyDeletedResponseSchema },
  toggle: {
    summary: 'Switches a key on or off; switching it on clears its failures',
    ...byId,
    response: geminiKeyResponseSchema,
  },
  model: {
    summary: 'The Gemini model every call names: the admin’s choice, else GEMINI_MODEL',
    response: geminiModelResponseSchema,
  },
  setModel: {
    summary: 'Sets the model every call names, or (null) goes back to GEMINI_MODEL',
    body: geminiModelBodySchema,
    response: geminiModelResponseSchema,
  },
  test: {
    summary: 'Makes one small call to the model with this key and answers what came back',
    ...byId,
    response: geminiKeyTestResponseSchema,
  },
} satisfies EndpointSchemasOf<typeof geminiKeysRoutes>;
