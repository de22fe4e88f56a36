import type { Binary, BSONRegExp, Long, ObjectId, Timestamp } from 'bson';
import { normalizeParts, toDecimalParts } from './numeric';
import { bsonTag } from './types';

/**
 * A string that is equal for two values exactly when MongoDB's equality calls them equal
 * (1 == NumberLong(1) == 1.0 == NumberDecimal("1.00"); null == missing). Used as the key of
 * hash indexes, $group, distinct and $lookup.
 */
export function keyString(v: unknown): string {
  if (v === undefined || v === null) return 'n';
  switch (typeof v) {
    case 'string':
      return 's' + v;
    case 'number':
      return Number.isSafeInteger(v) ? '#' + (v === 0 ? 0 : v) : numberKey(v);
    case 'boolean':
      return v ? 'b1' : 'b0';
  }
  if (v instanceof Date) return 't' + v.getTime();
  if (Array.isArray(v)) return '[' + v.map(framed).join('') + ']';
  switch (bsonTag(v)) {
    case 'ObjectId':
      return 'o' + (v as ObjectId).toHexString();
    case 'Long': {
      const s = (v as Long).toString();
      return '#' + s;
    }
    case 'Double':
    case 'Int32':
    case 'Decimal128':
      return numberKey(v);
    case 'Binary': {
      const b = v as Binary;
      return 'x' + b.sub_type + ':' + Buffer.from(b.value()).toString('base64');
    }
    case 'Timestamp':
      return 'T' + (v as Timestamp).toString();
    case 'BSONRegExp': {
      const r = v as BSONRegExp;
      return 'r/' + r.pattern + '/' + r.options;
    }
    case 'MinKey':
      return '<';
    case 'MaxKey':
      return '>';
    case 'BSONSymbol':
      return 's' + String(v);
  }
  if (v instanceof RegExp) return 'r/' + v.source + '/' + v.flags;
  const obj = v as Record<string, unknown>;
  let out = '{';
  for (const k of Object.keys(obj)) out += frame(k) + framed(obj[k]);
  return out + '}';
}

function frame(s: string): string {
  return s.length + ':' + s;
}

function framed(v: unknown): string {
  return frame(keyString(v));
}

function numberKey(v: unknown): string {
  const p = normalizeParts(toDecimalParts(v));
  if (p.special) return '#' + (p.neg ? '-' : '') + p.special;
  if (p.exp >= 0 && p.exp < 25) {
    const int = p.coeff * 10n ** BigInt(p.exp);
    return '#' + (p.neg && int !== 0n ? '-' : '') + int;
  }
  return '#' + (p.neg ? '-' : '') + p.coeff + 'e' + p.exp;
}

/** Compound keys join the parts with length framing so no two tuples collide. */
export function compoundKeyString(values: unknown[]): string {
  if (values.length === 1) return keyString(values[0]);
  let out = '';
  for (const v of values) out += framed(v);
  return out;
}
