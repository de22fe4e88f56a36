import type { Doc } from '../bson/types';
import { isPlainObject, ownField } from '../bson/types';
import { splitPath } from '../query/path';
import { evaluate, type ExpressionScope, toMingoValue } from './mingoBridge';

/** Aggregation field-path semantics: `$a.b` over an array of documents yields the array of `b`s. */
function fieldPathValue(v: unknown, parts: readonly string[], i: number): unknown {
  if (i === parts.length) return v;
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    for (const e of v) {
      const r = fieldPathValue(e, parts, i);
      if (r !== undefined) out.push(r);
    }
    return out;
  }
  if (isPlainObject(v)) return fieldPathValue(ownField(v, parts[i] as string), parts, i + 1);
  return undefined;
}

/**
 * Evaluates an aggregation expression. Field paths, literals and documents of them are
 * resolved here so bson types pass through untouched; operator expressions go to mingo.
 */
export function evalExpression(doc: Doc, expr: unknown, scope: ExpressionScope): unknown {
  if (typeof expr === 'string') {
    if (expr.startsWith('$') && !expr.startsWith('$$')) {
      return fieldPathValue(doc, splitPath(expr.slice(1)), 0);
    }
    if (!expr.startsWith('$$')) return expr;
  } else if (Array.isArray(expr)) {
    return expr.map((e) => evalExpression(doc, e, scope));
  } else if (isPlainObject(expr)) {
    const keys = Object.keys(expr);
    if (keys.length === 0 || !(keys[0] as string).startsWith('$')) {
      const out: Doc = {};
      for (const k of keys) {
        const v = evalExpression(doc, expr[k], scope);
        if (v !== undefined) out[k] = v;
      }
      return out;
    }
  } else {
    return expr;
  }
  return evaluate(toMingoValue(doc) as Doc, expr, scope);
}
