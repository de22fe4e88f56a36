import { Long } from 'bson';
import { isLong, isNumeric } from '../bson/types';
import { toJsNumber } from '../bson/numeric';
import { ErrorCode, MongoCommandError, typeMismatch } from '../errors';
import { compileProjection } from '../query/projection';
import { compileFilter } from '../query/matcher';
import type { MatchDetails } from '../query/path';
import { selectDocuments } from '../query/select';
import { takeBatch } from '../cursors/cursorRegistry';
import {
  collectionArg,
  nonNegative,
  optionalBool,
  optionalDoc,
  optionalInt,
  requiredArray,
} from './args';
import type { CommandHandler } from './context';
import { computedSource, encodeCursorReply, openCursor, storedSource } from './cursorReply';

function cursorIdArg(v: unknown): bigint {
  if (isLong(v)) return v.toBigInt();
  if (isNumeric(v)) return BigInt(Math.trunc(toJsNumber(v)));
  throw typeMismatch(`BSON field 'getMore.getMore' is the wrong type, expected type 'long'`);
}

export const findCommands: Record<string, CommandHandler> = {
  find: (cmd, ctx) => {
    const name = collectionArg(cmd, 'find');
    const ns = `${ctx.db}.${name}`;
    const filter = optionalDoc(cmd, 'filter');
    const sort = optionalDoc(cmd, 'sort');
    const projection = compileProjection(optionalDoc(cmd, 'projection'));
    const skip = nonNegative('skip', optionalInt(cmd, 'skip'));
    let limit = optionalInt(cmd, 'limit');
    let singleBatch = optionalBool(cmd, 'singleBatch') ?? false;
    if (limit !== undefined && limit < 0) {
      // Legacy negative limit: at most |limit| documents, in one batch.
      limit = -limit;
      singleBatch = true;
    }
    const batchSize = nonNegative('batchSize', optionalInt(cmd, 'batchSize'));
    const docs = selectDocuments(ctx.catalog.get(ctx.db, name), filter, {
      sort,
      skip,
      limit,
      hint: cmd['hint'],
    });
    let source = storedSource(ns, docs);
    if (projection) {
      const predicate = compileFilter(filter);
      source = computedSource(
        ns,
        docs.map((d) => {
          const details: MatchDetails = {};
          predicate(d, details);
          return projection(d, details);
        }),
      );
    }
    return openCursor(ctx, source, { batchSize, singleBatch });
  },

  getMore: (cmd, ctx) => {
    const id = cursorIdArg(cmd['getMore']);
    const coll = collectionArg(cmd, 'collection');
    const batchSize = nonNegative('batchSize', optionalInt(cmd, 'batchSize'));
    const cursor = ctx.cursors.use(id);
    if (!cursor || cursor.ns !== `${ctx.db}.${coll}`) {
      throw new MongoCommandError(ErrorCode.CursorNotFound, `cursor id ${id} not found`);
    }
    const batch = takeBatch(cursor, batchSize || Number.POSITIVE_INFINITY);
    const exhausted = cursor.position >= cursor.docs.length;
    if (exhausted) ctx.cursors.kill(id);
    return encodeCursorReply('nextBatch', batch, exhausted ? 0n : id, cursor.ns);
  },

  killCursors: (cmd, ctx) => {
    collectionArg(cmd, 'killCursors');
    const ids = requiredArray(cmd, 'cursors').map(cursorIdArg);
    const killed: bigint[] = [];
    const notFound: bigint[] = [];
    for (const id of ids) (ctx.cursors.kill(id) ? killed : notFound).push(id);
    const toLong = (x: bigint): Long => Long.fromBigInt(x);
    return {
      cursorsKilled: killed.map(toLong),
      cursorsNotFound: notFound.map(toLong),
      cursorsAlive: [],
      cursorsUnknown: [],
      ok: 1,
    };
  },
};
