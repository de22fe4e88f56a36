import { BSON, type DBRef, Double } from 'bson';
import type { Doc } from './types';
import { bsonTag, isPlainObject } from './types';

const DESERIALIZE_OPTIONS = { promoteValues: false, promoteBuffers: false, bsonRegExp: false };

/**
 * Decodes BSON keeping every numeric type distinguishable. bson's `promoteValues: false`
 * boxes every int32 and double; we unbox int32 and non-integral doubles (the serializer
 * writes them back unchanged) and keep the box only on integral doubles.
 */
export function decodeDocument(bytes: Buffer, index = 0): Doc {
  const length = bytes.readInt32LE(index);
  const view =
    index === 0 && length === bytes.length ? bytes : bytes.subarray(index, index + length);
  const raw = BSON.deserialize(view, DESERIALIZE_OPTIONS) as Doc;
  return unboxNumbers(raw) as Doc;
}

function unboxNumbers(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = unboxNumbers(v[i]);
    return v;
  }
  const tag = bsonTag(v);
  if (tag === 'Int32') return (v as { value: number }).value;
  if (tag === 'Double') {
    const n = (v as Double).value;
    return Number.isInteger(n) && n >= -2147483648 && n <= 2147483647 ? v : n;
  }
  if (tag === 'DBRef') return dbRefFields(v as DBRef);
  if (tag !== undefined || v instanceof Date) return v;
  const obj = v as Record<string, unknown>;
  for (const k in obj) obj[k] = unboxNumbers(obj[k]);
  return obj;
}

/**
 * bson turns `{$ref, $id}` sub-documents into DBRef objects; MongoDB stores and queries them as
 * ordinary sub-documents (`refs.$id`, `{$elemMatch: {$id: ...}}`), so they are kept as one, in
 * the order bson writes a DBRef.
 */
function dbRefFields(ref: DBRef): Doc {
  const out: Doc = { $ref: ref.collection, $id: unboxNumbers(ref.oid) };
  if (ref.db !== undefined) out['$db'] = ref.db;
  for (const k of Object.keys(ref.fields)) out[k] = unboxNumbers(ref.fields[k]);
  return out;
}

const SERIALIZE_OPTIONS = { checkKeys: false, ignoreUndefined: true };

export function encodeDocument(doc: Doc): Buffer {
  return Buffer.from(BSON.serialize(doc, SERIALIZE_OPTIONS));
}

/** Stored documents are immutable, so their encoding is computed once and reused for replies. */
const encodedCache = new WeakMap<Doc, Buffer>();

export function encodeStored(doc: Doc): Buffer {
  let bytes = encodedCache.get(doc);
  if (!bytes) {
    bytes = encodeDocument(doc);
    encodedCache.set(doc, bytes);
  }
  return bytes;
}

export function rememberEncoding(doc: Doc, bytes: Buffer): void {
  encodedCache.set(doc, bytes);
}

/** Copies containers; leaves (including bson wrappers, which we never mutate) are shared. */
export function cloneValue<T>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(cloneValue) as T;
  if (!isPlainObject(v)) return v;
  const out: Doc = {};
  for (const k of Object.keys(v)) {
    // An own `__proto__` field (legal in BSON) must stay a field, not become the prototype.
    if (k === '__proto__') {
      Object.defineProperty(out, k, {
        value: cloneValue(v[k]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } else {
      out[k] = cloneValue(v[k]);
    }
  }
  return out as T;
}

export const MAX_BSON_OBJECT_SIZE = 16 * 1024 * 1024;
