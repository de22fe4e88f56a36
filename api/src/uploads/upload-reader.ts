import type { Readable } from 'node:stream';
import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import { UPLOAD_TOO_LARGE_MESSAGE } from '@coldmail/contracts';

/**
 * Told when the request ended before the whole image arrived (a dropped connection) or was not
 * valid multipart, which a browser only sends cut off.
 */
export const UPLOAD_INCOMPLETE_MESSAGE = 'The upload was incomplete. Please try again.';

/** The multipart file part: busboy sets `truncated` once the size limit cut it short. */
export type IncomingFile = Readable & { truncated?: boolean };

/**
 * The uploaded file as it arrives, up to the size limit. `head` gathers the first bytes (to tell
 * the type) and keeps them for `bytes`, which yields them first. Past the size limit busboy drops
 * the rest of the file, which is still read to its end so that the 413 reaches the client; a body
 * that ends or breaks off before the image does is the client's error, not the server's.
 */
export class UploadReader {
  private readonly iterator: AsyncIterator<Buffer>;
  private held: Buffer[] = [];

  constructor(private readonly file: IncomingFile) {
    this.iterator = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  }

  /** Up to `size` first bytes (fewer when the file is shorter). */
  async head(size: number): Promise<Buffer> {
    let length = 0;
    while (length < size) {
      const next = await this.next();
      if (next.done) break;
      this.held.push(next.value);
      length += next.value.length;
    }
    return Buffer.concat(this.held).subarray(0, size);
  }

  async *bytes(): AsyncGenerator<Buffer> {
    const held = this.held;
    this.held = [];
    for (const chunk of held) if (!this.file.truncated) yield chunk;
    for (;;) {
      const next = await this.next();
      if (next.done) break;
      if (!this.file.truncated) yield next.value;
    }
    if (this.file.truncated) throw new PayloadTooLargeException(UPLOAD_TOO_LARGE_MESSAGE);
  }

  /**
   * Reads what is left of a refused file, so that the answer reaches the client. (The iterator
   * reads on 'readable' events, and while it listens `resume()` would do nothing.)
   */
  async drain(): Promise<void> {
    this.held = [];
    for (;;) {
      const next = await this.iterator.next().catch(() => ({ done: true, value: undefined }));
      if (next.done) return;
    }
  }

  private async next(): Promise<IteratorResult<Buffer>> {
    try {
      return await this.iterator.next();
    } catch (error) {
      if (this.file.truncated) throw new PayloadTooLargeException(UPLOAD_TOO_LARGE_MESSAGE);
      throw new BadRequestException(UPLOAD_INCOMPLETE_MESSAGE, { cause: error });
    }
  }
}
