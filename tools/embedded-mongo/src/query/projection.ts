import { toJsNumber } from '../bson/numeric';
import type { Doc } from '../bson/types';
import { isNumeric, isPlainObject, ownField } from '../bson/types';
import { badValue, MongoCommandError } from '../errors';
import { runMingoStage } from '../aggregate/mingoBridge';
import { compileFilter, type Predicate } from './matcher';
import type { MatchDetails } from './path';

export type Projector = (doc: Doc, details?: MatchDetails) => Doc;

/** The projected paths; a Map, as a plain object would answer for `constructor` and the like. */
type FieldTree = Map<string, FieldTree | true>;

type ArrayOp =
  | { kind: 'slice'; path: string[]; skip: number; limit: number | undefined }
  | { kind: 'elemMatch'; path: string[]; query: Predicate }
  | { kind: 'positional'; path: string[] };

/**
 * find() projections: inclusion or exclusion of (dotted) fields, `_id` on by default,
 * `$slice`, `$elemMatch` and the positional `field.$`. Projections that compute values
 * (aggregation expressions) are handed to mingo's `$project`.
 */
export function compileProjection(spec: unknown): Projector | undefined {
  if (spec === undefined || spec === null) return undefined;
  if (!isPlainObject(spec)) throw badValue('projection must be an object');
  const keys = Object.keys(spec);
  if (keys.length === 0) return undefined;

  const tree: FieldTree = new Map();
  const arrayOps: ArrayOp[] = [];
  let includeId = true;
  let idSpecified = false;
  let mode: 'include' | 'exclude' | undefined;
  const setMode = (m: 'include' | 'exclude', field: string): void => {
    if (mode && mode !== m) {
      throw badValue(
        m === 'include'
          ? `Cannot do inclusion on field ${field} in exclusion projection`
          : `Cannot do exclusion on field ${field} in inclusion projection`,
      );
    }
    mode = m;
  };

  for (const field of keys) {
    const v = spec[field];
    if (field.endsWith('.$')) {
      const path = field.slice(0, -2).split('.');
      setMode('include', field);
      addPath(tree, path);
      arrayOps.push({ kind: 'positional', path });
      continue;
    }
    if (isPlainObject(v) && '$slice' in v) {
      const s = v['$slice'];
      const path = field.split('.');
      if (Array.isArray(s)) {
        arrayOps.push({ kind: 'slice', path, skip: toJsNumber(s[0]), limit: toJsNumber(s[1]) });
      } else if (isNumeric(s)) {
        arrayOps.push({ kind: 'slice', path, skip: toJsNumber(s), limit: undefined });
      } else throw badValue('$slice only supports numbers and [skip, limit] arrays');
      continue;
    }
    if (isPlainObject(v) && '$elemMatch' in v) {
      if (field.includes('.')) {
        throw new MongoCommandError(31275, 'Cannot use $elemMatch projection on a nested field.');
      }
      // The query's own $elemMatch, so that it accepts the same conditions (operators only, for
      // an array of scalars) and reports which element matched.
      const query = compileFilter({ [field]: { $elemMatch: v['$elemMatch'] } });
      arrayOps.push({ kind: 'elemMatch', path: [field], query });
      continue;
    }
    if (isNumeric(v) || typeof v === 'boolean') {
      const on = typeof v === 'boolean' ? v : toJsNumber(v) !== 0;
      if (field === '_id') {
        includeId = on;
        idSpecified = true;
        continue;
      }
      setMode(on ? 'include' : 'exclude', field);
      addPath(tree, field.split('.'));
      continue;
    }
    return (doc) => runMingoStage([doc], { $project: spec }, {})[0] ?? {};
  }

  const effectiveMode = mode ?? projectionMode(arrayOps, idSpecified && includeId);
  return (doc, details) => {
    let out: Doc;
    if (effectiveMode === 'include') {
      out = includeFields(doc, tree);
      if (includeId && '_id' in doc) out = { _id: doc['_id'], ...out };
    } else {
      out = excludeFields(doc, tree);
      if (!includeId) delete out['_id'];
    }
    for (const op of arrayOps) applyArrayOp(out, doc, op, details);
    return out;
  };
}

/**
 * MongoDB's rule for a projection with no plain inclusion or exclusion: a `$slice` makes it an
 * exclusion unless `_id: 1` is given, an `$elemMatch` makes it an inclusion, and `_id` alone
 * decides otherwise.
 */
function projectionMode(arrayOps: ArrayOp[], idIncluded: boolean): 'include' | 'exclude' {
  if (arrayOps.some((op) => op.kind === 'slice')) return idIncluded ? 'include' : 'exclude';
  if (arrayOps.some((op) => op.kind === 'elemMatch')) return 'include';
  return idIncluded ? 'include' : 'exclude';
}

function addPath(tree: FieldTree, path: string[]): void {
  let node = tree;
  for (let i = 0; i < path.length; i++) {
    const p = path[i] as string;
    if (i === path.length - 1) {
      node.set(p, true);
    } else {
      let next = node.get(p);
      if (next === true) return;
      if (!next) {
        next = new Map();
        node.set(p, next);
      }
      node = next;
    }
  }
}

function includeFields(value: Doc, tree: FieldTree): Doc {
  const out: Doc = {};
  for (const k of Object.keys(value)) {
    const t = tree.get(k);
    if (!t) continue;
    const v = value[k];
    if (t === true) out[k] = v;
    else if (isPlainObject(v)) out[k] = includeFields(v, t);
    else if (Array.isArray(v)) out[k] = v.filter(isPlainObject).map((e) => includeFields(e, t));
  }
  return out;
}

function excludeFields(value: Doc, tree: FieldTree): Doc {
  const out: Doc = {};
  for (const k of Object.keys(value)) {
    const t = tree.get(k);
    const v = value[k];
    if (t === true) continue;
    if (!t) out[k] = v;
    else if (isPlainObject(v)) out[k] = excludeFields(v, t);
    else if (Array.isArray(v)) out[k] = v.map((e) => (isPlainObject(e) ? excludeFields(e, t) : e));
    else out[k] = v;
  }
  return out;
}

function applyArrayOp(out: Doc, original: Doc, op: ArrayOp, details?: MatchDetails): void {
  const parent = op.path
    .slice(0, -1)
    .reduce<unknown>((v, p) => (isPlainObject(v) ? ownField(v, p) : undefined), out);
  const source = op.path
    .slice(0, -1)
    .reduce<unknown>((v, p) => (isPlainObject(v) ? ownField(v, p) : undefined), original);
  const last = op.path[op.path.length - 1] as string;
  if (!isPlainObject(parent) || !isPlainObject(source)) return;
  const arr = ownField(source, last);
  if (op.kind === 'elemMatch') {
    const matched: MatchDetails = {};
    const i = op.query(original, matched) ? matched.arrayIndex : undefined;
    if (i === undefined || !Array.isArray(arr)) delete parent[last];
    else parent[last] = arr.slice(i, i + 1);
    return;
  }
  if (!Array.isArray(arr)) return;
  switch (op.kind) {
    case 'slice': {
      let start = op.skip;
      let count = op.limit;
      if (count === undefined) {
        count = Math.abs(start);
        start = start < 0 ? Math.max(arr.length + start, 0) : 0;
      } else if (start < 0) {
        start = Math.max(arr.length + start, 0);
      }
      parent[last] = arr.slice(start, start + count);
      return;
    }
    case 'positional': {
      const i = details?.arrayIndex;
      if (i === undefined) {
        throw badValue(
          'Executor error during find command :: caused by :: positional operator ' +
            "'.$' couldn't find a matching element in the array",
        );
      }
      parent[last] = arr.slice(i, i + 1);
    }
  }
}
