import BTree from 'sorted-btree';
import { compareValues } from '../bson/compare';
import type { Doc } from '../bson/types';
import { splitPath, valuesAtPath } from '../query/path';

/** Below or above every value, for the ends of a range (never stored). */
const LOWEST = Symbol('lowest');
const HIGHEST = Symbol('highest');

/** A position in the order: the indexed values, then the document's `_id` (one flat array). */
type Position = unknown[];

/** A sort key as parseSortSpec gives it. */
export interface SortField {
  parts: readonly string[];
  direction: 1 | -1;
}

function compareWithEnds(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === LOWEST || b === HIGHEST) return -1;
  if (a === HIGHEST || b === LOWEST) return 1;
  return compareValues(a, b);
}

/**
 * The documents of an ascending/descending index in the index's order (each field in its
 * direction, then `_id` ascending), kept in a B+ tree as they change: what lets a sorted query
 * (and a page of one) read documents in order and stop after the page, instead of scanning and
 * sorting the collection, as an index scan does in mongod.
 *
 * Only for single-valued fields: the first document holding several values (an array) for an
 * indexed field makes the index multikey, for good, as in mongod, and its order is dropped
 * (array fields sort by their smallest or largest element, which one order cannot give both).
 *
 * Built on the first sorted read that can use it, then kept up to date: an index no query sorts
 * by costs no memory or write time for its order.
 */
export class OrderedView {
  private readonly paths: (readonly string[])[];
  private readonly compare: (a: Position, b: Position) => number;
  private readonly tree: BTree<Position, string>;
  private built = false;
  private multikey = false;

  constructor(
    readonly fields: string[],
    readonly directions: (1 | -1)[],
    /** Whether no two documents share the indexed values (a unique, non-sparse index). */
    private readonly unique: boolean,
  ) {
    this.paths = fields.map(splitPath);
    const count = directions.length;
    this.compare = (a, b) => {
      for (let k = 0; k < count; k++) {
        const av = a[k];
        const bv = b[k];
        const c = compareWithEnds(av, bv);
        if (c !== 0) {
          // The ends stay at the ends whatever the direction.
          const end = av === LOWEST || av === HIGHEST || bv === LOWEST || bv === HIGHEST;
          return end ? c : c * (directions[k] as 1 | -1);
        }
      }
      return compareWithEnds(a[count], b[count]);
    };
    this.tree = new BTree<Position, string>(undefined, this.compare);
  }

  /** The position of a document, or null if an indexed field holds several values. */
  private positionOf(doc: Doc): Position | null {
    const position: Position = [];
    for (const path of this.paths) {
      const found = valuesAtPath(doc, path);
      if (found.length !== 1) return null;
      position.push(found[0]);
    }
    position.push(doc['_id']);
    return position;
  }

  add(doc: Doc, id: string): void {
    if (!this.built || this.multikey) return;
    const position = this.positionOf(doc);
    if (!position) {
      this.multikey = true;
      this.tree.clear();
      return;
    }
    this.tree.set(position, id);
  }

  remove(doc: Doc): void {
    if (!this.built || this.multikey) return;
    const position = this.positionOf(doc);
    if (position) this.tree.delete(position);
  }

  clear(): void {
    this.tree.clear();
  }

  /** The order of `docs` (the collection's documents by id key), once. */
  private build(docs: ReadonlyMap<string, Doc>): void {
    if (this.built) return;
    this.built = true;
    for (const [id, doc] of docs) {
      this.add(doc, id);
      if (this.multikey) return;
    }
  }

  /**
   * The ids of the documents whose leading fields equal `prefix`, in the order `sort` asks, when
   * this index gives exactly that order: `sort` is the remaining fields (all in the index's
   * directions, or all reversed), then optionally `_id`, and the order is total (no two
   * documents tie), so the answer is the one a full sort gives. Otherwise null.
   */
  idsInOrder(
    prefix: unknown[],
    sort: SortField[],
    docs: ReadonlyMap<string, Doc>,
  ): Iterable<string> | null {
    if (this.multikey) return null;
    const rest = this.fields.length - prefix.length;
    const named = sort.map((key) => key.parts.join('.'));
    const first = sort[0];
    if (!first || (sort.length !== rest && sort.length !== rest + 1)) return null;
    const reversed = rest > 0 && first.direction !== this.directions[prefix.length];
    const flip = reversed ? -1 : 1;
    for (let k = 0; k < rest; k++) {
      const key = sort[k] as SortField;
      if (named[k] !== this.fields[prefix.length + k]) return null;
      if (key.direction !== (this.directions[prefix.length + k] as number) * flip) return null;
    }
    const byId = sort[rest];
    if (byId) {
      // Ties are in `_id` order, ascending in the index's own direction.
      if (named[rest] !== '_id' || byId.direction !== flip) return null;
    } else if (!this.unique && !this.fields.includes('_id')) {
      return null;
    }
    this.build(docs);
    if (this.multikey) return null;
    return this.walk(prefix, reversed);
  }

  private *walk(prefix: unknown[], reversed: boolean): Iterable<string> {
    const rest = this.fields.length - prefix.length;
    const low: Position = [...prefix, ...Array<symbol>(rest + 1).fill(LOWEST)];
    const high: Position = [...prefix, ...Array<symbol>(rest + 1).fill(HIGHEST)];
    if (reversed) {
      for (const [position, id] of this.tree.entriesReversed(high)) {
        if (this.compare(position, low) < 0) return;
        yield id;
      }
    } else {
      for (const [position, id] of this.tree.entries(low)) {
        if (this.compare(position, high) > 0) return;
        yield id;
      }
    }
  }
}
