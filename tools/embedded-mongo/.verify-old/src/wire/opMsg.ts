import type { Doc } from '../bson/types';
import { decodeDocument } from '../bson/codec';
import {
  HEADER_SIZE,
  OP_MSG_KNOWN_FLAGS,
  OP_MSG_REQUIRED_BITS_MASK,
  OpCode,
  OpMsgFlag,
  ProtocolError,
} from './constants';
import { crc32c } from './crc32c';

export interface OpMsgRequest {
  requestId: number;
  moreToCome: boolean;
  command: Doc;
}

function readDocumentLength(msg: Buffer, offset: number, end: number): number {
  if (offset + 5 > end) throw new ProtocolError('truncated document');
  const len = msg.readInt32LE(offset);
  if (len < 5 || offset + len > end) throw new ProtocolError('document overruns its section');
  return len;
}

/**
 * Parses OP_MSG: flag bits, one kind-0 body and any kind-1 document sequences, which are
 * folded into the body under their identifier (how drivers send bulk `documents`).
 */
export function parseOpMsg(msg: Buffer): OpMsgRequest {
  const requestId = msg.readInt32LE(4);
  const flags = msg.readUInt32LE(HEADER_SIZE);
  if (flags & OP_MSG_REQUIRED_BITS_MASK & ~OP_MSG_KNOWN_FLAGS) {
    throw new ProtocolError(`unknown required OP_MSG flag bits 0x${flags.toString(16)}`);
  }
  let end = msg.length;
  if (flags & OpMsgFlag.checksumPresent) {
    end -= 4;
    if (end < HEADER_SIZE + 4) throw new ProtocolError('message too short for its checksum');
    if (crc32c(msg.subarray(0, end)) !== msg.readUInt32LE(end)) {
      throw new ProtocolError('OP_MSG checksum mismatch');
    }
  }
  let offset = HEADER_SIZE + 4;
  let body: Doc | undefined;
  const sequences: [string, Doc[]][] = [];
  while (offset < end) {
    const kind = msg[offset];
    offset += 1;
    if (kind === 0) {
      if (body) throw new ProtocolError('OP_MSG has more than one body section');
      const len = readDocumentLength(msg, offset, end);
      body = decodeSafely(msg, offset);
      offset += len;
    } else if (kind === 1) {
      if (offset + 4 > end) throw new ProtocolError('truncated document sequence');
      const size = msg.readInt32LE(offset);
      const seqEnd = offset + size;
      if (size < 5 || seqEnd > end) throw new ProtocolError('document sequence overruns message');
      const nameEnd = msg.indexOf(0, offset + 4);
      if (nameEnd < 0 || nameEnd >= seqEnd) throw new ProtocolError('bad sequence identifier');
      const identifier = msg.toString('utf8', offset + 4, nameEnd);
      const docs: Doc[] = [];
      let p = nameEnd + 1;
      while (p < seqEnd) {
        const len = readDocumentLength(msg, p, seqEnd);
        docs.push(decodeSafely(msg, p));
        p += len;
      }
      sequences.push([identifier, docs]);
      offset = seqEnd;
    } else {
      throw new ProtocolError(`unknown OP_MSG section kind ${String(kind)}`);
    }
  }
  if (!body) throw new ProtocolError('OP_MSG without a body section');
  for (const [identifier, docs] of sequences) {
    if (identifier in body) throw new ProtocolError(`duplicate field ${identifier} in OP_MSG`);
    body[identifier] = docs;
  }
  return { requestId, moreToCome: (flags & OpMsgFlag.moreToCome) !== 0, command: body };
}

export function decodeSafely(msg: Buffer, offset: number): Doc {
  try {
    return decodeDocument(msg, offset);
  } catch (err) {
    throw new ProtocolError(`invalid BSON: ${(err as Error).message}`);
  }
}

let nextRequestId = 1;

/** Frames an encoded reply document as an OP_MSG answering `responseTo`. */
export function encodeOpMsg(responseTo: number, body: Buffer): Buffer {
  const out = Buffer.allocUnsafe(HEADER_SIZE + 5 + body.length);
  out.writeInt32LE(out.length, 0);
  out.writeInt32LE(nextRequestId++ & 0x7fffffff, 4);
  out.writeInt32LE(responseTo, 8);
  out.writeInt32LE(OpCode.OP_MSG, 12);
  out.writeUInt32LE(0, 16);
  out[20] = 0;
  body.copy(out, 21);
  return out;
}
