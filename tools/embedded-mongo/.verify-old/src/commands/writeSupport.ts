import { encodeStored, MAX_BSON_OBJECT_SIZE } from '../bson/codec';
import type { Doc } from '../bson/types';
import { ErrorCode, MongoCommandError } from '../errors';

/** Checks mongod applies to every stored document. */
export function validateForStorage(doc: Doc): void {
  const id = doc['_id'];
  if (Array.isArray(id)) {
    throw new MongoCommandError(
      ErrorCode.InvalidIdField,
      `The '_id' value cannot be of type array`,
    );
  }
  if (id instanceof RegExp) {
    throw new MongoCommandError(
      ErrorCode.InvalidIdField,
      `The '_id' value cannot be of type regex`,
    );
  }
  const size = encodeStored(doc).length;
  if (size > MAX_BSON_OBJECT_SIZE) {
    throw new MongoCommandError(
      ErrorCode.BSONObjectTooLarge,
      `object to insert too large. size in bytes: ${size}, max size: ${MAX_BSON_OBJECT_SIZE}`,
    );
  }
}

/** Runs write statements in order; ordered writes stop at the first error, as in mongod. */
export function runStatements<T>(
  statements: T[],
  ordered: boolean,
  run: (statement: T, index: number) => void,
): Doc[] {
  const writeErrors: Doc[] = [];
  for (let i = 0; i < statements.length; i++) {
    try {
      run(statements[i] as T, i);
    } catch (err) {
      if (!(err instanceof MongoCommandError)) throw err;
      writeErrors.push(err.toWriteError(i));
      if (ordered) break;
    }
  }
  return writeErrors;
}

export function withWriteErrors(reply: Doc, writeErrors: Doc[]): Doc {
  if (writeErrors.length > 0) reply['writeErrors'] = writeErrors;
  return reply;
}
