import type { Binary, BSONRegExp, ObjectId, Timestamp } from 'bson';
import { compareNumeric } from './numeric';
import { bsonTag, isPlainObject } from './types';

/**
 * MongoDB's BSON comparison order: MinKey < null/missing < numbers < strings/symbols <
 * objects < arrays < binData < ObjectId < bool < Date < Timestamp < regex < MaxKey.
 */
export function typeRank(v: unknown): number {
  if (v === undefined || v === null) return 2;
  switch (typeof v) {
    case 'number':
      return 3;
    case 'string':
      return 4;
    case 'boolean':
      return 9;
  }
  if (Array.isArray(v)) return 6;
  if (v instanceof Date) return 10;
  if (v instanceof RegExp) return 12;
  switch (bsonTag(v)) {
    case 'Long':
    case 'Double':
    case 'Int32':
    case 'Decimal128':
      return 3;
    case 'BSONSymbol':
      return 4;
    case 'Binary':
      return 7;
    case 'ObjectId':
      return 8;
    case 'Timestamp':
      return 11;
    case 'BSONRegExp':
      return 12;
    case 'MinKey':
      return 1;
    case 'MaxKey':
      return 13;
    case 'Code':
      return 14;
  }
  return 5;
}

const cmp = (a: string | number, b: string | number): number => (a < b ? -1 : a > b ? 1 : 0);

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = (a[i] as number) - (b[i] as number);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return cmp(a.length, b.length);
}

function regexParts(v: unknown): [string, string] {
  if (v instanceof RegExp) return [v.source, v.flags];
  const r = v as BSONRegExp;
  return [r.pattern, r.options];
}

export function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 2:
    case 1:
    case 13:
      return 0;
    case 3:
      return compareNumeric(a, b);
    case 4:
      return cmp(String(a), String(b));
    case 5:
      return compareObjects(a as Record<string, unknown>, b as Record<string, unknown>);
    case 6:
      return compareArrays(a as unknown[], b as unknown[]);
    case 7: {
      const x = a as Binary;
      const y = b as Binary;
      if (x.position !== y.position) return cmp(x.position, y.position);
      if (x.sub_type !== y.sub_type) return cmp(x.sub_type, y.sub_type);
      return compareBytes(x.value(), y.value());
    }
    case 8:
      return compareBytes((a as ObjectId).id, (b as ObjectId).id);
    case 9:
      return cmp(Number(a), Number(b));
    case 10:
      return cmp((a as Date).getTime(), (b as Date).getTime());
    case 11: {
      const x = a as Timestamp;
      const y = b as Timestamp;
      return cmp(x.high, y.high) || cmp(x.low, y.low);
    }
    case 12: {
      const [ps, pf] = regexParts(a);
      const [qs, qf] = regexParts(b);
      return cmp(ps, qs) || cmp(pf, qf);
    }
  }
  return cmp(String(a), String(b));
}

function compareObjects(a: Record<string, unknown>, b: Record<string, unknown>): number {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  const n = Math.min(ka.length, kb.length);
  for (let i = 0; i < n; i++) {
    const fa = ka[i] as string;
    const fb = kb[i] as string;
    const va = a[fa];
    const vb = b[fb];
    const tr = cmp(typeRank(va), typeRank(vb));
    if (tr !== 0) return tr;
    const fc = cmp(fa, fb);
    if (fc !== 0) return fc;
    const vc = compareValues(va, vb);
    if (vc !== 0) return vc;
  }
  return cmp(ka.length, kb.length);
}

function compareArrays(a: unknown[], b: unknown[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const c = compareValues(a[i], b[i]);
    if (c !== 0) return c;
  }
  return cmp(a.length, b.length);
}

/** Query equality: numbers compare by value across int/long/double/decimal, null matches missing. */
export function valuesEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a === 'string' || typeof b === 'string') return false;
  return typeRank(a) === typeRank(b) && compareValues(a, b) === 0;
}

/**
 * Strict identity including BSON types and field order: decides whether an update modified
 * a document (nModified) — `$set: {n: 1}` on a stored `Long(1)` is a modification.
 */
export function identical(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== typeof b || a === null || b === null || typeof a !== 'object') {
    return Object.is(a, b);
  }
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v, i) => identical(v, b[i]));
  }
  if (isPlainObject(a)) {
    if (!isPlainObject(b)) return false;
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    if (ka.length !== kb.length) return false;
    return ka.every((k, i) => k === kb[i] && identical(a[k], b[k]));
  }
  if (bsonTag(a) !== bsonTag(b)) return false;
  if (a instanceof Date) return b instanceof Date && a.getTime() === b.getTime();
  if (bsonTag(a) === 'Double')
    return Object.is((a as { value: number }).value, (b as { value: number }).value);
  return compareValues(a, b) === 0 && String(a) === String(b);
}
