import type { Doc } from '../bson/types';
import { isPlainObject } from '../bson/types';
import { HEADER_SIZE, OpCode, ProtocolError } from './constants';
import { decodeSafely } from './opMsg';

export interface OpQueryRequest {
  requestId: number;
  /** Database of `<db>.$cmd`, or undefined when the legacy query is not a command. */
  database: string | undefined;
  command: Doc;
}

/** Legacy OP_QUERY, which drivers still use for the first `ismaster` of a connection. */
export function parseOpQuery(msg: Buffer): OpQueryRequest {
  const requestId = msg.readInt32LE(4);
  let offset = HEADER_SIZE + 4;
  const nameEnd = msg.indexOf(0, offset);
  if (nameEnd < 0) throw new ProtocolError('OP_QUERY without a collection name');
  const fullName = msg.toString('utf8', offset, nameEnd);
  offset = nameEnd + 1 + 8;
  if (offset + 5 > msg.length) throw new ProtocolError('truncated OP_QUERY');
  const len = msg.readInt32LE(offset);
  if (len < 5 || offset + len > msg.length)
    throw new ProtocolError('OP_QUERY document overruns message');
  let command = decodeSafely(msg, offset);
  // Drivers wrap the command as {$query: cmd, $readPreference: ...} for secondaries-ok reads.
  if (isPlainObject(command['$query'])) command = command['$query'];
  const database = fullName.endsWith('.$cmd') ? fullName.slice(0, -5) : undefined;
  return { requestId, database, command };
}

let nextRequestId = 1;

export function encodeOpReply(responseTo: number, body: Buffer, queryFailure = false): Buffer {
  const out = Buffer.allocUnsafe(HEADER_SIZE + 20 + body.length);
  out.writeInt32LE(out.length, 0);
  out.writeInt32LE(nextRequestId++ & 0x7fffffff, 4);
  out.writeInt32LE(responseTo, 8);
  out.writeInt32LE(OpCode.OP_REPLY, 12);
  out.writeInt32LE(queryFailure ? 2 : 0, 16);
  out.writeBigInt64LE(0n, 20);
  out.writeInt32LE(0, 28);
  out.writeInt32LE(1, 32);
  body.copy(out, 36);
  return out;
}
