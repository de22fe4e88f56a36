import { crc32 } from 'node:zlib';
import type { UploadImageType } from '@coldmail/contracts';

/**
 * The accepted image types: each one's signature and its walker, a generator that yields how many
 * bytes it needs next (`read`) or passes over (`skip`); ImageStructureCheck (image-structure.ts)
 * runs it over an upload's bytes.
 */

export class NotAnImage extends Error {}

/** Bytes enough to tell the type: the longest signature below reads 32. */
export const SNIFF_BYTES = 32;

/** `rest`: the bytes after this point are the image's data, to the end of the file. */
export type Step = { read: number } | { skip: number } | { end: true; rest?: boolean };
export type Walker = Generator<Step, void, Buffer>;

export interface ImageFormat {
  type: UploadImageType;
  extension: string;
  matches(head: Buffer): boolean;
  walk(): Walker;
}

const ascii = (buffer: Buffer, start: number, end: number) => buffer.toString('latin1', start, end);

export function fail(): never {
  throw new NotAnImage();
}

// --- PNG: signature, then chunks (length, type, data, CRC) up to IEND, IHDR first --------------

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function* walkPng(): Walker {
  yield { skip: 8 };
  let first = true;
  for (;;) {
    const header = yield { read: 8 };
    const length = header.readUInt32BE(0);
    const type = ascii(header, 4, 8);
    if (!/^[A-Za-z]{4}$/.test(type) || length > 0x7fffffff) fail();
    if (first) {
      if (type !== 'IHDR' || length !== 13) fail();
      const data = yield { read: 13 };
      const crc = (yield { read: 4 }).readUInt32BE(0);
      if (crc !== crc32(Buffer.concat([header.subarray(4, 8), data]))) fail();
      if (data.readUInt32BE(0) === 0 || data.readUInt32BE(4) === 0) fail();
      first = false;
      continue;
    }
    yield { skip: length + 4 };
    if (type === 'IEND') {
      if (length !== 0) fail();
      yield { end: true };
      return;
    }
  }
}

// --- JPEG: SOI, then marker segments up to the scan, entropy-coded data, EOI at the very end ---

function* walkJpeg(): Walker {
  yield { skip: 2 };
  // Segments before the first scan: each is FF, a marker, and a length that counts itself.
  for (;;) {
    const marker = yield { read: 2 };
    if (marker.readUInt8(0) !== 0xff) fail();
    const code = marker.readUInt8(1);
    if (code === 0xff) fail();
    if (code === 0xd8 || code === 0xd9 || (code >= 0xd0 && code <= 0xd7) || code === 0x01) fail();
    const length = (yield { read: 2 }).readUInt16BE(0);
    if (length < 2) fail();
    yield { skip: length - 2 };
    if (code === 0xda) break;
  }
  // The scans, tables and the end are checked by the stream's last bytes: EOI, nothing after it.
  yield { end: true };
}

export function jpegEndsWell(tail: Buffer): boolean {
  return tail.length === 2 && tail.readUInt16BE(0) === 0xffd9;
}

// --- GIF: header, logical screen, colour table, then extension and image blocks up to `;` -----

function* subBlocks(): Walker {
  for (;;) {
    const size = (yield { read: 1 }).readUInt8(0);
    if (size === 0) return;
    yield { skip: size };
  }
}

function* walkGif(): Walker {
  const screen = yield { read: 13 };
  if (screen.readUInt16LE(6) === 0 || screen.readUInt16LE(8) === 0) fail();
  const flags = screen.readUInt8(10);
  if (flags & 0x80) yield { skip: 3 * 2 ** ((flags & 0x07) + 1) };
  let images = 0;
  for (;;) {
    const introducer = (yield { read: 1 }).readUInt8(0);
    if (introducer === 0x3b) {
      if (images === 0) fail();
      yield { end: true };
      return;
    }
    if (introducer === 0x21) {
      yield { read: 1 };
      yield* subBlocks();
    } else if (introducer === 0x2c) {
      const descriptor = yield { read: 9 };
      const localFlags = descriptor.readUInt8(8);
      if (localFlags & 0x80) yield { skip: 3 * 2 ** ((localFlags & 0x07) + 1) };
      const minimumCodeSize = (yield { read: 1 }).readUInt8(0);
      if (minimumCodeSize < 2 || minimumCodeSize > 12) fail();
      yield* subBlocks();
      images += 1;
    } else {
      fail();
    }
  }
}

// --- WebP: a RIFF file whose length field is the whole file, chunks tiling it ---------------------

function* walkWebp(): Walker {
  const header = yield { read: 12 };
  let remaining = header.readUInt32LE(4) - 4;
  if (remaining < 8) fail();
  let first = true;
  while (remaining > 0) {
    if (remaining < 8) fail();
    const chunk = yield { read: 8 };
    const type = ascii(chunk, 0, 4);
    if (first && type !== 'VP8 ' && type !== 'VP8L' && type !== 'VP8X') fail();
    first = false;
    const size = chunk.readUInt32LE(4);
    const padded = size + (size % 2);
    if (padded > remaining - 8) fail();
    yield { skip: padded };
    remaining -= 8 + padded;
  }
  yield { end: true };
}

// --- AVIF: ISO base media boxes tiling the file, `ftyp` first naming an AVIF brand -------------

const AVIF_BRANDS = new Set(['avif', 'avis']);

function* walkAvif(): Walker {
  let first = true;
  // An image's item descriptions (`meta`) and its coded data (`mdat`): a file cut short between
  // boxes still tiles, but lacks one of them.
  const seen = new Set<string>();
  for (;;) {
    const box = yield { read: 8 };
    if (box.length === 0) {
      // The stream ended exactly at a box boundary: the boxes tiled the file.
      if (!seen.has('meta') || !seen.has('mdat')) fail();
      yield { end: true };
      return;
    }
    let size = box.readUInt32BE(0);
    const type = ascii(box, 4, 8);
    seen.add(type);
    let headerSize = 8;
    if (size === 1) {
      const largeSize = yield { read: 8 };
      // The stream ended before the 64-bit size it announced.
      if (largeSize.length < 8) fail();
      const large = largeSize.readBigUInt64BE(0);
      if (large > BigInt(Number.MAX_SAFE_INTEGER)) fail();
      size = Number(large);
      headerSize = 16;
    }
    // A size of 0 ("to the end of the file") is allowed only for media data, never first.
    if (size === 0) {
      if (first || type !== 'mdat' || !seen.has('meta')) fail();
      yield { end: true, rest: true };
      return;
    }
    if (size < headerSize) fail();
    if (first) {
      if (type !== 'ftyp' || size < 16 || size > 256) fail();
      const brands = yield { read: size - headerSize };
      const named = [ascii(brands, 0, 4)];
      for (let at = 8; at + 4 <= brands.length; at += 4) named.push(ascii(brands, at, at + 4));
      if (!named.some((brand) => AVIF_BRANDS.has(brand))) fail();
      first = false;
      continue;
    }
    yield { skip: size - headerSize };
  }
}

const FORMATS: readonly ImageFormat[] = [
  {
    type: 'image/png',
    extension: 'png',
    matches: (head) => head.subarray(0, 8).equals(PNG_SIGNATURE),
    walk: walkPng,
  },
  {
    type: 'image/jpeg',
    extension: 'jpg',
    matches: (head) => head.length >= 3 && head.readUIntBE(0, 3) === 0xffd8ff,
    walk: walkJpeg,
  },
  {
    type: 'image/gif',
    extension: 'gif',
    matches: (head) => ['GIF87a', 'GIF89a'].includes(ascii(head, 0, 6)),
    walk: walkGif,
  },
  {
    type: 'image/webp',
    extension: 'webp',
    matches: (head) => ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP',
    walk: walkWebp,
  },
  {
    type: 'image/avif',
    extension: 'avif',
    matches: (head) => ascii(head, 4, 8) === 'ftyp' && head.length >= 12,
    walk: walkAvif,
  },
];

/** The accepted type whose signature the first bytes carry, or undefined. */
export function imageFormatOf(head: Buffer): ImageFormat | undefined {
  return FORMATS.find((format) => format.matches(head));
}
