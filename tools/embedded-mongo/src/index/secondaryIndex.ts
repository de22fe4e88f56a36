import { compoundKeyString } from '../bson/keyString';
import { toJsNumber } from '../bson/numeric';
import { isNumeric, type Doc } from '../bson/types';
import { ErrorCode, MongoCommandError } from '../errors';
import { compileFilter, type Predicate } from '../query/matcher';
import { splitPath, valuesAtPath } from '../query/path';
import type { IndexDefinition } from './indexSpec';
import { OrderedView } from './orderedView';

export interface IndexEntry {
  key: string;
  values: unknown[];
}

/** Compound keys over two arrays explode combinatorially; mongod refuses them too. */
const MAX_KEYS_PER_DOCUMENT = 10_000;

/**
 * A hash index: canonical key string -> ids (the `_id` key strings) of the documents holding
 * it. Answers equality lookups and enforces unique, sparse and partial semantics.
 */
export class SecondaryIndex {
  readonly fields: string[];
  private readonly paths: (readonly string[])[];
  private readonly partial: Predicate | undefined;
  private readonly entries = new Map<string, Set<string> | string>();
  /**
   * The same documents in the index's order, for sorted reads; none for a sparse or partial
   * index, which leaves documents out of the order.
   */
  readonly order: OrderedView | undefined;

  constructor(readonly definition: IndexDefinition) {
    this.fields = Object.keys(definition.key);
    this.paths = this.fields.map(splitPath);
    const pfe = definition['partialFilterExpression'];
    this.partial = pfe ? compileFilter(pfe) : undefined;
    const directions = this.fields.map((field) => {
      const direction = definition.key[field];
      return isNumeric(direction) ? toJsNumber(direction) : NaN;
    });
    this.order =
      this.partial || this.sparse || !directions.every((d) => d === 1 || d === -1)
        ? undefined
        : new OrderedView(this.fields, directions as (1 | -1)[], this.unique);
  }

  get unique(): boolean {
    return this.definition['unique'] === true;
  }

  get sparse(): boolean {
    return this.definition['sparse'] === true;
  }

  get isPartial(): boolean {
    return this.partial !== undefined;
  }

  /** The keys a document contributes, or none if sparse/partial rules leave it out. */
  entriesFor(doc: Doc): IndexEntry[] {
    if (this.partial && !this.partial(doc)) return [];
    const perField = this.paths.map((p) => valuesAtPath(doc, p));
    if (this.sparse && perField.every((vs) => vs.every((v) => v === undefined))) return [];
    let combos: unknown[][] = [[]];
    for (const values of perField) {
      const next: unknown[][] = [];
      for (const c of combos) for (const v of values) next.push([...c, v === undefined ? null : v]);
      combos = next;
      if (combos.length > MAX_KEYS_PER_DOCUMENT) {
        throw new MongoCommandError(
          ErrorCode.CannotIndexParallelArrays,
          `cannot index parallel arrays for index ${this.definition.name}`,
        );
      }
    }
    const seen = new Set<string>();
    const out: IndexEntry[] = [];
    for (const values of combos) {
      const key = compoundKeyString(values);
      if (!seen.has(key)) {
        seen.add(key);
        out.push({ key, values });
      }
    }
    return out;
  }

  /** The first entry that another document already holds in this unique index. */
  conflict(entries: IndexEntry[], ownId: string): IndexEntry | undefined {
    if (!this.unique) return undefined;
    for (const e of entries) {
      const holder = this.entries.get(e.key);
      if (holder === undefined) continue;
      if (typeof holder === 'string' ? holder !== ownId : [...holder].some((id) => id !== ownId)) {
        return e;
      }
    }
    return undefined;
  }

  /** Adds `doc` (key string `id`) under its `entries` (from entriesFor), and to the order. */
  add(entries: IndexEntry[], id: string, doc: Doc): void {
    this.order?.add(doc, id);
    for (const { key } of entries) {
      const holder = this.entries.get(key);
      if (holder === undefined) this.entries.set(key, id);
      else if (typeof holder === 'string') {
        if (holder !== id) this.entries.set(key, new Set([holder, id]));
      } else holder.add(id);
    }
  }

  /** Takes out `doc` (key string `id`), as it was stored. */
  remove(doc: Doc, id: string): void {
    this.order?.remove(doc);
    for (const { key } of this.entriesFor(doc)) {
      const holder = this.entries.get(key);
      if (holder === undefined) continue;
      if (typeof holder === 'string') {
        if (holder === id) this.entries.delete(key);
      } else {
        holder.delete(id);
        if (holder.size === 1) this.entries.set(key, [...holder][0] as string);
        else if (holder.size === 0) this.entries.delete(key);
      }
    }
  }

  /** Ids of documents whose key equals `key` (an exact-match lookup). */
  lookup(key: string): Iterable<string> {
    const holder = this.entries.get(key);
    if (holder === undefined) return [];
    return typeof holder === 'string' ? [holder] : holder;
  }

  clear(): void {
    this.entries.clear();
    this.order?.clear();
  }
}

export function duplicateKeyError(
  namespace: string,
  definition: IndexDefinition,
  values: unknown[],
): MongoCommandError {
  const fields = Object.keys(definition.key);
  const keyValue: Doc = {};
  fields.forEach((f, i) => (keyValue[f] = values[i]));
  const shown = fields.map((f, i) => `${f}: ${formatValue(values[i])}`).join(', ');
  return new MongoCommandError(
    ErrorCode.DuplicateKey,
    `E11000 duplicate key error collection: ${namespace} index: ${definition.name} dup key: { ${shown} }`,
    { keyPattern: definition.key, keyValue },
  );
}

function formatValue(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (v === null || v === undefined) return 'null';
  if (v instanceof Date) return `new Date(${v.getTime()})`;
  const tag = (v as { _bsontype?: string })._bsontype;
  if (tag === 'ObjectId') return `ObjectId('${String(v)}')`;
  if (tag) return `${tag}(${String(v)})`;
  if (typeof v === 'object') {
    try {
      return JSON.stringify(v);
    } catch {
      return String(v);
    }
  }
  return String(v);
}
