import { cloneValue } from '../bson/codec';
import { keyString } from '../bson/keyString';
import type { Doc } from '../bson/types';
import { isPlainObject } from '../bson/types';
import { badValue, failedToParse } from '../errors';
import { getPath, splitPath, valuesAtPath } from '../query/path';
import { assign, locate } from '../update/fieldPath';
import { evalExpression } from './expressions';
import type { PipelineScope } from './pipeline';

/** Sets a (dotted) field on a copy of the document; the input is shared and must stay intact. */
function withField(doc: Doc, path: string, value: unknown): Doc {
  const parts = splitPath(path);
  if (parts.length === 1) return { ...doc, [path]: value };
  const out = cloneValue(doc);
  const loc = locate(out, parts, true);
  if (loc) assign(loc.parent, loc.key, value);
  return out;
}

export function unwind(docs: Doc[], spec: unknown): Doc[] {
  const opts = typeof spec === 'string' ? { path: spec } : spec;
  if (!isPlainObject(opts) || typeof opts['path'] !== 'string' || !opts['path'].startsWith('$')) {
    throw failedToParse('$unwind requires a path starting with $');
  }
  const path = opts['path'].slice(1);
  const indexField = opts['includeArrayIndex'];
  const preserve = opts['preserveNullAndEmptyArrays'] === true;
  const parts = splitPath(path);
  const out: Doc[] = [];
  for (const doc of docs) {
    const v = getPath(doc, parts);
    const withIndex = (d: Doc, i: number | null): Doc =>
      typeof indexField === 'string' ? withField(d, indexField, i) : d;
    if (Array.isArray(v) && v.length > 0) {
      v.forEach((elem, i) => out.push(withIndex(withField(doc, path, elem), i)));
    } else if (v !== undefined && v !== null && !Array.isArray(v)) {
      out.push(withIndex(doc, null));
    } else if (preserve) {
      out.push(withIndex(Array.isArray(v) ? withoutField(doc, parts) : doc, null));
    }
  }
  return out;
}

function withoutField(doc: Doc, parts: readonly string[]): Doc {
  const out = cloneValue(doc);
  const loc = locate(out, parts, false);
  if (loc && !Array.isArray(loc.parent)) delete loc.parent[loc.key];
  return out;
}

export function lookup(
  docs: Doc[],
  spec: unknown,
  scope: PipelineScope,
  run: (docs: Doc[], pipeline: Doc[], scope: PipelineScope) => Doc[],
): Doc[] {
  if (!isPlainObject(spec) || typeof spec['from'] !== 'string' || typeof spec['as'] !== 'string') {
    throw failedToParse('$lookup requires string from and as');
  }
  const foreign = scope.resolveCollection?.(spec['from']) ?? [];
  const as = spec['as'];
  const pipeline = spec['pipeline'];
  if (pipeline !== undefined && !Array.isArray(pipeline))
    throw failedToParse('$lookup pipeline must be an array');
  const localField = spec['localField'];
  const foreignField = spec['foreignField'];
  let byKey: Map<string, Doc[]> | undefined;
  const position = new Map<Doc, number>();
  if (localField !== undefined || foreignField !== undefined) {
    if (typeof localField !== 'string' || typeof foreignField !== 'string') {
      throw failedToParse('$lookup requires both localField and foreignField as strings');
    }
    byKey = new Map();
    const fParts = splitPath(foreignField);
    for (const f of foreign) {
      position.set(f, position.size);
      const seen = new Set<string>();
      for (const v of valuesAtPath(f, fParts)) {
        const k = keyString(v);
        if (seen.has(k)) continue;
        seen.add(k);
        const list = byKey.get(k);
        if (list) list.push(f);
        else byKey.set(k, [f]);
      }
    }
  } else if (pipeline === undefined) {
    throw failedToParse('$lookup requires either localField/foreignField or pipeline');
  }
  const letSpec = spec['let'];
  return docs.map((doc) => {
    let matches = foreign;
    if (byKey) {
      const found = new Set<Doc>();
      for (const v of valuesAtPath(doc, splitPath(localField as string))) {
        for (const f of byKey.get(keyString(v)) ?? []) found.add(f);
      }
      matches = [...found].sort((a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0));
    }
    if (pipeline) {
      const variables: Doc = { ...scope.variables };
      if (isPlainObject(letSpec)) {
        for (const name of Object.keys(letSpec)) {
          variables[name] = evalExpression(doc, letSpec[name], scope);
        }
      }
      matches = run(matches, pipeline as Doc[], { ...scope, variables });
    }
    return withField(doc, as, matches);
  });
}

export function facet(
  docs: Doc[],
  spec: unknown,
  scope: PipelineScope,
  run: (docs: Doc[], pipeline: Doc[], scope: PipelineScope) => Doc[],
): Doc[] {
  if (!isPlainObject(spec)) throw failedToParse('$facet requires an object');
  const out: Doc = {};
  for (const name of Object.keys(spec)) {
    const p = spec[name];
    if (!Array.isArray(p)) throw badValue(`$facet ${name} must be an array of stages`);
    out[name] = run(docs, p as Doc[], scope);
  }
  return [out];
}
