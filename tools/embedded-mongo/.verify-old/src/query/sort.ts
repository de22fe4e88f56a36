import { compareValues } from '../bson/compare';
import { toJsNumber } from '../bson/numeric';
import type { Doc } from '../bson/types';
import { isNumeric, isPlainObject } from '../bson/types';
import { badValue } from '../errors';
import { splitPath, valuesAtPath } from './path';

interface SortKey {
  parts: readonly string[];
  direction: 1 | -1;
}

export function parseSortSpec(spec: unknown): SortKey[] {
  if (!isPlainObject(spec)) throw badValue('sort must be an object');
  return Object.keys(spec).map((field) => {
    const dir = spec[field];
    if (!isNumeric(dir) || (toJsNumber(dir) !== 1 && toJsNumber(dir) !== -1)) {
      throw badValue(`$sort key ordering must be 1 (for ascending) or -1 (for descending)`);
    }
    return { parts: splitPath(field), direction: toJsNumber(dir) as 1 | -1 };
  });
}

/** An array sorts by its smallest element ascending and by its largest descending, as in MongoDB. */
function sortValue(doc: Doc, key: SortKey): unknown {
  const values = valuesAtPath(doc, key.parts);
  if (values.length === 1) return values[0];
  let best = values[0];
  for (let i = 1; i < values.length; i++) {
    const c = compareValues(values[i], best);
    if (key.direction === 1 ? c < 0 : c > 0) best = values[i];
  }
  return best;
}

/** Stable sort by MongoDB's BSON order; keys are extracted once per document. */
export function sortDocuments(docs: Doc[], spec: unknown): Doc[] {
  const keys = parseSortSpec(spec);
  if (keys.length === 0) return docs;
  // {$natural: ±1} is storage order: the input order, possibly reversed.
  const decorated = docs.map((doc, i) => ({
    doc,
    i,
    values: keys.map((k) => (k.parts[0] === '$natural' ? i : sortValue(doc, k))),
  }));
  decorated.sort((a, b) => {
    for (let k = 0; k < keys.length; k++) {
      const c = compareValues(a.values[k], b.values[k]);
      if (c !== 0) return c * (keys[k] as SortKey).direction;
    }
    return a.i - b.i;
  });
  return decorated.map((d) => d.doc);
}
