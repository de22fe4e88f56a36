import { Decimal128, Double, Long } from 'bson';
import { bsonTag } from './types';

/**
 * BSON-type-correct arithmetic. Stored documents keep int32 as a JS integer, doubles as JS
 * numbers (boxed in `Double` only when the value is integral, because the serializer would
 * otherwise write it back as int32), int64 as `Long` and decimal as `Decimal128`.
 */
export type NumericKind = 'int' | 'long' | 'double' | 'decimal';

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

export function numericKind(v: unknown): NumericKind | undefined {
  if (typeof v === 'number') {
    return Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX && !Object.is(v, -0)
      ? 'int'
      : 'double';
  }
  switch (bsonTag(v)) {
    case 'Long':
      return 'long';
    case 'Double':
      return 'double';
    case 'Int32':
      return 'int';
    case 'Decimal128':
      return 'decimal';
  }
  return undefined;
}

/** A double in the stored representation: boxed only when the serializer would turn it into int32. */
function makeDouble(x: number): number | Double {
  return Number.isInteger(x) && x >= INT32_MIN && x <= INT32_MAX ? new Double(x) : x;
}

export function toJsNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  switch (bsonTag(v)) {
    case 'Long':
      return (v as Long).toNumber();
    case 'Double':
    case 'Int32':
      return (v as Double).value;
    case 'Decimal128':
      return Number.parseFloat((v as Decimal128).toString());
  }
  return Number.NaN;
}

function toBigInt(v: unknown): bigint {
  return bsonTag(v) === 'Long' ? (v as Long).toBigInt() : BigInt(toJsNumber(v));
}

/** Exact decimal form: value = (neg ? -1 : 1) * coeff * 10^exp, or a special value. */
export interface DecimalParts {
  neg: boolean;
  coeff: bigint;
  exp: number;
  special?: 'NaN' | 'Inf';
}

const DECIMAL_RE = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

function parseDecimalString(s: string): DecimalParts {
  if (/^[+-]?nan$/i.test(s)) return { neg: false, coeff: 0n, exp: 0, special: 'NaN' };
  if (/^[+-]?inf(inity)?$/i.test(s)) {
    return { neg: s.startsWith('-'), coeff: 0n, exp: 0, special: 'Inf' };
  }
  const m = DECIMAL_RE.exec(s);
  if (!m) return { neg: false, coeff: 0n, exp: 0, special: 'NaN' };
  const int = m[2] ?? '';
  const frac = m[3] ?? '';
  const coeff = BigInt((int + frac).replace(/^0+(?=\d)/, '') || '0');
  return { neg: m[1] === '-', coeff, exp: Number(m[4] ?? 0) - frac.length };
}

export function toDecimalParts(v: unknown): DecimalParts {
  if (bsonTag(v) === 'Long') {
    const b = (v as Long).toBigInt();
    return { neg: b < 0n, coeff: b < 0n ? -b : b, exp: 0 };
  }
  if (bsonTag(v) === 'Decimal128') return parseDecimalString((v as Decimal128).toString());
  const n = toJsNumber(v);
  if (Number.isNaN(n)) return { neg: false, coeff: 0n, exp: 0, special: 'NaN' };
  if (!Number.isFinite(n)) return { neg: n < 0, coeff: 0n, exp: 0, special: 'Inf' };
  return parseDecimalString(String(n));
}

/** Strips trailing zeros so equal values have one spelling. */
export function normalizeParts(p: DecimalParts): DecimalParts {
  if (p.special || p.coeff === 0n)
    return p.coeff === 0n && !p.special ? { neg: false, coeff: 0n, exp: 0 } : p;
  let { coeff, exp } = p;
  while (coeff % 10n === 0n) {
    coeff /= 10n;
    exp += 1;
  }
  return { neg: p.neg, coeff, exp };
}

function partsToString(p: DecimalParts): string {
  if (p.special === 'NaN') return 'NaN';
  if (p.special === 'Inf') return p.neg ? '-Infinity' : 'Infinity';
  return `${p.neg ? '-' : ''}${p.coeff}E${p.exp}`;
}

function compareParts(a: DecimalParts, b: DecimalParts): number {
  // MongoDB orders NaN below every other number.
  if (a.special === 'NaN' || b.special === 'NaN') {
    return a.special === 'NaN' ? (b.special === 'NaN' ? 0 : -1) : 1;
  }
  const sa = a.special === 'Inf' ? (a.neg ? -2 : 2) : 0;
  const sb = b.special === 'Inf' ? (b.neg ? -2 : 2) : 0;
  if (sa || sb) return Math.sign(sa - sb);
  const va = a.neg ? -a.coeff : a.coeff;
  const vb = b.neg ? -b.coeff : b.coeff;
  const e = Math.min(a.exp, b.exp);
  const x = va * 10n ** BigInt(a.exp - e);
  const y = vb * 10n ** BigInt(b.exp - e);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function compareNumeric(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') {
    if (a < b) return -1;
    if (a > b) return 1;
    if (a === b) return 0;
    return Number.isNaN(a) ? (Number.isNaN(b) ? 0 : -1) : 1;
  }
  const ka = numericKind(a);
  const kb = numericKind(b);
  if (ka !== 'decimal' && kb !== 'decimal') {
    const na = toJsNumber(a);
    const nb = toJsNumber(b);
    // Longs beyond 2^53 lose precision as doubles; compare them exactly when both are integral.
    if (Number.isInteger(na) && Number.isInteger(nb) && (ka === 'long' || kb === 'long')) {
      const x = toBigInt(a);
      const y = toBigInt(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    return compareNumeric(na, nb);
  }
  return compareParts(toDecimalParts(a), toDecimalParts(b));
}

const KIND_RANK: Record<NumericKind, number> = { int: 0, long: 1, double: 2, decimal: 3 };

function widerKind(a: NumericKind, b: NumericKind): NumericKind {
  return KIND_RANK[a] >= KIND_RANK[b] ? a : b;
}

function fromBigInt(r: bigint): number | Long | Double | number {
  if (r >= BigInt(INT32_MIN) && r <= BigInt(INT32_MAX)) return Number(r);
  if (r >= INT64_MIN && r <= INT64_MAX) return Long.fromBigInt(r);
  // int64 overflow: MongoDB refuses; we degrade to double rather than wrap around silently.
  return makeDouble(Number(r));
}

function integralResult(r: bigint, kind: NumericKind): unknown {
  if (kind === 'long') {
    if (r >= INT64_MIN && r <= INT64_MAX) return Long.fromBigInt(r);
    return makeDouble(Number(r));
  }
  return fromBigInt(r);
}

function decimalResult(p: DecimalParts): Decimal128 {
  return Decimal128.fromStringWithRounding(partsToString(p));
}

export function addNumeric(a: unknown, b: unknown): unknown {
  const ka = numericKind(a);
  const kb = numericKind(b);
  if (!ka || !kb) throw new TypeError('non-numeric operand');
  const kind = widerKind(ka, kb);
  if (kind === 'int') {
    const r = (a as number) + (b as number);
    return r >= INT32_MIN && r <= INT32_MAX ? r : Long.fromNumber(r);
  }
  if (kind === 'long') return integralResult(toBigInt(a) + toBigInt(b), 'long');
  if (kind === 'double') return makeDouble(toJsNumber(a) + toJsNumber(b));
  return decimalResult(addParts(toDecimalParts(a), toDecimalParts(b)));
}

export function multiplyNumeric(a: unknown, b: unknown): unknown {
  const ka = numericKind(a);
  const kb = numericKind(b);
  if (!ka || !kb) throw new TypeError('non-numeric operand');
  const kind = widerKind(ka, kb);
  if (kind === 'int' || kind === 'long') {
    const r = toBigInt(a) * toBigInt(b);
    return kind === 'int' ? fromBigInt(r) : integralResult(r, 'long');
  }
  if (kind === 'double') return makeDouble(toJsNumber(a) * toJsNumber(b));
  const pa = toDecimalParts(a);
  const pb = toDecimalParts(b);
  if (pa.special || pb.special)
    return decimalResult({ neg: false, coeff: 0n, exp: 0, special: 'NaN' });
  return decimalResult({
    neg: pa.neg !== pb.neg,
    coeff: pa.coeff * pb.coeff,
    exp: pa.exp + pb.exp,
  });
}

function addParts(a: DecimalParts, b: DecimalParts): DecimalParts {
  if (a.special || b.special) {
    if (a.special === 'Inf' && b.special === 'Inf' && a.neg !== b.neg) {
      return { neg: false, coeff: 0n, exp: 0, special: 'NaN' };
    }
    return a.special === 'NaN' ? a : b.special === 'NaN' ? b : a.special ? a : b;
  }
  const e = Math.min(a.exp, b.exp);
  const x = (a.neg ? -a.coeff : a.coeff) * 10n ** BigInt(a.exp - e);
  const y = (b.neg ? -b.coeff : b.coeff) * 10n ** BigInt(b.exp - e);
  const r = x + y;
  return { neg: r < 0n, coeff: r < 0n ? -r : r, exp: e };
}

/** The zero of an operand's type, which `$mul` stores into a missing field. */
export function zeroOfKind(v: unknown): unknown {
  switch (numericKind(v)) {
    case 'long':
      return Long.fromNumber(0);
    case 'double':
      return new Double(0);
    case 'decimal':
      return Decimal128.fromString('0');
    default:
      return 0;
  }
}

/** Mean for `$avg`: decimal if any input is decimal, otherwise double. */
export function divideForAverage(sum: unknown, count: number): unknown {
  if (numericKind(sum) === 'decimal') {
    const p = toDecimalParts(sum);
    if (p.special) return sum;
    // 34 significant digits is Decimal128's precision; scale before integer division.
    const scaled = p.coeff * 10n ** 40n;
    return decimalResult({ neg: p.neg, coeff: scaled / BigInt(count), exp: p.exp - 40 });
  }
  return makeDouble(toJsNumber(sum) / count);
}
