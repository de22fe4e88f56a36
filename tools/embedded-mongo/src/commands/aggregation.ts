import { keyString } from '../bson/keyString';
import type { Doc } from '../bson/types';
import { isPlainObject } from '../bson/types';
import { ErrorCode, failedToParse, MongoCommandError } from '../errors';
import { parsePipeline, runPipeline } from '../aggregate/pipeline';
import { splitPath, valuesAtPath } from '../query/path';
import { selectDocuments } from '../query/select';
import { collectionArg, nonNegative, optionalDoc, optionalInt } from './args';
import type { CommandContext, CommandHandler } from './context';
import { computedSource, openCursor } from './cursorReply';

function resolveCollection(ctx: CommandContext): (name: string) => Doc[] {
  return (name) => [...(ctx.catalog.get(ctx.db, name)?.docs.values() ?? [])];
}

export const aggregationCommands: Record<string, CommandHandler> = {
  aggregate: (cmd, ctx) => {
    const target = cmd['aggregate'];
    const pipeline = parsePipeline(cmd['pipeline']);
    if (cmd['explain'] !== undefined) {
      throw new MongoCommandError(
        ErrorCode.NotImplemented,
        'explain is not supported by embedded-mongo',
      );
    }
    const cursorOpts = optionalDoc(cmd, 'cursor');
    if (!cursorOpts) {
      throw failedToParse(
        "The 'cursor' option is required, except for aggregate with the explain argument",
      );
    }
    let input: Doc[] = [];
    let ns = `${ctx.db}.$cmd.aggregate`;
    let stages = pipeline;
    if (typeof target === 'string') {
      const name = collectionArg(cmd, 'aggregate');
      ns = `${ctx.db}.${name}`;
      const first = pipeline[0];
      // A leading $match can use the indexes.
      const leadingMatch = first && isPlainObject(first) && isPlainObject(first['$match']);
      const filter = leadingMatch ? (first['$match'] as Doc) : undefined;
      if (leadingMatch) stages = pipeline.slice(1);
      input = selectDocuments(ctx.catalog.get(ctx.db, name), filter, { hint: cmd['hint'] });
    } else if (target !== 1) {
      throw failedToParse('aggregate field must be a collection name or 1');
    }
    const variables = optionalDoc(cmd, 'let');
    const results = runPipeline(input, stages, {
      variables,
      resolveCollection: resolveCollection(ctx),
    });
    const batchSize = nonNegative('batchSize', optionalInt(cursorOpts, 'batchSize'));
    return openCursor(ctx, computedSource(ns, results), { batchSize });
  },

  count: (cmd, ctx) => {
    const name = collectionArg(cmd, 'count');
    const query = optionalDoc(cmd, 'query');
    const skip = nonNegative('skip', optionalInt(cmd, 'skip'));
    const limit = optionalInt(cmd, 'limit');
    const coll = ctx.catalog.get(ctx.db, name);
    const hint = cmd['hint'];
    if ((query === undefined || Object.keys(query).length === 0) && hint === undefined) {
      // Every document: the collection knows how many it holds (estimatedDocumentCount).
      const after = Math.max(0, (coll?.docs.size ?? 0) - (skip ?? 0));
      return { n: limit ? Math.min(after, Math.abs(limit)) : after, ok: 1 };
    }
    const docs = selectDocuments(coll, query, {
      skip,
      limit: limit === undefined ? undefined : Math.abs(limit),
      hint,
    });
    return { n: docs.length, ok: 1 };
  },

  distinct: (cmd, ctx) => {
    const name = collectionArg(cmd, 'distinct');
    const key = cmd['key'];
    if (typeof key !== 'string') failedToParseKey();
    const parts = splitPath(key as string);
    const seen = new Map<string, unknown>();
    const coll = ctx.catalog.get(ctx.db, name);
    const query = optionalDoc(cmd, 'query');
    for (const doc of selectDocuments(coll, query, { hint: cmd['hint'] })) {
      for (const v of valuesAtPath(doc, parts)) {
        if (v === undefined) continue;
        const k = keyString(v);
        if (!seen.has(k)) seen.set(k, v);
      }
    }
    return { values: [...seen.values()], ok: 1 };
  },
};

function failedToParseKey(): never {
  throw new MongoCommandError(
    ErrorCode.TypeMismatch,
    "BSON field 'distinct.key' is missing or not a string",
  );
}
