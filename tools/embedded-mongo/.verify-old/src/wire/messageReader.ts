import { HEADER_SIZE, MAX_MESSAGE_SIZE, ProtocolError } from './constants';

/**
 * Reassembles whole wire messages from TCP chunks. Lengths are checked before buffering so a
 * hostile length prefix cannot make us allocate more than the protocol's maximum.
 */
export class MessageReader {
  private chunks: Buffer[] = [];
  private buffered = 0;

  /** Returns every complete message now available; throws ProtocolError on a bad length. */
  push(chunk: Buffer): Buffer[] {
    this.chunks.push(chunk);
    this.buffered += chunk.length;
    const out: Buffer[] = [];
    while (this.buffered >= 4) {
      const length = this.peekLength();
      if (length < HEADER_SIZE || length > MAX_MESSAGE_SIZE) {
        throw new ProtocolError(`invalid message length ${length}`);
      }
      if (this.buffered < length) break;
      out.push(this.take(length));
    }
    return out;
  }

  private peekLength(): number {
    const first = this.chunks[0] as Buffer;
    if (first.length >= 4) return first.readInt32LE(0);
    const head = Buffer.concat(this.chunks, Math.min(this.buffered, 4));
    this.chunks = [Buffer.concat(this.chunks)];
    return head.readInt32LE(0);
  }

  private take(length: number): Buffer {
    const first = this.chunks[0] as Buffer;
    let message: Buffer;
    if (first.length >= length) {
      message = first.subarray(0, length);
      if (first.length === length) this.chunks.shift();
      else this.chunks[0] = first.subarray(length);
    } else {
      const all = Buffer.concat(this.chunks, this.buffered);
      message = all.subarray(0, length);
      this.chunks = all.length > length ? [all.subarray(length)] : [];
    }
    this.buffered -= length;
    return message;
  }
}
