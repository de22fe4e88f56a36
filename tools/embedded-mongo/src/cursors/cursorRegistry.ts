import { Long } from 'bson';
import type { Doc } from '../bson/types';

/** MongoDB's defaults: 101 documents or 16 MiB in a first batch, 16 MiB in later ones. */
export const DEFAULT_FIRST_BATCH = 101;
const MAX_BATCH_BYTES = 16 * 1024 * 1024;
export const DEFAULT_CURSOR_TIMEOUT_MS = 10 * 60 * 1000;

export interface CursorSource {
  ns: string;
  docs: Doc[];
  position: number;
  encode: (doc: Doc) => Buffer;
}

export interface ServerCursor extends CursorSource {
  id: bigint;
  lastUsed: number;
}

/** Takes the next batch: up to `maxDocs` documents and 16 MiB, but always at least one. */
export function takeBatch(source: CursorSource, maxDocs: number): Buffer[] {
  const out: Buffer[] = [];
  let bytes = 0;
  while (source.position < source.docs.length && out.length < maxDocs) {
    const encoded = source.encode(source.docs[source.position] as Doc);
    if (out.length > 0 && bytes + encoded.length > MAX_BATCH_BYTES) break;
    out.push(encoded);
    bytes += encoded.length;
    source.position += 1;
  }
  return out;
}

/**
 * Open cursors. Clients (mongoose included) abandon cursors without killCursors, so a cursor
 * idle for longer than the timeout is dropped; getMore on it then gets CursorNotFound.
 */
export class CursorRegistry {
  private readonly cursors = new Map<bigint, ServerCursor>();
  private nextId = BigInt(Date.now()) * 1000n;
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly timeoutMs: number) {
    const every = Math.max(10, Math.min(60_000, Math.floor(timeoutMs / 2)));
    this.sweeper = setInterval(() => this.sweep(), every);
    this.sweeper.unref();
  }

  open(source: CursorSource): Long {
    this.nextId += 1n;
    const id = this.nextId;
    this.cursors.set(id, { ...source, id, lastUsed: Date.now() });
    return Long.fromBigInt(id);
  }

  /** The live cursor for a getMore, refreshing its idle clock; undefined if gone or expired. */
  use(id: bigint): ServerCursor | undefined {
    const cursor = this.cursors.get(id);
    if (!cursor) return undefined;
    if (Date.now() - cursor.lastUsed > this.timeoutMs) {
      this.cursors.delete(id);
      return undefined;
    }
    cursor.lastUsed = Date.now();
    return cursor;
  }

  kill(id: bigint): boolean {
    return this.cursors.delete(id);
  }

  get size(): number {
    return this.cursors.size;
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, c] of this.cursors)
      if (now - c.lastUsed > this.timeoutMs) this.cursors.delete(id);
  }

  close(): void {
    clearInterval(this.sweeper);
    this.cursors.clear();
  }
}
