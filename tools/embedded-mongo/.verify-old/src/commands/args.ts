import { toJsNumber } from '../bson/numeric';
import type { Doc } from '../bson/types';
import { isNumeric, isPlainObject, typeAlias } from '../bson/types';
import { assertValidCollectionName } from '../catalog/collection';
import { ErrorCode, MongoCommandError } from '../errors';

/** Argument readers that fail with the codes mongod uses for malformed commands. */
export function collectionArg(cmd: Doc, name: string): string {
  const value = cmd[name];
  if (typeof value !== 'string') {
    throw new MongoCommandError(
      ErrorCode.InvalidNamespace,
      `collection name has invalid type ${typeAlias(value)}`,
    );
  }
  assertValidCollectionName(value);
  return value;
}

export function optionalDoc(cmd: Doc, field: string): Doc | undefined {
  const v = cmd[field];
  if (v === undefined || v === null) return undefined;
  if (!isPlainObject(v)) {
    throw new MongoCommandError(
      ErrorCode.TypeMismatch,
      `BSON field '${field}' is the wrong type '${typeAlias(v)}', expected type 'object'`,
    );
  }
  return v;
}

export function optionalInt(cmd: Doc, field: string): number | undefined {
  const v = cmd[field];
  if (v === undefined || v === null) return undefined;
  if (!isNumeric(v) || !Number.isFinite(toJsNumber(v))) {
    throw new MongoCommandError(
      ErrorCode.TypeMismatch,
      `BSON field '${field}' is the wrong type '${typeAlias(v)}', expected a number`,
    );
  }
  return Math.trunc(toJsNumber(v));
}

export function optionalBool(cmd: Doc, field: string): boolean | undefined {
  const v = cmd[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'boolean') return v;
  if (isNumeric(v)) return toJsNumber(v) !== 0;
  throw new MongoCommandError(
    ErrorCode.TypeMismatch,
    `BSON field '${field}' is the wrong type '${typeAlias(v)}', expected type 'bool'`,
  );
}

export function requiredArray(cmd: Doc, field: string): unknown[] {
  const v = cmd[field];
  if (v === undefined) {
    throw new MongoCommandError(
      ErrorCode.FailedToParse,
      `BSON field '${field}' is missing but a required field`,
    );
  }
  if (!Array.isArray(v)) {
    throw new MongoCommandError(
      ErrorCode.TypeMismatch,
      `BSON field '${field}' is the wrong type '${typeAlias(v)}', expected type 'array'`,
    );
  }
  return v;
}

export function nonNegative(field: string, value: number | undefined): number | undefined {
  if (value !== undefined && value < 0) {
    throw new MongoCommandError(
      ErrorCode.BadValue,
      `${field} value must be non-negative, but received: ${value}`,
    );
  }
  return value;
}

/**
 * Collations change what matches and how things sort; ignoring one would silently return
 * different results than MongoDB, so any non-simple collation is refused.
 */
export function refuseCollation(spec: Doc): void {
  const c = spec['collation'];
  if (
    c === undefined ||
    (isPlainObject(c) && (c['locale'] === 'simple' || c['locale'] === undefined))
  )
    return;
  throw new MongoCommandError(
    ErrorCode.NotImplemented,
    'collation is not supported by embedded-mongo',
  );
}
