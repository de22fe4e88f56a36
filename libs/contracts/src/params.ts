import { z } from 'zod';
import { idParamSchema, objectIdSchema } from './common';

/** An endpoint addressed by one record's id: '/order/:id' and the like. */
export const byId = { params: idParamSchema };

/**
 * An order addressed by its id or by its 8-character code (orderId), as the specification's
 * links write it ('/pay-now/{orderId}').
 */
export const byOrderIdOrCode = {
  params: z.strictObject({
    id: z.union([objectIdSchema, z.string().regex(/^[A-Z0-9]{8}$/, 'Invalid id')]),
  }),
};
