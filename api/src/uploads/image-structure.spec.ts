import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { imageFormatOf, NotAnImage, SNIFF_BYTES } from './image-formats';
import { ImageStructureCheck } from './image-structure';

const FIXTURES = join(__dirname, '../../test/fixtures/images');
/** Real images written by ImageMagick 6.9 (libpng, libjpeg, giflib, libwebp, libheif). */
const names = readdirSync(FIXTURES);
const image = (name: string) => readFileSync(join(FIXTURES, name));

/** The type the checker accepts the bytes as, fed in chunks of `chunkSize`; throws if refused. */
function accept(bytes: Buffer, chunkSize = bytes.length || 1): string {
  const format = imageFormatOf(bytes.subarray(0, SNIFF_BYTES));
  if (!format) throw new NotAnImage();
  const check = new ImageStructureCheck(format);
  for (let at = 0; at < bytes.length; at += chunkSize) {
    check.push(bytes.subarray(at, at + chunkSize));
  }
  check.finish();
  return check.type;
}

const refused = (bytes: Buffer) => expect(() => accept(bytes)).toThrow(NotAnImage);

/** The ASF header GUID that made file-type 16 loop for ever (CVE-2026-31808). */
const ASF_HEADER = Buffer.from('3026b2758e66cf11a6d900aa0062ce6c', 'hex');

describe('ImageStructureCheck', () => {
  it.each([
    ['red.png', 'image/png'],
    ['red.jpg', 'image/jpeg'],
    ['red-progressive.jpg', 'image/jpeg'],
    ['red.gif', 'image/gif'],
    ['red-lossy.webp', 'image/webp'],
    ['red-lossless.webp', 'image/webp'],
    ['red-alpha.webp', 'image/webp'],
    ['red.avif', 'image/avif'],
  ])('accepts %s as %s, whole or one byte at a time', (name, type) => {
    expect(accept(image(name))).toBe(type);
    expect(accept(image(name), 1)).toBe(type);
    expect(accept(image(name), 7)).toBe(type);
  });

  it('refuses the ASF header that hung file-type, an empty file and unknown bytes', () => {
    refused(Buffer.concat([ASF_HEADER, Buffer.alloc(184)]));
    refused(Buffer.alloc(0));
    refused(Buffer.alloc(200));
    refused(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    refused(Buffer.from('%PDF-1.7\n'));
  });

  it.each(names)('refuses %s cut short at any point', (name) => {
    const whole = image(name);
    for (let length = 0; length < whole.length; length += 1) {
      expect(() => accept(whole.subarray(0, length))).toThrow(NotAnImage);
    }
  });

  it.each(names)('refuses %s with bytes appended (an image/HTML or image/ZIP polyglot)', (name) => {
    refused(Buffer.concat([image(name), Buffer.from('<html><script>alert(1)</script></html>')]));
    refused(Buffer.concat([image(name), Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(30)]));
  });

  it('refuses a PNG whose header chunk does not match its checksum or is not first', () => {
    const png = Buffer.from(image('red.png'));
    png.writeUInt8(png.readUInt8(16) ^ 0xff, 16); // the width, under IHDR's CRC
    refused(png);
    const noHeader = Buffer.concat([
      image('red.png').subarray(0, 8),
      image('red.png').subarray(33),
    ]);
    refused(noHeader);
  });

  it('refuses a GIF/script polyglot whose blocks do not follow the format', () => {
    // The classic GIF/JavaScript polyglot: a header whose width reads as the start of a comment.
    refused(Buffer.from('GIF89a/*\x00\x00\x00\x00*/=alert(document.domain);', 'latin1'));
  });

  it('refuses a WebP whose RIFF length does not match its chunks', () => {
    const webp = Buffer.from(image('red-lossy.webp'));
    webp.writeUInt32LE(webp.readUInt32LE(4) + 100, 4);
    refused(webp);
  });

  it('refuses an ISO media file that is not AVIF', () => {
    const avif = Buffer.from(image('red.avif'));
    // Rename every brand of its ftyp box (major and compatible) to one that is not AVIF.
    for (let at = 8; at < avif.readUInt32BE(0); at += 4) avif.write('isom', at, 'latin1');
    avif.writeUInt32BE(0, 12);
    refused(avif);
  });

  it('passes over the lengths the bytes claim instead of waiting on them: a huge chunk or endless empty blocks end in a refusal', () => {
    // Chunk lengths near 2^31 are skipped, not read: the check waits for bytes that never come.
    const png = Buffer.concat([
      image('red.png').subarray(0, 33),
      Buffer.from([0x7f, 0xff, 0xff, 0xff]),
      Buffer.from('tEXt', 'latin1'),
      Buffer.alloc(64),
    ]);
    refused(png);
    // A GIF made only of empty extension blocks ends where its bytes do.
    const gif = Buffer.concat([
      image('red.gif').subarray(0, 13 + 6),
      Buffer.from('!\xf9\x00'.repeat(100_000), 'latin1'),
    ]);
    refused(gif);
  });

  it('refuses an AVIF cut inside a box header, before its 64-bit size', () => {
    const avif = image('red.avif');
    const ftyp = avif.subarray(0, avif.readUInt32BE(0));
    const largeBox = Buffer.from([0, 0, 0, 1, 0x6d, 0x64, 0x61, 0x74]); // size 1: 'mdat', 64-bit size next
    for (const cut of [0, 3, 7]) {
      refused(Buffer.concat([ftyp, largeBox, Buffer.alloc(cut)]));
    }
  });

  it('refuses a file of 500,000 empty segments as soon as it passes the bound on steps, and takes a 2 MB GIF of ordinary blocks', () => {
    const emptySegment = Buffer.from([0xff, 0xe0, 0x00, 0x02]).toString('latin1');
    const jpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8]),
      Buffer.from(emptySegment.repeat(500_000), 'latin1'),
      Buffer.from([0xff, 0xd9]),
    ]);
    // Refused once past the bound on steps, as the bytes arrive: the rest is never looked at.
    const check = new ImageStructureCheck(imageFormatOf(jpeg.subarray(0, SNIFF_BYTES))!);
    let pushed = 0;
    expect(() => {
      for (; pushed < jpeg.length; pushed += 65_536)
        check.push(jpeg.subarray(pushed, pushed + 65_536));
    }).toThrow(NotAnImage);
    expect(pushed).toBeLessThan(jpeg.length / 4);

    // One frame whose image data comes in 255-byte blocks, as encoders write it: 2 MB.
    const blocks = Math.floor((2_000_000 - 40) / 256);
    const gif = Buffer.concat([
      Buffer.from('GIF89a', 'latin1'),
      Buffer.from([1, 0, 1, 0, 0x80, 0, 0]), // 1x1, a 2-colour global table
      Buffer.alloc(6),
      Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0]), // the image descriptor
      Buffer.from([8]), // the LZW minimum code size
      Buffer.concat(
        Array.from({ length: blocks }, () =>
          Buffer.concat([Buffer.from([255]), Buffer.alloc(255)]),
        ),
      ),
      Buffer.from([0, 0x3b]),
    ]);
    expect(accept(gif, 65_536)).toBe('image/gif');
  });
});
