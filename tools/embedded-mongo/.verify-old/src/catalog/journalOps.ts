import type { Doc } from '../bson/types';
import type { IndexDefinition } from '../index/indexSpec';

/**
 * The logical changes a command made, in order. They are journaled as one record per command
 * and replayed on start-up; documents are journaled as full post-images so replay is idempotent.
 */
export type JournalOp =
  | { op: 'put'; db: string; coll: string; doc: Doc }
  | { op: 'delete'; db: string; coll: string; id: unknown }
  | { op: 'createCollection'; db: string; coll: string; options: Doc }
  | { op: 'dropCollection'; db: string; coll: string }
  | { op: 'dropDatabase'; db: string }
  | { op: 'createIndex'; db: string; coll: string; definition: IndexDefinition }
  | { op: 'dropIndex'; db: string; coll: string; name: string };
