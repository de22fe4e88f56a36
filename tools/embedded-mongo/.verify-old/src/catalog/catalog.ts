import type { Doc } from '../bson/types';
import { ErrorCode, MongoCommandError } from '../errors';
import type { IndexDefinition } from '../index/indexSpec';
import { assertValidCollectionName, Collection } from './collection';
import type { JournalOp } from './journalOps';

/**
 * All databases and collections. Every mutation goes through here and is appended to the
 * caller's op list, which the server journals before acknowledging the command.
 */
export class Catalog {
  private readonly databases = new Map<string, Map<string, Collection>>();

  databaseNames(): string[] {
    return [...this.databases.keys()];
  }

  collections(db: string): Collection[] {
    return [...(this.databases.get(db)?.values() ?? [])];
  }

  get(db: string, name: string): Collection | undefined {
    return this.databases.get(db)?.get(name);
  }

  createCollection(db: string, name: string, options: Doc, log: JournalOp[]): Collection {
    assertValidCollectionName(name);
    if (this.get(db, name)) {
      throw new MongoCommandError(
        ErrorCode.NamespaceExists,
        `Collection ${db}.${name} already exists.`,
      );
    }
    let colls = this.databases.get(db);
    if (!colls) {
      colls = new Map();
      this.databases.set(db, colls);
    }
    const coll = new Collection(db, name, options);
    colls.set(name, coll);
    log.push({ op: 'createCollection', db, coll: name, options });
    return coll;
  }

  /** Writes create their collection implicitly, as in MongoDB. */
  ensureCollection(db: string, name: string, log: JournalOp[]): Collection {
    return this.get(db, name) ?? this.createCollection(db, name, {}, log);
  }

  dropCollection(db: string, name: string, log: JournalOp[]): boolean {
    const colls = this.databases.get(db);
    if (!colls?.delete(name)) return false;
    if (colls.size === 0) this.databases.delete(db);
    log.push({ op: 'dropCollection', db, coll: name });
    return true;
  }

  dropDatabase(db: string, log: JournalOp[]): void {
    if (this.databases.delete(db)) log.push({ op: 'dropDatabase', db });
  }

  insert(coll: Collection, doc: Doc, log: JournalOp[]): void {
    coll.insert(doc);
    log.push({ op: 'put', db: coll.database, coll: coll.name, doc });
  }

  replace(coll: Collection, before: Doc, after: Doc, log: JournalOp[]): void {
    coll.replace(before, after);
    log.push({ op: 'put', db: coll.database, coll: coll.name, doc: after });
  }

  remove(coll: Collection, doc: Doc, log: JournalOp[]): void {
    coll.remove(doc);
    log.push({ op: 'delete', db: coll.database, coll: coll.name, id: doc['_id'] });
  }

  createIndex(coll: Collection, definition: IndexDefinition, log: JournalOp[]): void {
    coll.addIndex(definition);
    log.push({ op: 'createIndex', db: coll.database, coll: coll.name, definition });
  }

  dropIndex(coll: Collection, name: string, log: JournalOp[]): void {
    coll.dropIndex(name);
    log.push({ op: 'dropIndex', db: coll.database, coll: coll.name, name });
  }

  /** Re-applies a journaled change during start-up (constraints were checked when it was made). */
  replay(op: JournalOp): void {
    const ignore: JournalOp[] = [];
    switch (op.op) {
      case 'put':
        this.ensureCollection(op.db, op.coll, ignore).restore(op.doc);
        return;
      case 'delete':
        this.get(op.db, op.coll)?.removeById(op.id);
        return;
      case 'createCollection':
        if (!this.get(op.db, op.coll)) this.createCollection(op.db, op.coll, op.options, ignore);
        return;
      case 'dropCollection':
        this.dropCollection(op.db, op.coll, ignore);
        return;
      case 'dropDatabase':
        this.dropDatabase(op.db, ignore);
        return;
      case 'createIndex': {
        const coll = this.ensureCollection(op.db, op.coll, ignore);
        coll.dropIndex(op.definition.name);
        coll.addIndex(op.definition);
        return;
      }
      case 'dropIndex':
        this.get(op.db, op.coll)?.dropIndex(op.name);
        return;
    }
  }
}
