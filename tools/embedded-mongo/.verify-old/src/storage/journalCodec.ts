import { BSON } from 'bson';
import { decodeDocument, encodeStored, rememberEncoding } from '../bson/codec';
import { RawDocumentWriter } from '../bson/rawWriter';
import type { Doc } from '../bson/types';
import type { JournalOp } from '../catalog/journalOps';
import type { IndexDefinition } from '../index/indexSpec';

const SERIALIZE = { checkKeys: false, ignoreUndefined: true };

/** One command's ops as a BSON document `{ops: [...]}`; stored documents are spliced in as bytes. */
export function encodeBatch(ops: JournalOp[]): Buffer {
  const encoded = ops.map((op) => {
    if (op.op === 'put') {
      return new RawDocumentWriter()
        .string('op', 'put')
        .string('db', op.db)
        .string('coll', op.coll)
        .document('doc', encodeStored(op.doc))
        .finish();
    }
    return Buffer.from(BSON.serialize(op, SERIALIZE));
  });
  return new RawDocumentWriter().array('ops', encoded).finish();
}

export function decodeBatch(body: Buffer): JournalOp[] {
  const { ops } = decodeDocument(body) as { ops: Doc[] };
  return ops.map((raw) => {
    const db = raw['db'] as string;
    const coll = raw['coll'] as string;
    switch (raw['op']) {
      case 'put':
        return { op: 'put', db, coll, doc: raw['doc'] as Doc };
      case 'delete':
        return { op: 'delete', db, coll, id: raw['id'] };
      case 'createCollection':
        return { op: 'createCollection', db, coll, options: (raw['options'] ?? {}) as Doc };
      case 'dropCollection':
        return { op: 'dropCollection', db, coll };
      case 'dropDatabase':
        return { op: 'dropDatabase', db };
      case 'createIndex':
        return { op: 'createIndex', db, coll, definition: raw['definition'] as IndexDefinition };
      case 'dropIndex':
        return { op: 'dropIndex', db, coll, name: raw['name'] as string };
    }
    throw new Error(`unknown journal op ${String(raw['op'])}`);
  });
}

/** A snapshot document record is exactly the stored document's encoding. */
export function decodeStoredDocument(body: Buffer): Doc {
  const doc = decodeDocument(body);
  rememberEncoding(doc, body);
  return doc;
}
