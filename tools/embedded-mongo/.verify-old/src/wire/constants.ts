/** Opcodes and limits of the MongoDB wire protocol. */
export const OpCode = {
  OP_REPLY: 1,
  OP_QUERY: 2004,
  OP_COMPRESSED: 2012,
  OP_MSG: 2013,
} as const;

export const HEADER_SIZE = 16;
/** The limit mongod advertises as maxMessageSizeBytes; larger messages close the connection. */
export const MAX_MESSAGE_SIZE = 48_000_000;

export const OpMsgFlag = {
  checksumPresent: 1 << 0,
  moreToCome: 1 << 1,
  exhaustAllowed: 1 << 16,
} as const;

/** Bits 0-15 are "required": a receiver must reject flags it does not know among them. */
export const OP_MSG_REQUIRED_BITS_MASK = 0xffff;
export const OP_MSG_KNOWN_FLAGS =
  OpMsgFlag.checksumPresent | OpMsgFlag.moreToCome | OpMsgFlag.exhaustAllowed;

/** Raised for bytes that are not a valid message; the connection is closed, the server lives on. */
export class ProtocolError extends Error {}
