// What each endpoint of ./routes.ts takes and answers, and its line on the OpenAPI page.
import { z } from 'zod';
import { type EndpointSchemasOf } from '../contract';
import { deletedResponseSchema } from '../orders/schemas';
import { byId } from '../params';
import { type promoCodesRoutes } from './routes';
import {
  promoCodeBodySchema,
  promoCodeQuoteBodySchema,
  promoCodeQuoteSchema,
  promoCodeSchema,
} from './schemas';

export const promoCodesEndpoints = {
  list: { summary: 'Every promo code, newest first', response: z.array(promoCodeSchema) },
  create: {
    summary: 'Adds a promo code (409 when its text is taken)',
    body: promoCodeBodySchema,
    response: promoCodeSchema,
  },
  get: { summary: 'One promo code', ...byId, response: promoCodeSchema },
  update: {
    summary: 'Replaces a promo code’s settings (its uses and pause stay)',
    ...byId,
    body: promoCodeBodySchema,
    response: promoCodeSchema,
  },
  delete: {
    summary: 'Deletes a promo code; orders placed with it keep their discount',
    ...byId,
    response: deletedResponseSchema,
  },
  pause: { summary: 'Pauses a promo code', ...byId, response: promoCodeSchema },
  resume: { summary: 'Resumes a paused promo code', ...byId, response: promoCodeSchema },
  quote: {
    summary:
      'The price of a package or item with a promo code: subtotal, discount and total, or why the code is refused',
    body: promoCodeQuoteBodySchema,
    response: promoCodeQuoteSchema,
  },
} satisfies EndpointSchemasOf<typeof promoCodesRoutes>;
