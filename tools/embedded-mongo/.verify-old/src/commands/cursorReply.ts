import { encodeDocument, encodeStored } from '../bson/codec';
import { RawDocumentWriter } from '../bson/rawWriter';
import type { Doc } from '../bson/types';
import type { CursorSource } from '../cursors/cursorRegistry';
import { DEFAULT_FIRST_BATCH, takeBatch } from '../cursors/cursorRegistry';
import type { CommandContext } from './context';
import { EncodedReply } from './context';

/** `{cursor: {firstBatch|nextBatch, id, ns}, ok: 1}` with batch documents spliced in as bytes. */
export function encodeCursorReply(
  batchName: 'firstBatch' | 'nextBatch',
  batch: Buffer[],
  id: bigint,
  ns: string,
): EncodedReply {
  const cursor = new RawDocumentWriter()
    .array(batchName, batch)
    .int64('id', id)
    .string('ns', ns)
    .finish();
  return new EncodedReply(
    new RawDocumentWriter().document('cursor', cursor).double('ok', 1).finish(),
  );
}

export interface FirstBatchOptions {
  batchSize?: number;
  singleBatch?: boolean;
}

/** Answers with the first batch and keeps a server cursor only if documents remain. */
export function openCursor(
  ctx: CommandContext,
  source: CursorSource,
  options: FirstBatchOptions,
): EncodedReply {
  const batch = takeBatch(source, options.batchSize ?? DEFAULT_FIRST_BATCH);
  const exhausted = source.position >= source.docs.length;
  let id = 0n;
  if (!exhausted && !options.singleBatch) id = ctx.cursors.open(source).toBigInt();
  return encodeCursorReply('firstBatch', batch, id, source.ns);
}

/** Cursor over stored documents: their cached encodings go straight into the reply. */
export function storedSource(ns: string, docs: Doc[]): CursorSource {
  return { ns, docs, position: 0, encode: encodeStored };
}

/** Cursor over documents computed for this request (projections, aggregation results). */
export function computedSource(ns: string, docs: Doc[]): CursorSource {
  return { ns, docs, position: 0, encode: encodeDocument };
}
