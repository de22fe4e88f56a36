import type { Doc } from '../bson/types';
import { failedToParse } from '../errors';
import { compileFilter } from '../query/matcher';
import type { MatchDetails } from '../query/path';
import { compileProjection } from '../query/projection';
import { selectDocuments } from '../query/select';
import { compileUpdate, wasModified } from '../update/applyUpdate';
import { upsertSeed, withIdFirst } from '../update/upsertSeed';
import { collectionArg, optionalBool, optionalDoc } from './args';
import type { CommandHandler } from './context';
import { keepSeedId } from './writes';
import { validateForStorage } from './writeSupport';

/** findAndModify: one document, chosen by query + sort, updated or removed atomically. */
export const findAndModify: CommandHandler = (cmd, ctx) => {
  const name = collectionArg(cmd, Object.keys(cmd)[0] as string);
  const query = optionalDoc(cmd, 'query') ?? {};
  const sort = optionalDoc(cmd, 'sort');
  const remove = optionalBool(cmd, 'remove') ?? false;
  const returnNew = optionalBool(cmd, 'new') ?? false;
  const upsert = optionalBool(cmd, 'upsert') ?? false;
  const project = compileProjection(optionalDoc(cmd, 'fields'));
  const hasUpdate = cmd['update'] !== undefined;
  if (remove && hasUpdate) throw failedToParse('Cannot specify both an update and remove=true');
  if (!remove && !hasUpdate)
    throw failedToParse('Either an update or remove=true must be specified');
  if (remove && (upsert || returnNew)) {
    throw failedToParse(
      'Cannot specify both upsert=true and remove=true or new=true and remove=true',
    );
  }
  const update = hasUpdate ? compileUpdate(cmd['update'], cmd['arrayFilters']) : undefined;
  const shape = (doc: Doc | null): Doc | null => (doc && project ? project(doc) : doc);

  const coll = ctx.catalog.get(ctx.db, name);
  const [found] = selectDocuments(coll, query, { sort, limit: 1, hint: cmd['hint'] });
  if (coll && found) {
    if (remove) {
      ctx.catalog.remove(coll, found, ctx.log);
      return { lastErrorObject: { n: 1 }, value: shape(found), ok: 1 };
    }
    const details: MatchDetails = {};
    compileFilter(query)(found, details);
    const next = (update as NonNullable<typeof update>).apply(found, {
      matchedIndex: details.arrayIndex,
      inserting: false,
    });
    if (wasModified(found, next)) {
      validateForStorage(next);
      ctx.catalog.replace(coll, found, next, ctx.log);
    }
    return {
      lastErrorObject: { n: 1, updatedExisting: true },
      value: shape(returnNew ? next : found),
      ok: 1,
    };
  }
  if (!upsert || !update) {
    return {
      lastErrorObject: { n: 0, ...(remove ? {} : { updatedExisting: false }) },
      value: null,
      ok: 1,
    };
  }
  const seed = upsertSeed(query);
  const doc = withIdFirst(
    update.kind === 'replacement'
      ? keepSeedId(seed, update.apply({}, { inserting: true }))
      : update.apply(seed, { inserting: true }),
  );
  validateForStorage(doc);
  ctx.catalog.insert(ctx.catalog.ensureCollection(ctx.db, name, ctx.log), doc, ctx.log);
  return {
    lastErrorObject: { n: 1, updatedExisting: false, upserted: doc['_id'] },
    value: returnNew ? shape(doc) : null,
    ok: 1,
  };
};
