import { encodeDocument } from '../bson/codec';
import type { Doc } from '../bson/types';
import { isPlainObject } from '../bson/types';
import { ErrorCode, MongoCommandError } from '../errors';
import {
  type IndexDefinition,
  parseIndexDefinition,
  sameKeyPattern,
  sameOptions,
} from '../index/indexSpec';
import type { Collection } from '../catalog/collection';
import { collectionArg, requiredArray } from './args';
import type { CommandContext, CommandHandler } from './context';
import { encodeCursorReply } from './cursorReply';

function existing(ctx: CommandContext, name: string): Collection {
  const coll = ctx.catalog.get(ctx.db, name);
  if (!coll)
    throw new MongoCommandError(
      ErrorCode.NamespaceNotFound,
      `ns does not exist: ${ctx.db}.${name}`,
    );
  return coll;
}

/** Decides whether a requested index already exists, is new, or conflicts (85/86). */
function classify(coll: Collection, wanted: IndexDefinition): 'exists' | 'new' {
  for (const have of coll.indexDefinitions()) {
    const sameName = have.name === wanted.name;
    const sameKey = sameKeyPattern(have, wanted);
    if (sameName && !sameKey) {
      throw new MongoCommandError(
        ErrorCode.IndexKeySpecsConflict,
        `An existing index has the same name as the requested index. Requested index: ${JSON.stringify(wanted)}, existing index: ${JSON.stringify(have)}`,
      );
    }
    if (sameKey && sameName) {
      if (sameOptions(have, wanted)) return 'exists';
      throw new MongoCommandError(
        ErrorCode.IndexOptionsConflict,
        `An equivalent index already exists with the same name but different options. Requested index: ${JSON.stringify(wanted)}, existing index: ${JSON.stringify(have)}`,
      );
    }
    if (sameKey && sameOptions(have, wanted)) {
      throw new MongoCommandError(
        ErrorCode.IndexOptionsConflict,
        `Index already exists with a different name: ${have.name}`,
      );
    }
  }
  return 'new';
}

export const indexCommands: Record<string, CommandHandler> = {
  createIndexes: (cmd, ctx) => {
    const name = collectionArg(cmd, 'createIndexes');
    const specs = requiredArray(cmd, 'indexes').map(parseIndexDefinition);
    if (specs.length === 0) {
      throw new MongoCommandError(ErrorCode.BadValue, 'Must specify at least one index to create');
    }
    const created = !ctx.catalog.get(ctx.db, name);
    const coll = ctx.catalog.ensureCollection(ctx.db, name, ctx.log);
    const before = coll.indexes.length + 1;
    for (const spec of specs) {
      if (classify(coll, spec) === 'new') ctx.catalog.createIndex(coll, spec, ctx.log);
    }
    const after = coll.indexes.length + 1;
    const reply: Doc = {
      createdCollectionAutomatically: created,
      numIndexesBefore: before,
      numIndexesAfter: after,
      ok: 1,
    };
    if (before === after) reply['note'] = 'all indexes already exist';
    return reply;
  },

  listIndexes: (cmd, ctx) => {
    const name = collectionArg(cmd, 'listIndexes');
    const coll = existing(ctx, name);
    const batch = coll.indexDefinitions().map((d) => encodeDocument(d));
    return encodeCursorReply('firstBatch', batch, 0n, `${ctx.db}.${name}`);
  },

  dropIndexes: (cmd, ctx) => {
    const name = collectionArg(cmd, 'dropIndexes');
    const coll = existing(ctx, name);
    const nIndexesWas = coll.indexes.length + 1;
    const which = cmd['index'];
    let names: string[];
    if (which === '*') {
      names = coll.indexes.map((i) => i.definition.name);
    } else if (typeof which === 'string') {
      names = [which];
    } else if (Array.isArray(which) && which.every((w) => typeof w === 'string')) {
      names = which as string[];
    } else if (isPlainObject(which)) {
      const probe = { v: 2, key: which, name: '' };
      const match = coll.indexDefinitions().find((d) => sameKeyPattern(d, probe));
      if (!match) {
        throw new MongoCommandError(
          ErrorCode.IndexNotFound,
          `can't find index with key: ${JSON.stringify(which)}`,
        );
      }
      names = [match.name];
    } else {
      throw new MongoCommandError(
        ErrorCode.TypeMismatch,
        "BSON field 'dropIndexes.index' has an invalid type",
      );
    }
    for (const n of names) {
      if (n === '_id_')
        throw new MongoCommandError(ErrorCode.InvalidOptions, 'cannot drop _id index');
      if (!coll.indexes.some((i) => i.definition.name === n)) {
        throw new MongoCommandError(ErrorCode.IndexNotFound, `index not found with name [${n}]`);
      }
    }
    for (const n of names) ctx.catalog.dropIndex(coll, n, ctx.log);
    return { nIndexesWas, ok: 1 };
  },
};
