import type { Long } from 'bson';

/** A stored or received document. Values are plain JS values or bson wrapper classes. */
export type Doc = { [field: string]: unknown };

export type BsonTag =
  | 'ObjectId'
  | 'Long'
  | 'Double'
  | 'Int32'
  | 'Decimal128'
  | 'Binary'
  | 'Timestamp'
  | 'MinKey'
  | 'MaxKey'
  | 'BSONRegExp'
  | 'BSONSymbol'
  | 'Code'
  | 'DBRef';

/** bson wrapper classes expose `_bsontype`; reading it avoids instanceof across bson copies. */
export function bsonTag(v: unknown): BsonTag | undefined {
  if (v === null || typeof v !== 'object') return undefined;
  return (v as { _bsontype?: BsonTag })._bsontype;
}

export function isPlainObject(v: unknown): v is Doc {
  if (v === null || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/**
 * A document's own field, or undefined. Every plain object inherits `constructor`, `toString`,
 * `__proto__` and the like from Object.prototype; a document has only the fields it was given.
 */
export function ownField(doc: Doc, name: string): unknown {
  return Object.hasOwn(doc, name) ? doc[name] : undefined;
}

export const isLong = (v: unknown): v is Long => bsonTag(v) === 'Long';

export function isNumeric(v: unknown): boolean {
  if (typeof v === 'number') return true;
  const t = bsonTag(v);
  return t === 'Long' || t === 'Double' || t === 'Decimal128' || t === 'Int32';
}

export function isDigits(s: string): boolean {
  if (s.length === 0) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** MongoDB's $type alias for a value, as used by `$type` queries and error messages. */
export function typeAlias(v: unknown): string {
  if (v === undefined) return 'missing';
  if (v === null) return 'null';
  switch (typeof v) {
    case 'number':
      return Number.isInteger(v) && v >= -2147483648 && v <= 2147483647 ? 'int' : 'double';
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
  }
  if (Array.isArray(v)) return 'array';
  if (v instanceof Date) return 'date';
  if (v instanceof RegExp) return 'regex';
  switch (bsonTag(v)) {
    case 'ObjectId':
      return 'objectId';
    case 'Long':
      return 'long';
    case 'Double':
      return 'double';
    case 'Int32':
      return 'int';
    case 'Decimal128':
      return 'decimal';
    case 'Binary':
      return 'binData';
    case 'Timestamp':
      return 'timestamp';
    case 'MinKey':
      return 'minKey';
    case 'MaxKey':
      return 'maxKey';
    case 'BSONRegExp':
      return 'regex';
    case 'BSONSymbol':
      return 'symbol';
    case 'Code':
      return 'javascript';
    case 'DBRef':
      return 'object';
  }
  return 'object';
}
