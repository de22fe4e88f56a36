// What each endpoint of ./routes.ts takes and answers, and its line on the OpenAPI page.
import { deletedResponseSchema } from '../orders/schemas';
import { myUploadsSchema, uploadResponseSchema } from './schemas';
import { z } from 'zod';
import { byId } from '../params';
import { type EndpointSchemasOf } from '../contract';
import { type uploadsRoutes } from './routes';

export const uploadsEndpoints = {
  upload: {
    summary: 'Stores an image (multipart field "image", at most 2 MB)',
    response: uploadResponseSchema,
  },
  file: {
    summary: 'An uploaded image (bytes, with its content type)',
    ...byId,
    response: z.unknown(),
  },
  mine: {
    summary: 'The caller’s uploaded images and how much of their storage quota they use',
    response: myUploadsSchema,
  },
  delete: {
    summary: 'Deletes an uploaded image (its uploader or an admin)',
    ...byId,
    response: deletedResponseSchema,
  },
} satisfies EndpointSchemasOf<typeof uploadsRoutes>;
