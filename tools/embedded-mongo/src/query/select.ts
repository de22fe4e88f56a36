import type { Doc } from '../bson/types';
import type { Collection } from '../catalog/collection';
import { compileFilter } from './matcher';
import { parseSortSpec, sortDocuments, topDocuments } from './sort';

export interface SelectOptions {
  sort?: Doc;
  skip?: number;
  /** 0 or undefined: no limit. */
  limit?: number;
  /** The command's `hint`: an index name or key pattern, or `{$natural: ±1}`. */
  hint?: unknown;
}

/**
 * The documents a find/count/update selects, in result order. Without a sort, or with a sort
 * an index gives, it stops as soon as skip + limit documents matched; candidates come from an
 * index when one applies, or from the hinted one.
 */
export function selectDocuments(
  coll: Collection | undefined,
  filter: Doc | undefined,
  options: SelectOptions = {},
): Doc[] {
  // A bad filter is an error even where there is nothing to match, as in MongoDB.
  const predicate = compileFilter(filter);
  if (!coll) return [];
  const skip = options.skip ?? 0;
  const limit = options.limit || Number.POSITIVE_INFINITY;
  const sorted = options.sort !== undefined && Object.keys(options.sort).length > 0;
  const hinted = coll.hinted(options.hint);
  const { docs, inOrder } = hinted
    ? { docs: hinted, inOrder: false }
    : coll.candidates(filter, sorted ? parseSortSpec(options.sort) : undefined);
  // Sorted here unless an index gave the order already.
  const sortHere = sorted && !inOrder;
  if (sortHere && limit !== Number.POSITIVE_INFINITY) {
    // A page of a sorted result: keep only the best skip + limit while scanning.
    const matching = (function* () {
      for (const doc of docs) if (predicate(doc)) yield doc;
    })();
    return topDocuments(matching, options.sort, skip + limit).slice(skip);
  }
  const wanted = sortHere ? Number.POSITIVE_INFINITY : skip + limit;
  let matched: Doc[] = [];
  for (const doc of docs) {
    if (!predicate(doc)) continue;
    matched.push(doc);
    if (matched.length >= wanted) break;
  }
  if (sortHere) matched = sortDocuments(matched, options.sort);
  if (skip > 0 || limit !== Number.POSITIVE_INFINITY) {
    matched = matched.slice(skip, limit === Number.POSITIVE_INFINITY ? undefined : skip + limit);
  }
  return matched;
}
