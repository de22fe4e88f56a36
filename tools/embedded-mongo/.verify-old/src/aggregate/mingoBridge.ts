import type { Long } from 'bson';
import { Aggregator } from 'mingo';
import { Context, evalExpr, OpType, ProcessingMode } from 'mingo/core';
import * as accumulatorOps from 'mingo/operators/accumulator';
import * as expressionOps from 'mingo/operators/expression';
import * as pipelineOps from 'mingo/operators/pipeline';
import * as projectionOps from 'mingo/operators/projection';
import * as queryOps from 'mingo/operators/query';
import * as windowOps from 'mingo/operators/window';
import type { Options } from 'mingo/types';
import { bsonTag, isPlainObject, type Doc } from '../bson/types';
import { ErrorCode, MongoCommandError } from '../errors';

/**
 * mingo evaluates aggregation expressions; we keep matching, sorting, grouping keys and
 * numeric accumulation ourselves because mingo compares bson wrapper types incorrectly.
 */
const CONTEXT = Context.init({
  accumulator: accumulatorOps,
  expression: expressionOps,
  pipeline: pipelineOps,
  projection: projectionOps,
  query: queryOps,
  window: windowOps,
});

export interface ExpressionScope {
  variables?: Doc;
  collectionResolver?: (name: string) => Doc[];
}

/** Stored documents are shared with the catalog; mingo's stages may modify their input in place. */
function mingoOptions(scope: ExpressionScope): Options {
  return {
    idKey: '_id',
    processingMode: ProcessingMode.CLONE_INPUT,
    useStrictMode: true,
    scriptEnabled: false,
    failOnError: true,
    context: CONTEXT,
    variables: scope.variables,
    collectionResolver: scope.collectionResolver,
  };
}

/** mingo only does arithmetic on JS numbers: unbox doubles and safe-range longs for it. */
export function toMingoValue(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(toMingoValue);
  const tag = bsonTag(v);
  if (tag === 'Double') return (v as { value: number }).value;
  if (tag === 'Long') {
    const n = (v as Long).toNumber();
    return Number.isSafeInteger(n) ? n : v;
  }
  if (!isPlainObject(v)) return v;
  const out: Doc = {};
  for (const k of Object.keys(v)) out[k] = toMingoValue(v[k]);
  return out;
}

function asCommandError(err: unknown): MongoCommandError {
  if (err instanceof MongoCommandError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/unknown pipeline operator|operator .* not found|not a valid pipeline/i.test(message)) {
    return new MongoCommandError(ErrorCode.UnrecognizedPipelineStage, message);
  }
  return new MongoCommandError(ErrorCode.BadValue, message);
}

export function runMingoStage(docs: Doc[], stage: Doc, scope: ExpressionScope): Doc[] {
  try {
    return new Aggregator([stage], mingoOptions(scope)).run(docs) as Doc[];
  } catch (err) {
    throw asCommandError(err);
  }
}

export function evaluate(doc: Doc, expr: unknown, scope: ExpressionScope): unknown {
  try {
    return evalExpr(doc, expr, mingoOptions(scope));
  } catch (err) {
    throw asCommandError(err);
  }
}

export function hasStage(name: string): boolean {
  return CONTEXT.getOperator(OpType.PIPELINE, name) !== null;
}
