import { isDigits, isPlainObject, ownField } from '../bson/types';

/** Records which element of the first array on a path satisfied the query (for positional `$`). */
export interface MatchDetails {
  arrayIndex?: number;
}

/**
 * Walks a dotted path the way MongoDB's matcher does: arrays met on the way are traversed
 * element by element (one level), a numeric component also indexes the array, and at the end
 * both the value itself and, if it is an array, each of its elements are offered to `test`
 * (the value itself with `details`, so that an `$elemMatch` can record the element it matched).
 * `undefined` stands for a missing field.
 */
export function anyValueAtPath(
  value: unknown,
  parts: readonly string[],
  test: (v: unknown, details?: MatchDetails) => boolean,
  details?: MatchDetails,
  i = 0,
): boolean {
  if (i === parts.length) {
    if (test(value, details)) return true;
    if (Array.isArray(value)) {
      for (let j = 0; j < value.length; j++) {
        if (test(value[j])) {
          if (details && details.arrayIndex === undefined) details.arrayIndex = j;
          return true;
        }
      }
    }
    return false;
  }
  const part = parts[i] as string;
  if (Array.isArray(value)) {
    if (isDigits(part) && anyValueAtPath(value[Number(part)], parts, test, details, i + 1)) {
      return true;
    }
    let sawNonObject = value.length === 0;
    for (let j = 0; j < value.length; j++) {
      const elem = value[j];
      if (isPlainObject(elem)) {
        if (anyValueAtPath(elem, parts, test, undefined, i)) {
          if (details && details.arrayIndex === undefined) details.arrayIndex = j;
          return true;
        }
      } else {
        sawNonObject = true;
      }
    }
    return sawNonObject && !isDigits(part) ? test(undefined) : false;
  }
  if (isPlainObject(value)) {
    return anyValueAtPath(ownField(value, part), parts, test, details, i + 1);
  }
  return test(undefined);
}

/**
 * Every value a path reaches, arrays expanded (used for index keys, sort keys and $lookup).
 * A path that reaches nothing yields `[undefined]`.
 */
export function valuesAtPath(value: unknown, parts: readonly string[]): unknown[] {
  const out: unknown[] = [];
  collect(value, parts, 0, out);
  if (out.length === 0) out.push(undefined);
  return out;
}

function collect(value: unknown, parts: readonly string[], i: number, out: unknown[]): void {
  if (i === parts.length) {
    if (Array.isArray(value)) {
      if (value.length === 0) out.push(undefined);
      else for (const v of value) out.push(v);
    } else if (value !== undefined) {
      out.push(value);
    }
    return;
  }
  const part = parts[i] as string;
  if (Array.isArray(value)) {
    if (isDigits(part)) {
      collect(value[Number(part)], parts, i + 1, out);
      return;
    }
    for (const elem of value) if (isPlainObject(elem)) collect(elem, parts, i, out);
    return;
  }
  if (isPlainObject(value)) collect(ownField(value, part), parts, i + 1, out);
}

/** The single value at a path without array traversal, or undefined. */
export function getPath(doc: unknown, parts: readonly string[]): unknown {
  let v: unknown = doc;
  for (const p of parts) {
    if (Array.isArray(v)) v = isDigits(p) ? v[Number(p)] : undefined;
    else if (isPlainObject(v)) v = ownField(v, p);
    else return undefined;
    if (v === undefined) return undefined;
  }
  return v;
}

const splitCache = new Map<string, readonly string[]>();

export function splitPath(path: string): readonly string[] {
  let parts = splitCache.get(path);
  if (!parts) {
    parts = path.split('.');
    if (splitCache.size > 10000) splitCache.clear();
    splitCache.set(path, parts);
  }
  return parts;
}
