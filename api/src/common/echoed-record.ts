import { BadRequestException } from '@nestjs/common';
import { echoedFieldNames, type WritableFields } from '@coldmail/contracts';
import type { z } from 'zod';

/**
 * A body parsed with `schema`, without the fields it echoed from its record (see echoedFieldsOf
 * in @coldmail/contracts): what the handler may write, since the server owns the rest. With
 * `pathId`, the address names the record, so an `_id` naming another one is a mistake the client
 * is told of (400), not an instruction.
 */
export function withoutEchoedFields<Body extends object>(
  body: Body,
  schema: z.ZodType,
  pathId?: string,
): WritableFields<Body> {
  const { _id } = body as { _id?: unknown };
  if (
    pathId !== undefined &&
    typeof _id === 'string' &&
    _id.toLowerCase() !== pathId.toLowerCase()
  ) {
    throw new BadRequestException({
      statusCode: 400,
      message: 'Validation failed',
      fieldErrors: { _id: 'This is not the id of the record at this address' },
    });
  }
  const echoed = echoedFieldNames(schema);
  return Object.fromEntries(
    Object.entries(body).filter(([field]) => !echoed.has(field)),
  ) as WritableFields<Body>;
}
