import type { UploadImageType } from '@coldmail/contracts';
import {
  fail,
  jpegEndsWell,
  NotAnImage,
  type ImageFormat,
  type Step,
  type Walker,
} from './image-formats';

/**
 * Recognises the accepted image types from their bytes and checks, as the bytes stream past,
 * that the upload is one whole image of that type and nothing else: its header is well formed,
 * its chunks, boxes or blocks follow each other as the format says, and nothing is appended after
 * its end (how image/HTML, image/ZIP and image/script polyglots are built).
 *
 * Written here rather than with a file-type library because we accept five types only and must
 * guarantee that no sequence of bytes costs more than one pass over them: every step of a walker
 * (image-formats.ts) reads a fixed-size header or skips a length it was given, so the work is
 * linear in the upload's size and bounded memory (a 16-byte carry), whatever the bytes say.
 * (`file-type` 16 looped for ever on a 200-byte ASF header: CVE-2026-31808.)
 *
 * Each format is a walker: a generator that yields how many bytes it needs next (`read`) or how
 * many it passes over (`skip`), and throws `NotAnImage` when the bytes break the format.
 */

/**
 * The most steps (a header read, a length skipped) one file may take: about 20,000 chunks,
 * segments, boxes or blocks. A real 2 MB GIF, whose data comes in 255-byte blocks, takes about
 * 17,000; a file made of empty JPEG segments would take 1.5 million, each costing its own
 * bookkeeping (250-300 ms of CPU for 2 MB against 0.15 ms for a real photo).
 */
const MAX_STEPS = 60_000;

/**
 * Checks a stream of bytes against one format as they arrive: `push` each chunk, then `finish`.
 * Both throw `NotAnImage` as soon as the bytes break the format.
 */
export class ImageStructureCheck {
  readonly type: UploadImageType;
  readonly extension: string;
  private readonly walker: Walker;
  private step: IteratorResult<Step, void>;
  /** Bytes still to pass over for the current `skip`. */
  private skipping = 0;
  /** Bytes gathered for the current `read` (at most its size, which is small). */
  private gathered: Buffer[] = [];
  private gatheredLength = 0;
  private ended = false;
  /** The last two bytes seen, for formats whose end is a marker (JPEG's EOI). */
  private tail = Buffer.alloc(0);
  /** AVIF's `mdat` of size 0 runs to the end of the file. */
  private restIsData = false;
  private steps = 0;

  constructor(format: ImageFormat) {
    this.type = format.type;
    this.extension = format.extension;
    this.walker = format.walk();
    this.step = this.walker.next();
    this.settle();
  }

  push(chunk: Buffer): void {
    if (chunk.length === 0) return;
    this.tail = Buffer.concat([this.tail, chunk.subarray(-2)]).subarray(-2);
    let at = 0;
    while (at < chunk.length) {
      if (this.restIsData) return;
      // Past the format's end: the JPEG scan data runs to EOI; anything after other ends is
      // appended bytes.
      if (this.ended) {
        if (this.type === 'image/jpeg') return;
        fail();
      }
      if (this.skipping > 0) {
        const passed = Math.min(this.skipping, chunk.length - at);
        this.skipping -= passed;
        at += passed;
        if (this.skipping === 0) this.advance(Buffer.alloc(0));
        continue;
      }
      const step = this.current();
      if (!step || !('read' in step)) fail();
      const taken = Math.min(step.read - this.gatheredLength, chunk.length - at);
      this.gathered.push(chunk.subarray(at, at + taken));
      this.gatheredLength += taken;
      at += taken;
      if (this.gatheredLength === step.read) {
        const bytes = Buffer.concat(this.gathered);
        this.gathered = [];
        this.gatheredLength = 0;
        this.advance(bytes);
      }
    }
  }

  /** The stream has ended: it must have ended where the format does. */
  finish(): void {
    if (this.restIsData) return;
    const step = this.current();
    // AVIF's boxes may simply run out at a box boundary: its walker asks for the next header and
    // is told there is none.
    if (!this.ended && step && 'read' in step && this.gatheredLength === 0 && this.skipping === 0) {
      if (this.type === 'image/avif') this.advance(Buffer.alloc(0));
    }
    if (!this.ended || this.skipping > 0) fail();
    if (this.type === 'image/jpeg' && !jpegEndsWell(this.tail)) fail();
  }

  private current(): Step | undefined {
    return this.step.done ? undefined : this.step.value;
  }

  private advance(bytes: Buffer): void {
    if (++this.steps > MAX_STEPS) fail();
    try {
      this.step = this.walker.next(bytes);
    } catch (error) {
      // Whatever the bytes made a walker trip on, they are not an image of its type.
      if (error instanceof NotAnImage) throw error;
      throw new NotAnImage();
    }
    this.settle();
  }

  /** Applies the step the walker asked for: a skip is counted down, an end is recorded. */
  private settle(): void {
    const step = this.current();
    if (!step) return;
    if ('skip' in step) {
      if (step.skip === 0) return this.advance(Buffer.alloc(0));
      this.skipping = step.skip;
    } else if ('end' in step) {
      this.ended = true;
      if (step.rest) this.restIsData = true;
    } else if (step.read === 0) {
      this.advance(Buffer.alloc(0));
    }
  }
}
