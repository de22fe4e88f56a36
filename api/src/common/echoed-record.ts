import { BadRequestException } from '@nestjs/common';

interface EchoedFields {
  _id?: string;
  createdAt?: unknown;
  updatedAt?: unknown;
  currency?: unknown;
}

/**
 * A record a client sent back whole (see echoedRecordFields in @coldmail/contracts), without the
 * fields the server owns: the address names the record, so an `_id` naming another one is a
 * mistake the client is told of (400), not an instruction.
 */
export function withoutEchoedFields<Body extends EchoedFields>(
  body: Body,
  pathId?: string,
): Omit<Body, keyof EchoedFields> {
  const {
    _id,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    currency: _currency,
    ...fields
  } = body;
  if (pathId !== undefined) refuseAnotherRecordsId(_id, pathId);
  return fields;
}

/** An `_id` sent back with a record must name the record at the address (400 otherwise). */
export function refuseAnotherRecordsId(_id: string | undefined, pathId: string): void {
  if (_id !== undefined && _id.toLowerCase() !== pathId.toLowerCase()) {
    throw new BadRequestException({
      statusCode: 400,
      message: 'Validation failed',
      fieldErrors: { _id: 'This is not the id of the record at this address' },
    });
  }
}
