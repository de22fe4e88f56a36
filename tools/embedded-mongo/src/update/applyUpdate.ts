import { Long, Timestamp } from 'bson';
import { cloneValue } from '../bson/codec';
import { compareValues, identical, typeRank } from '../bson/compare';
import { addNumeric, multiplyNumeric, numericKind, zeroOfKind } from '../bson/numeric';
import type { Doc } from '../bson/types';
import { isDigits, isNumeric, isPlainObject, ownField, typeAlias } from '../bson/types';
import { badValue, ErrorCode, failedToParse, MongoCommandError, typeMismatch } from '../errors';
import { compileFilter, type Predicate } from '../query/matcher';
import { splitPath } from '../query/path';
import { runPipeline } from '../aggregate/pipeline';
import { addToSet, pop, pull, pullAll, push } from './arrayOperators';
import { assign, locate, readField, removeField } from './fieldPath';

interface UpdateTarget {
  /** Index of the array element the query matched, for the positional `$`. */
  matchedIndex?: number;
  /** True when the update builds a document for an upsert (enables `$setOnInsert`). */
  inserting: boolean;
}

export interface CompiledUpdate {
  kind: 'replacement' | 'operators' | 'pipeline';
  apply(doc: Doc, target: UpdateTarget): Doc;
}

const OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$rename',
  '$currentDate',
  '$setOnInsert',
  '$push',
  '$addToSet',
  '$pop',
  '$pull',
  '$pullAll',
  '$bit',
]);

export function compileUpdate(update: unknown, arrayFilters?: unknown): CompiledUpdate {
  if (Array.isArray(update)) {
    return {
      kind: 'pipeline',
      apply: (doc) => keepId(doc, runPipeline([cloneValue(doc)], update as Doc[], {})[0] ?? {}),
    };
  }
  if (!isPlainObject(update))
    throw failedToParse('Update argument must be either an object or an array');
  const keys = Object.keys(update);
  const isOperatorUpdate = keys.length > 0 && keys.some((k) => k.startsWith('$'));
  if (!isOperatorUpdate) {
    return { kind: 'replacement', apply: (doc) => keepId(doc, cloneValue(update)) };
  }
  for (const k of keys) {
    if (!OPERATORS.has(k)) {
      throw failedToParse(
        k.startsWith('$')
          ? `Unknown modifier: ${k}. Expected a valid update modifier or pipeline-style update specified as an array`
          : `The dollar ($) prefixed field '${k}' is mixed with update operators`,
      );
    }
    if (!isPlainObject(update[k])) {
      throw failedToParse(
        `Modifiers operate on fields but we found type ${typeAlias(update[k])} instead. For example: {$mod: {<field>: ...}} not {${k}: ${String(update[k])}}`,
      );
    }
  }
  checkConflicts(update);
  const filters = compileArrayFilters(arrayFilters);
  return {
    kind: 'operators',
    apply: (doc, target) => {
      const out = cloneValue(doc);
      for (const op of keys) {
        const fields = update[op] as Doc;
        for (const field of Object.keys(fields)) {
          if (op === '$setOnInsert' && !target.inserting) continue;
          for (const parts of expandPositional(out, splitPath(field), target, filters, field)) {
            applyOperator(out, op, parts, fields[field], field);
          }
        }
      }
      if (!target.inserting || '_id' in doc) assertSameId(doc, out);
      return out;
    },
  };
}

function keepId(original: Doc, replacement: Doc): Doc {
  if ('_id' in replacement) {
    assertSameId(original, replacement);
    if (Object.keys(replacement)[0] === '_id') return replacement;
  }
  if (!('_id' in original)) return replacement;
  const { _id: _ignored, ...rest } = replacement;
  return { _id: original['_id'], ...rest };
}

function assertSameId(before: Doc, after: Doc): void {
  if (!('_id' in before)) return;
  const a = before['_id'];
  const b = after['_id'];
  if (typeRank(a) !== typeRank(b) || compareValues(a, b) !== 0) {
    throw new MongoCommandError(
      ErrorCode.ImmutableField,
      "Performing an update on the path '_id' would modify the immutable field '_id'",
    );
  }
}

function checkConflicts(update: Doc): void {
  const seen: { path: string[]; op: string }[] = [];
  for (const op of Object.keys(update)) {
    for (const field of Object.keys(update[op] as Doc)) {
      const targets = op === '$rename' ? [field, String((update[op] as Doc)[field])] : [field];
      for (const t of targets) {
        const parts = t.split('.');
        for (const s of seen) {
          const n = Math.min(s.path.length, parts.length);
          if (s.path.slice(0, n).join('.') === parts.slice(0, n).join('.')) {
            throw new MongoCommandError(
              ErrorCode.ConflictingUpdateOperators,
              `Updating the path '${t}' would create a conflict at '${parts.slice(0, n).join('.')}'`,
            );
          }
        }
        seen.push({ path: parts, op });
      }
    }
  }
}

function compileArrayFilters(arrayFilters: unknown): Map<string, Predicate> {
  const out = new Map<string, Predicate>();
  if (arrayFilters === undefined) return out;
  if (!Array.isArray(arrayFilters)) throw failedToParse('arrayFilters must be an array');
  for (const f of arrayFilters) {
    if (!isPlainObject(f)) throw failedToParse('arrayFilters entries must be objects');
    const ids = new Set(Object.keys(f).map((k) => k.split('.')[0] as string));
    if (ids.size !== 1) {
      throw failedToParse('Each array filter must use a single top-level field name');
    }
    const id = [...ids][0] as string;
    if (out.has(id))
      throw failedToParse(`Found multiple array filters with the same top-level field name ${id}`);
    out.set(id, compileFilter(f));
  }
  return out;
}

const FILTER_TOKEN = /^\$\[([a-z][a-zA-Z0-9]*)\]$/;

/** Turns `a.$.b`, `a.$[].b` and `a.$[x].b` into the concrete paths they address. */
function expandPositional(
  root: Doc,
  parts: readonly string[],
  target: UpdateTarget,
  filters: Map<string, Predicate>,
  field: string,
): string[][] {
  if (!parts.some((p) => p.startsWith('$'))) return [parts as string[]];
  const out: string[][] = [];
  const walk = (node: unknown, i: number, prefix: string[]): void => {
    if (i === parts.length) {
      out.push(prefix);
      return;
    }
    const p = parts[i] as string;
    if (p === '$') {
      if (target.matchedIndex === undefined) {
        throw badValue('The positional operator did not find the match needed from the query.');
      }
      const idx = target.matchedIndex;
      walk(Array.isArray(node) ? node[idx] : undefined, i + 1, [...prefix, String(idx)]);
      return;
    }
    const m = p === '$[]' ? [p, ''] : FILTER_TOKEN.exec(p);
    if (m) {
      if (!Array.isArray(node)) {
        if (target.inserting) return;
        throw badValue(
          `The path '${parts.slice(0, i).join('.')}' must exist in the document in order to apply array updates.`,
        );
      }
      const filter = m[1] ? filters.get(m[1]) : undefined;
      if (m[1] && !filter) {
        throw badValue(`No array filter found for identifier '${m[1]}' in path '${field}'`);
      }
      node.forEach((elem, j) => {
        if (!filter || filter({ [m[1] as string]: elem }))
          walk(elem, i + 1, [...prefix, String(j)]);
      });
      return;
    }
    const next = Array.isArray(node)
      ? isDigits(p)
        ? node[Number(p)]
        : undefined
      : isPlainObject(node)
        ? ownField(node, p)
        : undefined;
    walk(next, i + 1, [...prefix, p]);
  };
  walk(root, 0, []);
  return out;
}

function applyOperator(root: Doc, op: string, parts: string[], arg: unknown, field: string): void {
  switch (op) {
    case '$set':
    case '$setOnInsert': {
      const loc = locate(root, parts, true) as { parent: Doc; key: string };
      assign(loc.parent, loc.key, cloneValue(arg));
      return;
    }
    case '$unset': {
      const loc = locate(root, parts, false);
      if (loc) removeField(loc.parent, loc.key);
      return;
    }
    case '$inc':
    case '$mul': {
      if (!isNumeric(arg)) {
        throw typeMismatch(
          `Cannot ${op === '$inc' ? 'increment' : 'multiply'} with non-numeric argument: {${field}: ${String(arg)}}`,
        );
      }
      const loc = locate(root, parts, true) as { parent: Doc; key: string };
      const current = readField(loc.parent, loc.key);
      if (current === undefined) {
        assign(loc.parent, loc.key, op === '$inc' ? arg : zeroOfKind(arg));
        return;
      }
      if (numericKind(current) === undefined) {
        throw typeMismatch(
          `Cannot apply ${op} to a value of non-numeric type. {_id: ${String(root['_id'])}} has the field '${field}' of non-numeric type ${typeAlias(current)}`,
        );
      }
      assign(
        loc.parent,
        loc.key,
        op === '$inc' ? addNumeric(current, arg) : multiplyNumeric(current, arg),
      );
      return;
    }
    case '$min':
    case '$max': {
      const loc = locate(root, parts, true) as { parent: Doc; key: string };
      const current = readField(loc.parent, loc.key);
      const c = current === undefined ? 0 : compareValues(arg, current);
      if (current === undefined || (op === '$min' ? c < 0 : c > 0)) {
        assign(loc.parent, loc.key, cloneValue(arg));
      }
      return;
    }
    case '$rename': {
      if (typeof arg !== 'string' || arg === '')
        throw badValue(`The 'to' field for $rename must be a string: ${field}: ${String(arg)}`);
      if (arg === field)
        throw badValue(`The source and target field for $rename must differ: ${field}: "${arg}"`);
      const from = locate(root, parts, false);
      if (!from || Array.isArray(from.parent)) return;
      const value = readField(from.parent, from.key);
      if (value === undefined) return;
      removeField(from.parent, from.key);
      const to = locate(root, splitPath(arg), true) as { parent: Doc; key: string };
      assign(to.parent, to.key, value);
      return;
    }
    case '$currentDate': {
      const wantsTimestamp = isPlainObject(arg) && arg['$type'] === 'timestamp';
      if (!(arg === true || (isPlainObject(arg) && (arg['$type'] === 'date' || wantsTimestamp)))) {
        throw badValue(
          `${field} is not valid type for $currentDate. Please use a boolean ('true') or a $type expression ({$type: 'timestamp/date'}).`,
        );
      }
      const now = Date.now();
      const value = wantsTimestamp
        ? new Timestamp({ t: Math.floor(now / 1000), i: 1 })
        : new Date(now);
      const loc = locate(root, parts, true) as { parent: Doc; key: string };
      assign(loc.parent, loc.key, value);
      return;
    }
    case '$bit': {
      if (!isPlainObject(arg))
        throw badValue(`The $bit modifier is not compatible with a ${typeAlias(arg)}`);
      const loc = locate(root, parts, true) as { parent: Doc; key: string };
      let current: unknown = readField(loc.parent, loc.key) ?? 0;
      for (const how of Object.keys(arg)) current = applyBit(current, how, arg[how]);
      assign(loc.parent, loc.key, current);
      return;
    }
  }
  const loc = locate(root, parts, op === '$push' || op === '$addToSet');
  if (!loc) return;
  const current = readField(loc.parent, loc.key);
  const next =
    op === '$push'
      ? push(current, cloneValue(arg), field)
      : op === '$addToSet'
        ? addToSet(current, cloneValue(arg), field)
        : op === '$pop'
          ? pop(current, arg, field)
          : op === '$pull'
            ? pull(current, arg, field)
            : pullAll(current, arg, field);
  if (next !== undefined) assign(loc.parent, loc.key, next);
}

function applyBit(current: unknown, how: string, operand: unknown): unknown {
  const ck = numericKind(current);
  const ok = numericKind(operand);
  if ((ck !== 'int' && ck !== 'long') || (ok !== 'int' && ok !== 'long')) {
    throw badValue('$bit is only supported on int and long values');
  }
  const a = BigInt(String(current));
  const b = BigInt(String(operand));
  const r = how === 'and' ? a & b : how === 'or' ? a | b : how === 'xor' ? a ^ b : undefined;
  if (r === undefined)
    throw badValue(`The $bit modifier only supports 'and', 'or', and 'xor', not '${how}'`);
  const wide = ck === 'long' || ok === 'long';
  return wide ? Long.fromBigInt(BigInt.asIntN(64, r)) : Number(BigInt.asIntN(32, r));
}

/** Detects whether an update changed the stored document (drives nModified). */
export function wasModified(before: Doc, after: Doc): boolean {
  return !identical(before, after);
}
