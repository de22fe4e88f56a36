import { UUID } from 'bson';
import { compoundKeyString, keyString } from '../bson/keyString';
import type { Doc } from '../bson/types';
import { toJsNumber } from '../bson/numeric';
import { isNumeric, isPlainObject } from '../bson/types';
import { badValue, ErrorCode, MongoCommandError } from '../errors';
import { ID_INDEX, type IndexDefinition, sameKeyPattern } from '../index/indexSpec';
import type { SortField } from '../index/orderedView';
import { sortDocuments } from '../query/sort';
import { duplicateKeyError, type IndexEntry, SecondaryIndex } from '../index/secondaryIndex';

function idKey(doc: Doc): string {
  return keyString(doc['_id']);
}

/**
 * One collection's documents, in natural (insertion) order, keyed by the canonical string of
 * their `_id` — that map is the `_id` index — plus secondary hash indexes.
 */
export class Collection {
  readonly docs = new Map<string, Doc>();
  readonly indexes: SecondaryIndex[] = [];
  readonly uuid = new UUID();

  constructor(
    readonly database: string,
    readonly name: string,
    readonly options: Doc,
  ) {}

  get namespace(): string {
    return `${this.database}.${this.name}`;
  }

  indexDefinitions(): IndexDefinition[] {
    return [ID_INDEX, ...this.indexes.map((i) => i.definition)];
  }

  /** Computes every index entry first so a failed check leaves nothing half-applied. */
  private entriesFor(doc: Doc, id: string): IndexEntry[][] {
    return this.indexes.map((index) => {
      const entries = index.entriesFor(doc);
      const clash = index.conflict(entries, id);
      if (clash) throw duplicateKeyError(this.namespace, index.definition, clash.values);
      return entries;
    });
  }

  insert(doc: Doc): void {
    const id = idKey(doc);
    if (this.docs.has(id)) {
      throw duplicateKeyError(this.namespace, ID_INDEX, [doc['_id']]);
    }
    const all = this.entriesFor(doc, id);
    this.indexes.forEach((index, i) => index.add(all[i] as IndexEntry[], id, doc));
    this.docs.set(id, doc);
  }

  /** Swaps a stored document for its updated version (same `_id`). */
  replace(before: Doc, after: Doc): void {
    const id = idKey(before);
    const next = this.entriesFor(after, id);
    this.indexes.forEach((index, i) => {
      index.remove(before, id);
      index.add(next[i] as IndexEntry[], id, after);
    });
    this.docs.set(id, after);
  }

  remove(doc: Doc): void {
    const id = idKey(doc);
    for (const index of this.indexes) index.remove(doc, id);
    this.docs.delete(id);
  }

  /** Replay path: puts a journaled post-image back without re-checking constraints. */
  restore(doc: Doc): void {
    const id = idKey(doc);
    const before = this.docs.get(id);
    for (const index of this.indexes) {
      if (before) index.remove(before, id);
      index.add(index.entriesFor(doc), id, doc);
    }
    this.docs.set(id, doc);
  }

  removeById(id: unknown): void {
    const doc = this.docs.get(keyString(id));
    if (doc) this.remove(doc);
  }

  /** Builds a new index over existing documents; fails (and adds nothing) on duplicates. */
  addIndex(definition: IndexDefinition): void {
    const index = new SecondaryIndex(definition);
    for (const [id, doc] of this.docs) {
      const entries = index.entriesFor(doc);
      const clash = index.conflict(entries, id);
      if (clash) throw duplicateKeyError(this.namespace, definition, clash.values);
      index.add(entries, id, doc);
    }
    this.indexes.push(index);
  }

  dropIndex(name: string): void {
    const i = this.indexes.findIndex((x) => x.definition.name === name);
    if (i >= 0) this.indexes.splice(i, 1);
  }

  /**
   * Documents that may match `filter` (the caller re-checks it): the equality on `_id` or on
   * every field of a usable index narrows to a hash lookup. Otherwise, for a `sort` that an
   * index gives exactly (after equalities on its leading fields), the documents come in that
   * order (`inOrder`), so a page of a sorted query stops once it is full; otherwise every
   * document.
   */
  candidates(filter: unknown, sort?: SortField[]): { docs: Iterable<Doc>; inOrder: boolean } {
    const narrowed = this.lookup(filter);
    if (narrowed) return { docs: narrowed, inOrder: false };
    const ordered = sort ? this.inOrder(filter, sort) : null;
    return ordered
      ? { docs: ordered, inOrder: true }
      : { docs: this.docs.values(), inOrder: false };
  }

  /**
   * The documents a plan forced by `hint` reads, in its order: the hinted index's (of a sparse
   * or partial index, only the documents it holds), or natural order for `{$natural: ±1}`;
   * undefined without a hint. A hint that names no index fails the way mongod's planner does.
   */
  hinted(hint: unknown): Doc[] | undefined {
    if (hint === undefined || (isPlainObject(hint) && Object.keys(hint).length === 0)) {
      return undefined;
    }
    const natural = [...this.docs.values()];
    if (isPlainObject(hint) && Object.keys(hint)[0] === '$natural') {
      return isNumeric(hint['$natural']) && toJsNumber(hint['$natural']) < 0
        ? natural.reverse()
        : natural;
    }
    const definition = this.indexDefinitions().find((d) =>
      typeof hint === 'string'
        ? d.name === hint
        : isPlainObject(hint) && sameKeyPattern(d, { v: 2, key: hint, name: '' }),
    );
    if (!definition) {
      throw badValue(
        `error processing query: ns=${this.namespace} planner returned error :: caused by :: ` +
          'hint provided does not correspond to an existing index',
      );
    }
    const index = this.indexes.find((i) => i.definition === definition);
    const held = index ? natural.filter((d) => index.entriesFor(d).length > 0) : natural;
    const order: Doc = {};
    for (const field of Object.keys(definition.key)) {
      const direction = definition.key[field];
      // A hashed field has no order of its own here; it reads like an ascending one.
      order[field] = isNumeric(direction) && toJsNumber(direction) < 0 ? -1 : 1;
    }
    return sortDocuments(held, order);
  }

  /** The hash lookup `candidates` describes, or null when no index narrows the filter. */
  private lookup(filter: unknown): Doc[] | null {
    if (!isPlainObject(filter)) return null;
    if ('_id' in filter) {
      const ids = equalityValues(filter['_id']);
      if (ids) return this.byIdKeys(ids.map(keyString));
    }
    for (const index of this.indexes) {
      if (index.isPartial) continue;
      const perField: unknown[][] = [];
      for (const field of index.fields) {
        const values = Object.hasOwn(filter, field) ? equalityValues(filter[field]) : undefined;
        if (!values || (index.sparse && values.some((v) => v === null))) break;
        perField.push(values);
      }
      if (perField.length !== index.fields.length) continue;
      return this.byIndex(index, perField);
    }
    return null;
  }

  /**
   * The documents in the order `sort` asks, from the index that gives exactly that order and
   * whose leading equalities narrow the most (the longest prefix); null when none does.
   */
  private inOrder(filter: unknown, sort: SortField[]): Iterable<Doc> | null {
    let best: { ids: Iterable<string>; prefix: number } | null = null;
    for (const index of this.indexes) {
      if (!index.order) continue;
      const prefix: unknown[] = [];
      for (const field of index.fields) {
        const values =
          isPlainObject(filter) && Object.hasOwn(filter, field)
            ? equalityValues(filter[field])
            : undefined;
        if (values?.length !== 1) break;
        prefix.push(values[0]);
      }
      if (best && best.prefix >= prefix.length) continue;
      const ids = index.order.idsInOrder(prefix, sort, this.docs);
      if (ids) best = { ids, prefix: prefix.length };
    }
    return best && this.byIds(best.ids);
  }

  private *byIds(ids: Iterable<string>): Iterable<Doc> {
    for (const id of ids) {
      const doc = this.docs.get(id);
      if (doc) yield doc;
    }
  }

  private byIdKeys(keys: string[]): Doc[] {
    const out: Doc[] = [];
    for (const k of keys) {
      const d = this.docs.get(k);
      if (d) out.push(d);
    }
    return out;
  }

  private byIndex(index: SecondaryIndex, perField: unknown[][]): Doc[] {
    let combos: unknown[][] = [[]];
    for (const values of perField) combos = combos.flatMap((c) => values.map((v) => [...c, v]));
    const ids = new Set<string>();
    for (const combo of combos) {
      for (const id of index.lookup(compoundKeyString(combo))) {
        ids.add(id);
      }
    }
    return this.byIdKeys([...ids]);
  }
}

/**
 * The values an equality condition accepts, when they can be looked up in a hash index:
 * plain values and `$eq`/`$in` of them. Null, arrays and regexes need a scan (null also
 * matches missing fields; an array also matches by element).
 */
function equalityValues(cond: unknown): unknown[] | undefined {
  const lookupable = (v: unknown): boolean =>
    v !== null &&
    v !== undefined &&
    !Array.isArray(v) &&
    !(v instanceof RegExp) &&
    !(isPlainObject(v) && Object.keys(v).some((k) => k.startsWith('$')));
  if (isPlainObject(cond) && Object.keys(cond).length === 1) {
    if ('$eq' in cond) return lookupable(cond['$eq']) ? [cond['$eq']] : undefined;
    if ('$in' in cond) {
      const list = cond['$in'];
      return Array.isArray(list) && list.every(lookupable) ? list : undefined;
    }
  }
  return lookupable(cond) ? [cond] : undefined;
}

export function assertValidCollectionName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || name === '' || name.includes('$') || name.includes('\0')) {
    throw new MongoCommandError(
      ErrorCode.InvalidNamespace,
      `Invalid collection name: ${String(name)}`,
    );
  }
}
