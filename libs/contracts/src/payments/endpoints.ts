// What each endpoint of ./routes.ts takes and answers, and its line on the OpenAPI page.
import {
  createPaypalOrderBodySchema,
  createPaypalOrderResponseSchema,
  itemPaymentResultSchema,
  packagePaymentResultSchema,
  paymentCompletionBodySchema,
  paypalSettingsBodySchema,
  paypalSettingsQuerySchema,
  paypalSettingsResponseSchema,
} from './schemas';
import { z } from 'zod';
import { byId } from '../params';
import { type EndpointSchemasOf } from '../contract';
import { type paymentsRoutes, type paypalSettingsRoutes } from './routes';

export const paymentsEndpoints = {
  createPaypalOrder: {
    summary: 'Creates the PayPal order for the caller’s pending order',
    body: createPaypalOrderBodySchema,
    response: createPaypalOrderResponseSchema,
  },
  completePackage: {
    summary: 'Captures and verifies a package order’s payment, then credits the buyer',
    ...byId,
    body: paymentCompletionBodySchema,
    response: packagePaymentResultSchema,
  },
  completeItem: {
    summary: 'Captures and verifies an item order’s payment',
    ...byId,
    body: paymentCompletionBodySchema,
    response: itemPaymentResultSchema,
  },
  webhook: {
    summary: 'PayPal’s signed notifications, verified with PayPal before anything is read',
    response: z.object({ received: z.literal(true) }),
  },
} satisfies EndpointSchemasOf<typeof paymentsRoutes>;

export const paypalSettingsEndpoints = {
  get: {
    summary:
      'What the payment buttons need; admins also get mode and the masked secret (not with view=payments)',
    query: paypalSettingsQuerySchema,
    response: paypalSettingsResponseSchema,
  },
  update: {
    summary: 'Saves the PayPal settings (the secret is write-only)',
    body: paypalSettingsBodySchema,
    response: paypalSettingsResponseSchema,
  },
  reset: {
    summary: 'Restores the default PayPal settings',
    response: paypalSettingsResponseSchema,
  },
} satisfies EndpointSchemasOf<typeof paypalSettingsRoutes>;
