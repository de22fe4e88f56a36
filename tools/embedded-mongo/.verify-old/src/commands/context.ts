import type { Doc } from '../bson/types';
import type { Catalog } from '../catalog/catalog';
import type { JournalOp } from '../catalog/journalOps';
import type { CursorRegistry } from '../cursors/cursorRegistry';

/** What a command handler may touch. Mutations append to `log`; the server journals it. */
export interface CommandContext {
  db: string;
  catalog: Catalog;
  cursors: CursorRegistry;
  log: JournalOp[];
  connectionId: number;
  server: ServerInfo;
}

export interface ServerInfo {
  startedAt: Date;
  inMemory: boolean;
  processId: string;
}

/** An already-encoded reply document (used where stored documents are spliced in as bytes). */
export class EncodedReply {
  constructor(readonly bytes: Buffer) {}
}

export type CommandReply = Doc | EncodedReply;
export type CommandHandler = (cmd: Doc, ctx: CommandContext) => CommandReply;
