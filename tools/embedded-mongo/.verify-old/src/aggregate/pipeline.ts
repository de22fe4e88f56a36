import { toJsNumber } from '../bson/numeric';
import type { Doc } from '../bson/types';
import { isNumeric, isPlainObject } from '../bson/types';
import { badValue, ErrorCode, failedToParse, MongoCommandError } from '../errors';
import { compileFilter } from '../query/matcher';
import { sortDocuments } from '../query/sort';
import { group } from './group';
import { type ExpressionScope, hasStage, runMingoStage } from './mingoBridge';
import { facet, lookup, unwind } from './stages';

export interface PipelineScope extends ExpressionScope {
  resolveCollection?: (name: string) => Doc[];
}

const UNSUPPORTED = new Set([
  '$out',
  '$merge',
  '$collStats',
  '$indexStats',
  '$changeStream',
  '$currentOp',
  '$listSessions',
  '$geoNear',
  '$search',
  '$planCacheStats',
]);

function nonNegativeInt(stage: string, v: unknown): number {
  if (!isNumeric(v) || !Number.isInteger(toJsNumber(v)) || toJsNumber(v) < 0) {
    throw badValue(`invalid argument to ${stage} stage: must be a non-negative integer`);
  }
  return toJsNumber(v);
}

/**
 * Runs an aggregation pipeline over documents. Stages whose result depends on BSON
 * comparison or equality are ours; expression-only stages ($project, $addFields, ...) are mingo's.
 */
export function runPipeline(input: Doc[], pipeline: Doc[], scope: PipelineScope): Doc[] {
  let docs = input;
  const mingoScope: ExpressionScope = {
    variables: scope.variables,
    collectionResolver: scope.resolveCollection,
  };
  for (const stage of pipeline) {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1) {
      throw new MongoCommandError(
        ErrorCode.PipelineStageNotSingleField,
        'A pipeline stage specification object must contain exactly one field.',
      );
    }
    const name = Object.keys(stage)[0] as string;
    const spec = stage[name];
    switch (name) {
      case '$match': {
        const p = compileFilter(spec, scope.variables);
        docs = docs.filter((d) => p(d));
        break;
      }
      case '$sort':
        docs = sortDocuments(docs, spec);
        break;
      case '$skip':
        docs = docs.slice(nonNegativeInt(name, spec));
        break;
      case '$limit': {
        const n = nonNegativeInt(name, spec);
        if (n === 0) throw badValue('the limit must be positive');
        docs = docs.slice(0, n);
        break;
      }
      case '$count':
        if (typeof spec !== 'string' || spec === '' || spec.startsWith('$') || spec.includes('.')) {
          throw badValue('the count field must be a non-empty string without $ or .');
        }
        docs = docs.length > 0 ? [{ [spec]: docs.length }] : [];
        break;
      case '$unwind':
        docs = unwind(docs, spec);
        break;
      case '$lookup':
        docs = lookup(docs, spec, scope, runPipeline);
        break;
      case '$facet':
        docs = facet(docs, spec, scope, runPipeline);
        break;
      case '$group':
        docs = group(docs, spec, mingoScope);
        break;
      case '$sortByCount':
        docs = sortDocuments(group(docs, { _id: spec, count: { $sum: 1 } }, mingoScope), {
          count: -1,
        });
        break;
      default:
        if (UNSUPPORTED.has(name)) {
          throw new MongoCommandError(
            ErrorCode.NotImplemented,
            `${name} is not supported by embedded-mongo`,
          );
        }
        if (!name.startsWith('$') || !hasStage(name)) {
          throw new MongoCommandError(
            ErrorCode.UnrecognizedPipelineStage,
            `Unrecognized pipeline stage name: '${name}'`,
          );
        }
        docs = runMingoStage(docs, stage, mingoScope);
    }
  }
  return docs;
}

export function parsePipeline(pipeline: unknown): Doc[] {
  if (!Array.isArray(pipeline))
    throw failedToParse("'pipeline' option must be specified as an array");
  return pipeline as Doc[];
}
