import { connect, type Socket } from 'node:net';
import { BSON } from 'bson';

/** A bare TCP client for speaking (and abusing) the wire protocol directly. */
export class RawClient {
  private buffered = Buffer.alloc(0);
  private waiting: ((b: Buffer) => void) | undefined;
  closed: Promise<void>;

  private constructor(readonly socket: Socket) {
    socket.on('data', (d: Buffer) => {
      this.buffered = Buffer.concat([this.buffered, d]);
      this.deliver();
    });
    this.closed = new Promise((r) => socket.once('close', () => r()));
    socket.on('error', () => {});
  }

  static open(port: number): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const s = connect(port, '127.0.0.1', () => resolve(new RawClient(s)));
      s.once('error', reject);
    });
  }

  private deliver(): void {
    if (!this.waiting || this.buffered.length < 4) return;
    const len = this.buffered.readInt32LE(0);
    if (this.buffered.length < len) return;
    const msg = this.buffered.subarray(0, len);
    this.buffered = this.buffered.subarray(len);
    const w = this.waiting;
    this.waiting = undefined;
    w(msg);
  }

  /** Resolves with the next whole message, or undefined if none arrives within `ms`. */
  next(ms = 2000): Promise<Buffer | undefined> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = undefined;
        resolve(undefined);
      }, ms);
      this.waiting = (b) => {
        clearTimeout(timer);
        resolve(b);
      };
      this.deliver();
    });
  }

  send(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  close(): void {
    this.socket.destroy();
  }
}

export function header(length: number, requestId: number, opCode: number): Buffer {
  const h = Buffer.alloc(16);
  h.writeInt32LE(length, 0);
  h.writeInt32LE(requestId, 4);
  h.writeInt32LE(0, 8);
  h.writeInt32LE(opCode, 12);
  return h;
}

export interface MsgSection {
  kind: 0 | 1;
  doc?: object;
  identifier?: string;
  docs?: object[];
}

export function opMsg(
  requestId: number,
  flags: number,
  sections: MsgSection[],
  trailer?: Buffer,
): Buffer {
  const parts: Buffer[] = [];
  for (const s of sections) {
    if (s.kind === 0) {
      parts.push(Buffer.from([0]), Buffer.from(BSON.serialize(s.doc ?? {})));
    } else {
      const docs = (s.docs ?? []).map((d) => Buffer.from(BSON.serialize(d)));
      const id = Buffer.from(`${s.identifier}\0`);
      const size = Buffer.alloc(4);
      size.writeInt32LE(4 + id.length + docs.reduce((n, d) => n + d.length, 0));
      parts.push(Buffer.from([1]), size, id, ...docs);
    }
  }
  const flagBuf = Buffer.alloc(4);
  flagBuf.writeUInt32LE(flags >>> 0);
  const body = Buffer.concat([flagBuf, ...parts, ...(trailer ? [trailer] : [])]);
  return Buffer.concat([header(16 + body.length, requestId, 2013), body]);
}

export function opMsgReply(msg: Buffer): Record<string, unknown> {
  expect(msg.readInt32LE(12)).toBe(2013);
  expect(msg[20]).toBe(0);
  return BSON.deserialize(msg.subarray(21)) as Record<string, unknown>;
}
