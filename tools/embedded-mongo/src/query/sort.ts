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

interface Decorated {
  doc: Doc;
  i: number;
  values: unknown[];
}

function decorate(doc: Doc, i: number, keys: SortKey[]): Decorated {
  // {$natural: ±1} is storage order: the input order, possibly reversed.
  return { doc, i, values: keys.map((k) => (k.parts[0] === '$natural' ? i : sortValue(doc, k))) };
}

function comparator(keys: SortKey[]) {
  return (a: Decorated, b: Decorated): number => {
    for (let k = 0; k < keys.length; k++) {
      const c = compareValues(a.values[k], b.values[k]);
      if (c !== 0) return c * (keys[k] as SortKey).direction;
    }
    return a.i - b.i;
  };
}

/** Stable sort by MongoDB's BSON order; keys are extracted once per document. */
export function sortDocuments(docs: Doc[], spec: unknown): Doc[] {
  const keys = parseSortSpec(spec);
  if (keys.length === 0) return docs;
  const decorated = docs.map((doc, i) => decorate(doc, i, keys));
  decorated.sort(comparator(keys));
  return decorated.map((d) => d.doc);
}

/** Above this many wanted documents a full sort is as cheap as keeping the best ones. */
const TOP_K_LIMIT = 1000;

/**
 * The first `count` documents of the sorted order, the same as sortDocuments(docs).slice(0,
 * count), without sorting everything: a page of a large collection (sort + limit) keeps only the
 * best `count` seen so far, so it costs one pass instead of a full sort.
 */
export function topDocuments(docs: Iterable<Doc>, spec: unknown, count: number): Doc[] {
  const keys = parseSortSpec(spec);
  if (keys.length === 0 || count > TOP_K_LIMIT) {
    return sortDocuments([...docs], spec).slice(0, count);
  }
  if (count <= 0) return [];
  const compare = comparator(keys);
  const best: Decorated[] = [];
  let i = 0;
  for (const doc of docs) {
    const entry = decorate(doc, i++, keys);
    if (best.length === count && compare(entry, best[count - 1] as Decorated) >= 0) continue;
    // Binary search for its place; ties keep input order (the index decides), as a stable sort.
    let low = 0;
    let high = best.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (compare(best[mid] as Decorated, entry) < 0) low = mid + 1;
      else high = mid;
    }
    best.splice(low, 0, entry);
    if (best.length > count) best.pop();
  }
  return best.map((d) => d.doc);
}
