import { promises as fsp } from 'node:fs';
import { BSON } from 'bson';
import { decodeDocument, encodeStored } from '../bson/codec';
import type { Doc } from '../bson/types';
import type { Catalog } from '../catalog/catalog';
import type { IndexDefinition } from '../index/indexSpec';
import { writeFully } from './journal';
import { decodeStoredDocument } from './journalCodec';
import { frameRecord, RecordKind, scanRecords } from './recordFile';

const SERIALIZE = { checkKeys: false, ignoreUndefined: true };

/** The catalog's contents at one instant; documents are immutable so references suffice. */
export interface CatalogImage {
  nextJournal: number;
  collections: {
    db: string;
    name: string;
    options: Doc;
    indexes: IndexDefinition[];
    docs: Doc[];
  }[];
}

export function captureImage(catalog: Catalog, nextJournal: number): CatalogImage {
  const collections = catalog.databaseNames().flatMap((db) =>
    catalog.collections(db).map((c) => ({
      db,
      name: c.name,
      options: c.options,
      indexes: c.indexes.map((i) => i.definition),
      docs: [...c.docs.values()],
    })),
  );
  return { nextJournal, collections };
}

const WRITE_CHUNK = 4 * 1024 * 1024;
const DOCUMENTS_PER_RECORD = 1000;

/** Writes the image to `tmpPath`, fsyncs it, then renames it over `path` (atomic replace). */
export async function writeSnapshot(
  image: CatalogImage,
  path: string,
  tmpPath: string,
): Promise<void> {
  const handle = await fsp.open(tmpPath, 'w');
  try {
    let chunk: Buffer[] = [];
    let chunkSize = 0;
    const emit = async (kind: number, body: Buffer): Promise<void> => {
      const rec = frameRecord(kind, body);
      chunk.push(rec);
      chunkSize += rec.length;
      if (chunkSize >= WRITE_CHUNK) {
        await writeFully(handle, Buffer.concat(chunk, chunkSize));
        chunk = [];
        chunkSize = 0;
      }
    };
    const header = { format: 1, nextJournal: image.nextJournal, createdAt: new Date() };
    await emit(RecordKind.snapshotHeader, Buffer.from(BSON.serialize(header)));
    let documents = 0;
    for (const c of image.collections) {
      const meta = { db: c.db, name: c.name, options: c.options, indexes: c.indexes };
      await emit(RecordKind.snapshotCollection, Buffer.from(BSON.serialize(meta, SERIALIZE)));
      // Documents go in groups per record: one CRC per group instead of per document.
      let group: Buffer[] = [];
      let groupSize = 0;
      for (const d of c.docs) {
        const bytes = encodeStored(d);
        group.push(bytes);
        groupSize += bytes.length;
        if (group.length >= DOCUMENTS_PER_RECORD || groupSize >= WRITE_CHUNK) {
          await emit(RecordKind.snapshotDocuments, Buffer.concat(group, groupSize));
          group = [];
          groupSize = 0;
        }
      }
      if (group.length > 0)
        await emit(RecordKind.snapshotDocuments, Buffer.concat(group, groupSize));
      documents += c.docs.length;
    }
    await emit(RecordKind.snapshotEnd, Buffer.from(BSON.serialize({ documents })));
    if (chunkSize > 0) await writeFully(handle, Buffer.concat(chunk, chunkSize));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fsp.rename(tmpPath, path);
}

/**
 * Loads a snapshot into the catalog and returns the first journal number it does not cover.
 * Snapshots are only ever renamed into place complete, so a damaged one is a hard error
 * rather than something to skip silently.
 */
export function loadSnapshot(file: Buffer, catalog: Catalog): number {
  const { records, validLength } = scanRecords(file);
  const last = records[records.length - 1];
  if (validLength !== file.length || !last || last.kind !== RecordKind.snapshotEnd) {
    throw new Error('snapshot file is damaged (incomplete or failed checksum)');
  }
  let nextJournal = 1;
  let current: ReturnType<Catalog['get']>;
  for (const r of records) {
    switch (r.kind) {
      case RecordKind.snapshotHeader:
        nextJournal = Number(decodeDocument(r.body)['nextJournal']);
        break;
      case RecordKind.snapshotCollection: {
        const meta = decodeDocument(r.body);
        const db = meta['db'] as string;
        const name = meta['name'] as string;
        catalog.replay({ op: 'createCollection', db, coll: name, options: meta['options'] as Doc });
        for (const definition of meta['indexes'] as IndexDefinition[]) {
          catalog.replay({ op: 'createIndex', db, coll: name, definition });
        }
        current = catalog.get(db, name);
        break;
      }
      case RecordKind.snapshotDocuments:
        for (let offset = 0; offset < r.body.length;) {
          const length = r.body.readInt32LE(offset);
          current?.restore(decodeStoredDocument(r.body.subarray(offset, offset + length)));
          offset += length;
        }
        break;
    }
  }
  return nextJournal;
}
