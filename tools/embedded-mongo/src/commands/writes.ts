import type { Doc } from '../bson/types';
import { isPlainObject } from '../bson/types';
import { toJsNumber } from '../bson/numeric';
import { failedToParse, badValue } from '../errors';
import { selectDocuments } from '../query/select';
import { compileFilter } from '../query/matcher';
import type { MatchDetails } from '../query/path';
import { compileUpdate, wasModified } from '../update/applyUpdate';
import { upsertSeed, withIdFirst } from '../update/upsertSeed';
import { collectionArg, optionalBool, refuseCollation, requiredArray } from './args';
import type { CommandHandler } from './context';
import { runStatements, validateForStorage, withWriteErrors } from './writeSupport';

function statementDoc(v: unknown, what: string): Doc {
  if (!isPlainObject(v)) throw failedToParse(`${what} must be an object`);
  return v;
}

export const writeCommands: Record<string, CommandHandler> = {
  insert: (cmd, ctx) => {
    const name = collectionArg(cmd, 'insert');
    const documents = requiredArray(cmd, 'documents');
    const ordered = optionalBool(cmd, 'ordered') ?? true;
    let n = 0;
    const coll = ctx.catalog.ensureCollection(ctx.db, name, ctx.log);
    const writeErrors = runStatements(documents, ordered, (raw) => {
      const doc = withIdFirst(statementDoc(raw, 'document'));
      validateForStorage(doc);
      ctx.catalog.insert(coll, doc, ctx.log);
      n += 1;
    });
    return withWriteErrors({ n, ok: 1 }, writeErrors);
  },

  update: (cmd, ctx) => {
    const name = collectionArg(cmd, 'update');
    const updates = requiredArray(cmd, 'updates');
    const ordered = optionalBool(cmd, 'ordered') ?? true;
    let n = 0;
    let nModified = 0;
    const upserted: Doc[] = [];
    const writeErrors = runStatements(updates, ordered, (raw, index) => {
      const stmt = statementDoc(raw, 'update statement');
      refuseCollation(stmt);
      const q = statementDoc(stmt['q'] ?? {}, 'q');
      const multi = optionalBool(stmt, 'multi') ?? false;
      const upsert = optionalBool(stmt, 'upsert') ?? false;
      const update = compileUpdate(stmt['u'], stmt['arrayFilters']);
      if (multi && update.kind === 'replacement') {
        throw failedToParse('multi update is not supported for replacement-style update');
      }
      const coll = ctx.catalog.get(ctx.db, name);
      const matched = selectDocuments(coll, q, { limit: multi ? 0 : 1, hint: stmt['hint'] });
      if (coll && matched.length > 0) {
        const predicate = compileFilter(q);
        for (const doc of matched) {
          const details: MatchDetails = {};
          predicate(doc, details);
          const next = update.apply(doc, { matchedIndex: details.arrayIndex, inserting: false });
          n += 1;
          if (!wasModified(doc, next)) continue;
          validateForStorage(next);
          ctx.catalog.replace(coll, doc, next, ctx.log);
          nModified += 1;
        }
        return;
      }
      if (!upsert) return;
      const target = ctx.catalog.ensureCollection(ctx.db, name, ctx.log);
      const seed = upsertSeed(q);
      const doc = withIdFirst(
        update.kind === 'replacement'
          ? keepSeedId(seed, update.apply({}, { inserting: true }))
          : update.apply(seed, { inserting: true }),
      );
      validateForStorage(doc);
      ctx.catalog.insert(target, doc, ctx.log);
      n += 1;
      upserted.push({ index, _id: doc['_id'] });
    });
    const reply: Doc = { n, nModified, ok: 1 };
    if (upserted.length > 0) reply['upserted'] = upserted;
    return withWriteErrors(reply, writeErrors);
  },

  delete: (cmd, ctx) => {
    const name = collectionArg(cmd, 'delete');
    const deletes = requiredArray(cmd, 'deletes');
    const ordered = optionalBool(cmd, 'ordered') ?? true;
    let n = 0;
    const writeErrors = runStatements(deletes, ordered, (raw) => {
      const stmt = statementDoc(raw, 'delete statement');
      refuseCollation(stmt);
      const q = statementDoc(stmt['q'] ?? {}, 'q');
      const limit = stmt['limit'] === undefined ? 0 : toJsNumber(stmt['limit']);
      if (limit !== 0 && limit !== 1)
        throw badValue('The limit field in delete objects must be 0 or 1');
      const coll = ctx.catalog.get(ctx.db, name);
      const doomed = selectDocuments(coll, q, { limit, hint: stmt['hint'] });
      if (!coll) return;
      for (const doc of doomed) {
        ctx.catalog.remove(coll, doc, ctx.log);
        n += 1;
      }
    });
    return withWriteErrors({ n, ok: 1 }, writeErrors);
  },
};

/** A replacement upsert keeps the `_id` the query named, if the replacement has none. */
export function keepSeedId(seed: Doc, replacement: Doc): Doc {
  if ('_id' in replacement || !('_id' in seed)) return replacement;
  return { _id: seed['_id'], ...replacement };
}
