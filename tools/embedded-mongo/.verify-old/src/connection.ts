import type { Socket } from 'node:net';
import { encodeDocument } from './bson/codec';
import type { Doc } from './bson/types';
import type { JournalOp } from './catalog/journalOps';
import type { CommandContext } from './commands/context';
import { EncodedReply } from './commands/context';
import { runCommand } from './commands/registry';
import { ErrorCode, MongoCommandError } from './errors';
import type { ServerCore } from './serverCore';
import { OpCode, ProtocolError } from './wire/constants';
import { MessageReader } from './wire/messageReader';
import { encodeOpMsg, parseOpMsg } from './wire/opMsg';
import { encodeOpReply, parseOpQuery } from './wire/opQuery';

/**
 * One client socket. Messages are executed synchronously as they arrive (which is what makes
 * every command atomic); replies to writes wait for the journal and leave in request order.
 */
export class Connection {
  private readonly reader = new MessageReader();
  private tail: Promise<void> | undefined;

  constructor(
    private readonly socket: Socket,
    private readonly core: ServerCore,
    readonly id: number,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.onData(chunk));
    socket.on('error', (err) => core.logger.info(`connection ${id}: ${err.message}`));
  }

  private onData(chunk: Buffer): void {
    try {
      for (const message of this.reader.push(chunk)) this.handle(message);
    } catch (err) {
      const reason =
        err instanceof ProtocolError ? err.message : `internal error: ${(err as Error).stack}`;
      this.core.logger.warn(
        `closing connection ${this.id} from ${this.socket.remoteAddress ?? '?'}: ${reason}`,
      );
      this.socket.destroy();
    }
  }

  private handle(message: Buffer): void {
    const opCode = message.readInt32LE(12);
    if (opCode === OpCode.OP_MSG) {
      const req = parseOpMsg(message);
      const db = typeof req.command['$db'] === 'string' ? req.command['$db'] : 'admin';
      const result = this.execute(db, req.command);
      if (!req.moreToCome) this.send(result, (body) => encodeOpMsg(req.requestId, body));
      return;
    }
    if (opCode === OpCode.OP_QUERY) {
      const req = parseOpQuery(message);
      if (req.database === undefined) {
        const failure = encodeDocument({
          $err: 'OP_QUERY is only supported for commands',
          code: 352,
        });
        this.send(failure, (body) => encodeOpReply(req.requestId, body, true));
        return;
      }
      const result = this.execute(req.database, req.command);
      this.send(result, (body) => encodeOpReply(req.requestId, body));
      return;
    }
    throw new ProtocolError(`unsupported opcode ${opCode}`);
  }

  /** Runs one command; the reply is ready now, or once the journal has its changes on disk. */
  private execute(db: string, command: Doc): Buffer | Promise<Buffer> {
    const log: JournalOp[] = [];
    const ctx: CommandContext = {
      db,
      catalog: this.core.catalog,
      cursors: this.core.cursors,
      log,
      connectionId: this.id,
      server: this.core.info,
    };
    let reply: Buffer;
    try {
      const result = runCommand(command, ctx);
      reply = result instanceof EncodedReply ? result.bytes : encodeDocument(result);
    } catch (err) {
      reply = encodeDocument(this.errorReply(err, command));
    }
    // A failed command may still have changed data (e.g. the implicit collection create).
    if (log.length === 0 || !this.core.store) return reply;
    return this.core.store.commit(log).then(
      () => reply,
      (err: Error) => {
        this.core.logger.error(`journal write failed: ${err.message}`);
        return encodeDocument(
          new MongoCommandError(
            ErrorCode.InternalError,
            `journal write failed: ${err.message}`,
          ).toReply(),
        );
      },
    );
  }

  private errorReply(err: unknown, command: Doc): Doc {
    if (err instanceof MongoCommandError) return err.toReply();
    const name = Object.keys(command)[0] ?? '?';
    this.core.logger.error(
      `command ${name} failed unexpectedly: ${(err as Error).stack ?? String(err)}`,
    );
    return new MongoCommandError(
      ErrorCode.InternalError,
      `internal error in ${name}: ${(err as Error).message}`,
    ).toReply();
  }

  private send(reply: Buffer | Promise<Buffer>, frame: (body: Buffer) => Buffer): void {
    if (!this.tail && Buffer.isBuffer(reply)) {
      this.write(frame(reply));
      return;
    }
    const previous = this.tail ?? Promise.resolve();
    const next = previous.then(() => reply).then((body) => this.write(frame(body)));
    this.tail = next;
    void next.finally(() => {
      if (this.tail === next) this.tail = undefined;
    });
  }

  private write(bytes: Buffer): void {
    if (!this.socket.destroyed) this.socket.write(bytes);
  }

  close(): void {
    this.socket.destroy();
  }
}
