import type { SchemaObject } from '@nestjs/swagger';
import { z } from 'zod';

/**
 * The OpenAPI form of a contracts schema, for @ApiBody/@ApiOkResponse: the document is
 * generated from the same zod schemas that validate requests, so the two cannot drift.
 */
export function openApiSchema(schema: z.ZodType, io: 'input' | 'output' = 'output'): SchemaObject {
  // zod types its result as generic JSON Schema; for target openapi-3.0 it is a SchemaObject.
  return z.toJSONSchema(schema, {
    target: 'openapi-3.0',
    io,
    unrepresentable: 'any',
  }) as unknown as SchemaObject;
}
