import type { Doc } from './bson/types';

/** MongoDB error codes the drivers and applications branch on. */
export const ErrorCode = {
  InternalError: 1,
  BadValue: 2,
  FailedToParse: 9,
  TypeMismatch: 14,
  IllegalOperation: 20,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  PathNotViable: 28,
  ConflictingUpdateOperators: 40,
  CursorNotFound: 43,
  NamespaceExists: 48,
  InvalidIdField: 53,
  CommandNotFound: 59,
  ImmutableField: 66,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  CannotCreateIndex: 67,
  CannotIndexParallelArrays: 171,
  GroupMissingId: 15955,
  GroupFieldNotAccumulator: 40234,
  PipelineStageNotSingleField: 40323,
  BSONObjectTooLarge: 10334,
  DuplicateKey: 11000,
  UnrecognizedPipelineStage: 40324,
  NotImplemented: 238,
  ShutdownInProgress: 91,
} as const;

const CODE_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(ErrorCode).map(([name, code]) => [code, name]),
);

/** An error that becomes a `{ ok: 0, code, codeName, errmsg }` reply (or a writeErrors entry). */
export class MongoCommandError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly extra: Doc = {},
  ) {
    super(message);
  }

  get codeName(): string {
    // mongod names a code that has no name of its own after the place that raised it.
    return CODE_NAMES[this.code] ?? `Location${this.code}`;
  }

  toReply(): Doc {
    return { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.extra };
  }

  toWriteError(index: number): Doc {
    return { index, code: this.code, errmsg: this.message, ...this.extra };
  }
}

export const badValue = (msg: string): MongoCommandError =>
  new MongoCommandError(ErrorCode.BadValue, msg);
export const failedToParse = (msg: string): MongoCommandError =>
  new MongoCommandError(ErrorCode.FailedToParse, msg);
export const typeMismatch = (msg: string): MongoCommandError =>
  new MongoCommandError(ErrorCode.TypeMismatch, msg);
