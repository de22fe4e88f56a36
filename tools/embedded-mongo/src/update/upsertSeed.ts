import { ObjectId } from 'bson';
import { cloneValue } from '../bson/codec';
import type { Doc } from '../bson/types';
import { isPlainObject } from '../bson/types';
import { isOperatorObject } from '../query/matcher';
import { splitPath } from '../query/path';
import { assign, locate } from './fieldPath';

/**
 * The document an upsert starts from: the query's equality fields (`{a: 1}`, `{a: {$eq: 1}}`,
 * also inside `$and`), before the update's operators and `$setOnInsert` are applied.
 */
export function upsertSeed(filter: Doc): Doc {
  const out: Doc = {};
  collect(filter, out);
  return out;
}

function collect(filter: Doc, out: Doc): void {
  for (const key of Object.keys(filter)) {
    const v = filter[key];
    if (key === '$and' && Array.isArray(v)) {
      for (const sub of v) if (isPlainObject(sub)) collect(sub, out);
      continue;
    }
    if (key.startsWith('$') || v instanceof RegExp) continue;
    let value = v;
    if (isOperatorObject(v)) {
      if (!('$eq' in v)) continue;
      value = v['$eq'];
    }
    const loc = locate(out, splitPath(key), true);
    if (loc) assign(loc.parent, loc.key, cloneValue(value));
  }
}

/** MongoDB stores `_id` first and generates an ObjectId when the client gave none. */
export function withIdFirst(doc: Doc): Doc {
  if (!('_id' in doc)) return { _id: new ObjectId(), ...doc };
  if (Object.keys(doc)[0] === '_id') return doc;
  const { _id, ...rest } = doc;
  return { _id, ...rest };
}
