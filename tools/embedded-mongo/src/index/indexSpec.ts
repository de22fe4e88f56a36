import { identical } from '../bson/compare';
import { toJsNumber } from '../bson/numeric';
import type { Doc } from '../bson/types';
import { isNumeric, isPlainObject } from '../bson/types';
import { badValue, ErrorCode, MongoCommandError } from '../errors';

/** An index as listIndexes reports it: {v, key, name, ...options}. */
export interface IndexDefinition extends Doc {
  v: number;
  key: Doc;
  name: string;
}

const UNSUPPORTED_TYPES = new Set(['text', '2d', '2dsphere', 'geoHaystack']);
/** Options that change what an index accepts; two indexes differing here are different. */
const SEMANTIC_OPTIONS = [
  'unique',
  'sparse',
  'partialFilterExpression',
  'expireAfterSeconds',
  'collation',
];
const IGNORED_OPTIONS = new Set(['v', 'key', 'name', 'ns', 'background']);

function defaultIndexName(key: Doc): string {
  return Object.keys(key)
    .map((f) => `${f}_${String(isNumeric(key[f]) ? toJsNumber(key[f]) : key[f])}`)
    .join('_');
}

export function parseIndexDefinition(raw: unknown): IndexDefinition {
  if (!isPlainObject(raw)) throw badValue('index specification must be an object');
  const key = raw['key'];
  if (!isPlainObject(key) || Object.keys(key).length === 0) {
    throw new MongoCommandError(ErrorCode.BadValue, 'Index keys cannot be an empty object.');
  }
  for (const field of Object.keys(key)) {
    const dir = key[field];
    if (typeof dir === 'string') {
      if (UNSUPPORTED_TYPES.has(dir)) {
        throw new MongoCommandError(
          ErrorCode.CannotCreateIndex,
          `embedded-mongo does not support ${dir} indexes (field ${field})`,
        );
      }
      if (dir !== 'hashed')
        throw new MongoCommandError(ErrorCode.CannotCreateIndex, `Unknown index plugin '${dir}'`);
    } else if (!isNumeric(dir) || toJsNumber(dir) === 0) {
      throw new MongoCommandError(
        ErrorCode.CannotCreateIndex,
        `Values in the index key pattern can't be 0 or non-numbers: ${field}`,
      );
    }
  }
  if (raw['collation'] !== undefined) {
    throw new MongoCommandError(
      ErrorCode.CannotCreateIndex,
      'embedded-mongo does not support index collations',
    );
  }
  const name = raw['name'] ?? defaultIndexName(key);
  if (typeof name !== 'string' || name === '')
    throw badValue('index name must be a non-empty string');
  if (
    raw['partialFilterExpression'] !== undefined &&
    !isPlainObject(raw['partialFilterExpression'])
  ) {
    throw badValue('partialFilterExpression must be an object');
  }
  const def: IndexDefinition = { v: 2, key, name };
  for (const k of Object.keys(raw)) if (!IGNORED_OPTIONS.has(k)) def[k] = raw[k];
  for (const flag of ['unique', 'sparse']) {
    if (!(flag in def)) continue;
    const on = def[flag] === true || (isNumeric(def[flag]) && toJsNumber(def[flag]) !== 0);
    if (on) def[flag] = true;
    else delete def[flag];
  }
  return def;
}

export function sameKeyPattern(a: IndexDefinition, b: IndexDefinition): boolean {
  return identicalNumbers(a.key, b.key);
}

function identicalNumbers(a: Doc, b: Doc): boolean {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k, i) => {
      const x = a[k];
      const y = b[k];
      return (
        k === kb[i] && (isNumeric(x) && isNumeric(y) ? toJsNumber(x) === toJsNumber(y) : x === y)
      );
    })
  );
}

export function sameOptions(a: IndexDefinition, b: IndexDefinition): boolean {
  return SEMANTIC_OPTIONS.every((o) => {
    const x = a[o];
    const y = b[o];
    if (x === undefined || y === undefined) return x === y;
    if (isNumeric(x) && isNumeric(y)) return toJsNumber(x) === toJsNumber(y);
    return identical(x, y);
  });
}

export const ID_INDEX: IndexDefinition = { v: 2, key: { _id: 1 }, name: '_id_' };
