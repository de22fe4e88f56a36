import { encodeDocument } from '../bson/codec';
import type { Doc } from '../bson/types';
import { ErrorCode, MongoCommandError } from '../errors';
import { compileFilter } from '../query/matcher';
import { collectionArg, optionalBool, optionalDoc } from './args';
import type { CommandHandler } from './context';
import { encodeCursorReply } from './cursorReply';

/** Collection kinds we cannot honour are refused instead of silently behaving differently. */
const UNSUPPORTED_CREATE_OPTIONS = [
  'capped',
  'viewOn',
  'timeseries',
  'clusteredIndex',
  'changeStreamPreAndPostImages',
];
const IGNORED_CREATE_FIELDS = new Set([
  'create',
  '$db',
  'lsid',
  '$clusterTime',
  '$readPreference',
  'writeConcern',
  'comment',
]);

export const namespaceCommands: Record<string, CommandHandler> = {
  create: (cmd, ctx) => {
    const name = collectionArg(cmd, 'create');
    for (const opt of UNSUPPORTED_CREATE_OPTIONS) {
      if (cmd[opt] !== undefined && cmd[opt] !== false) {
        throw new MongoCommandError(
          ErrorCode.InvalidOptions,
          `embedded-mongo does not support ${opt} collections`,
        );
      }
    }
    const options: Doc = {};
    for (const k of Object.keys(cmd)) if (!IGNORED_CREATE_FIELDS.has(k)) options[k] = cmd[k];
    ctx.catalog.createCollection(ctx.db, name, options, ctx.log);
    return { ok: 1 };
  },

  drop: (cmd, ctx) => {
    const name = collectionArg(cmd, 'drop');
    const coll = ctx.catalog.get(ctx.db, name);
    if (!coll) throw new MongoCommandError(ErrorCode.NamespaceNotFound, 'ns not found');
    const nIndexesWas = coll.indexes.length + 1;
    ctx.catalog.dropCollection(ctx.db, name, ctx.log);
    return { nIndexesWas, ns: coll.namespace, ok: 1 };
  },

  dropDatabase: (_cmd, ctx) => {
    ctx.catalog.dropDatabase(ctx.db, ctx.log);
    return { dropped: ctx.db, ok: 1 };
  },

  listDatabases: (cmd, ctx) => {
    const filter = compileFilter(optionalDoc(cmd, 'filter'));
    const nameOnly = optionalBool(cmd, 'nameOnly') ?? false;
    let totalSize = 0;
    const databases: Doc[] = [];
    for (const name of ctx.catalog.databaseNames()) {
      let sizeOnDisk = 0;
      for (const c of ctx.catalog.collections(name)) sizeOnDisk += c.docs.size * 64;
      const info: Doc = nameOnly ? { name } : { name, sizeOnDisk, empty: false };
      if (!filter(info)) continue;
      totalSize += sizeOnDisk;
      databases.push(info);
    }
    return nameOnly
      ? { databases, ok: 1 }
      : { databases, totalSize, totalSizeMb: totalSize >> 20, ok: 1 };
  },

  listCollections: (cmd, ctx) => {
    const filter = compileFilter(optionalDoc(cmd, 'filter'));
    const nameOnly = optionalBool(cmd, 'nameOnly') ?? false;
    const batch: Buffer[] = [];
    for (const c of ctx.catalog.collections(ctx.db)) {
      const info: Doc = nameOnly
        ? { name: c.name, type: 'collection' }
        : {
            name: c.name,
            type: 'collection',
            options: c.options,
            info: { readOnly: false, uuid: c.uuid },
            idIndex: { v: 2, key: { _id: 1 }, name: '_id_' },
          };
      if (filter(info)) batch.push(encodeDocument(info));
    }
    return encodeCursorReply('firstBatch', batch, 0n, `${ctx.db}.$cmd.listCollections`);
  },
};
