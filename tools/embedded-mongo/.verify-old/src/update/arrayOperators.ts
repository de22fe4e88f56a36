import { compareValues, valuesEqual } from '../bson/compare';
import { toJsNumber } from '../bson/numeric';
import type { Doc } from '../bson/types';
import { isNumeric, isPlainObject, typeAlias } from '../bson/types';
import { badValue } from '../errors';
import { compileFilter } from '../query/matcher';
import { sortDocuments } from '../query/sort';

function requireArray(current: unknown, field: string): unknown[] | undefined {
  if (current === undefined) return undefined;
  if (!Array.isArray(current)) {
    throw badValue(`The field '${field}' must be an array but is of type ${typeAlias(current)}`);
  }
  return current;
}

const PUSH_MODIFIERS = new Set(['$each', '$slice', '$sort', '$position']);

/** `$push` with `$each`, `$position`, `$sort` and `$slice`, applied in MongoDB's order. */
export function push(current: unknown, arg: unknown, field: string): unknown[] {
  const base = requireArray(current, field) ?? [];
  if (!isPlainObject(arg) || !('$each' in arg)) return [...base, arg];
  for (const k of Object.keys(arg)) {
    if (!PUSH_MODIFIERS.has(k)) throw badValue(`Unrecognized clause in $push: ${k}`);
  }
  const each = arg['$each'];
  if (!Array.isArray(each)) throw badValue(`The argument to $each in $push must be an array`);
  let out = [...base];
  if (arg['$position'] !== undefined) {
    let pos = toJsNumber(arg['$position']);
    if (pos < 0) pos = Math.max(out.length + pos, 0);
    out.splice(pos, 0, ...each);
  } else {
    out.push(...each);
  }
  if (arg['$sort'] !== undefined) out = sortArray(out, arg['$sort']);
  if (arg['$slice'] !== undefined) {
    const n = toJsNumber(arg['$slice']);
    out = n >= 0 ? out.slice(0, n) : out.slice(Math.max(out.length + n, 0));
  }
  return out;
}

function sortArray(values: unknown[], spec: unknown): unknown[] {
  if (isNumeric(spec)) {
    const dir = toJsNumber(spec);
    return [...values].sort((a, b) => compareValues(a, b) * dir);
  }
  if (!isPlainObject(spec))
    throw badValue(
      'The $sort is invalid: use 1/-1 to sort the whole element, or {field:1/-1} to sort embedded fields',
    );
  return sortDocuments(values as Doc[], spec);
}

export function addToSet(current: unknown, arg: unknown, field: string): unknown[] {
  const out = [...(requireArray(current, field) ?? [])];
  const values = isPlainObject(arg) && '$each' in arg ? arg['$each'] : [arg];
  if (!Array.isArray(values)) throw badValue('The argument to $each in $addToSet must be an array');
  for (const v of values) if (!out.some((e) => valuesEqual(e, v))) out.push(v);
  return out;
}

export function pop(current: unknown, arg: unknown, field: string): unknown[] | undefined {
  const arr = requireArray(current, field);
  if (!arr) return undefined;
  const dir = toJsNumber(arg);
  if (dir !== 1 && dir !== -1) throw badValue('$pop expects 1 or -1');
  return dir === 1 ? arr.slice(0, -1) : arr.slice(1);
}

/** `$pull` removes elements equal to a value, or matching a condition / sub-document query. */
export function pull(current: unknown, arg: unknown, field: string): unknown[] | undefined {
  const arr = requireArray(current, field);
  if (!arr) return undefined;
  let matches: (e: unknown) => boolean;
  if (isPlainObject(arg)) {
    const keys = Object.keys(arg);
    if (
      keys.length > 0 &&
      (keys[0] as string).startsWith('$') &&
      keys[0] !== '$and' &&
      keys[0] !== '$or'
    ) {
      const p = compileFilter({ v: arg });
      matches = (e) => p({ v: e });
    } else {
      const p = compileFilter(arg);
      matches = (e) => isPlainObject(e) && p(e);
    }
  } else {
    matches = (e) => valuesEqual(e, arg);
  }
  return arr.filter((e) => !matches(e));
}

export function pullAll(current: unknown, arg: unknown, field: string): unknown[] | undefined {
  const arr = requireArray(current, field);
  if (!Array.isArray(arg)) throw badValue('$pullAll requires an array argument');
  if (!arr) return undefined;
  return arr.filter((e) => !arg.some((v) => valuesEqual(e, v)));
}
