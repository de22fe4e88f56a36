import {
  contract,
  MAX_UPLOAD_BYTES,
  UPLOAD_NOT_IMAGE_MESSAGE,
  UPLOAD_QUOTA_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
  type UploadResponse,
} from '@coldmail/contracts';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { mongo } from 'mongoose';
import {
  call,
  callEndpoint,
  type Persona,
  signUp,
  startTestApi,
  type TestApi,
} from './support/test-api';

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A PNG chunk: length, type, data and the checksum of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/** A valid PNG of exactly `size` bytes (a text chunk pads it), so only its size can matter. */
function pngOfSize(size: number): Buffer {
  const IEND_LENGTH = 12;
  const padding = size - PNG.length - 12;
  const comment = Buffer.concat([
    Buffer.from('Comment\0', 'latin1'),
    Buffer.alloc(padding - 8, 'x'),
  ]);
  return Buffer.concat([
    PNG.subarray(0, PNG.length - IEND_LENGTH),
    pngChunk('tEXt', comment),
    PNG.subarray(PNG.length - IEND_LENGTH),
  ]);
}

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures/images', name));
/** The ASF header GUID that made file-type 16 loop for ever (CVE-2026-31808). */
const ASF_HEADER = Buffer.from('3026b2758e66cf11a6d900aa0062ce6c', 'hex');

function form(content: Buffer, filename: string, type: string, field = 'image'): FormData {
  const body = new FormData();
  body.append(field, new Blob([new Uint8Array(content)], { type }), filename);
  return body;
}

const BOUNDARY = 'zzz';
const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;
/** The image part's headers, as a browser sends them before the file's bytes. */
const IMAGE_PART_HEAD = Buffer.from(
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="photo.png"\r\n` +
    'Content-Type: image/png\r\n\r\n',
);

/** Told when the body ended (a dropped connection) before the whole image arrived. */
const UPLOAD_INCOMPLETE_MESSAGE = 'The upload was incomplete. Please try again.';

let api: TestApi;
let user: Persona;

beforeAll(async () => {
  api = await startTestApi();
  user = await signUp(api, 'uploader');
});

afterAll(async () => {
  await api?.close();
});

const upload = (body: FormData, token: string | undefined = user.token) =>
  callEndpoint(api, contract.uploads.upload, { token, body });

/** A multipart body that stops after `bytes`, with no closing boundary: an upload cut off. */
const cutOffUpload = (bytes: Buffer) =>
  call<UploadResponse & { message?: string }>(api, 'POST', '/image-server/upload', {
    token: user.token,
    headers: { 'content-type': MULTIPART_TYPE },
    body: new Uint8Array(bytes),
  });

/** How many GridFS documents the images bucket holds: its file entries and their chunks. */
const stored = async () => ({
  files: await api.db.collection('images.files').countDocuments(),
  chunks: await api.db.collection('images.chunks').countDocuments(),
});

describe('POST /image-server/upload', () => {
  it('needs sign-in', async () => {
    expect((await upload(form(PNG, 'a.png', 'image/png'), '')).status).toBe(401);
  });

  it('stores a PNG and serves it back with its type and long-lived caching', async () => {
    const response = await upload(form(PNG, 'avatar.png', 'image/png'));
    expect(response.status).toBe(201);
    const url = response.body.file.url;
    expect(url).toMatch(new RegExp(`^${api.url}/image-server/files/[0-9a-f]{24}$`));

    // Served to anyone (an <img> sends no token), on any origin.
    const image = await fetch(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('judges the type by content, not by the name or the declared type', async () => {
    const response = await upload(form(PNG, 'notes.txt', 'text/plain'));
    expect(response.status).toBe(201);
    const image = await fetch(response.body.file.url);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('rejects a text file named like an image', async () => {
    const response = await upload(form(Buffer.from('hello, not an image'), 'x.png', 'image/png'));
    expect(response.status).toBe(400);
    expect(response.error?.message).toBe(UPLOAD_NOT_IMAGE_MESSAGE);
  });

  it('rejects other file types such as an SVG (scriptable) or a PDF', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>');
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
    for (const [content, name] of [
      [svg, 'x.svg'],
      [pdf, 'x.png'],
    ] as const) {
      const response = await upload(form(content, name, 'image/png'));
      expect(response.status).toBe(400);
      expect(response.error?.message).toBe(UPLOAD_NOT_IMAGE_MESSAGE);
    }
  });

  it.each([
    ['red.jpg', 'image/jpeg'],
    ['red.gif', 'image/gif'],
    ['red-lossy.webp', 'image/webp'],
    ['red.avif', 'image/avif'],
  ])('stores %s as %s', async (name, type) => {
    const response = await upload(form(fixture(name), name, 'application/octet-stream'));
    expect(response.status).toBe(201);
    const image = await fetch(response.body.file.url);
    expect(image.headers.get('content-type')).toBe(type);
    expect(Buffer.from(await image.arrayBuffer()).equals(fixture(name))).toBe(true);
  });

  it('refuses the 200-byte ASF file that hung file-type, and empty, truncated and polyglot files, keeping none of them', async () => {
    const before = await stored();
    const refused = {
      asf: Buffer.concat([ASF_HEADER, Buffer.alloc(184)]),
      empty: Buffer.alloc(0),
      truncatedPng: PNG.subarray(0, PNG.length - 5),
      truncatedJpeg: fixture('red.jpg').subarray(0, 200),
      pngWithHtml: Buffer.concat([PNG, Buffer.from('<html><script>alert(1)</script></html>')]),
      gifWithScript: Buffer.from('GIF89a/*\x00\x00\x00\x00*/=alert(document.domain);', 'latin1'),
    };
    for (const [name, content] of Object.entries(refused)) {
      const response = await upload(form(content, `${name}.png`, 'image/png'));
      expect([name, response.status, response.error?.message]).toEqual([
        name,
        400,
        UPLOAD_NOT_IMAGE_MESSAGE,
      ]);
    }
    expect(await stored()).toEqual(before);
    expect((await callEndpoint(api, contract.health.live, {})).status).toBe(200);
  });

  it('accepts an image of exactly 2 MB', async () => {
    const response = await upload(form(pngOfSize(MAX_UPLOAD_BYTES), 'big.png', 'image/png'));
    expect(response.status).toBe(201);
  });

  it('rejects an image over 2 MB with 413 and the spec message, keeping none of it', async () => {
    const before = await stored();
    const response = await upload(form(pngOfSize(MAX_UPLOAD_BYTES + 1), 'big.png', 'image/png'));
    expect(response.status).toBe(413);
    expect(response.error?.message).toBe(UPLOAD_TOO_LARGE_MESSAGE);
    expect(await stored()).toEqual(before);
  });

  it('answers 400 to an upload cut off before its end, keeping none of it', async () => {
    const before = await stored();
    // About 1 MB of the image arrives, enough for GridFS to have written chunks of it.
    const response = await cutOffUpload(Buffer.concat([IMAGE_PART_HEAD, pngOfSize(1024 * 1024)]));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(UPLOAD_INCOMPLETE_MESSAGE);
    expect(await stored()).toEqual(before);
  });

  it('answers 400 to a body cut off inside the part headers', async () => {
    const response = await cutOffUpload(IMAGE_PART_HEAD.subarray(0, 30));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(UPLOAD_INCOMPLETE_MESSAGE);
  });

  it('answers 413 to an image over 2 MB that is also cut off, keeping none of it', async () => {
    const before = await stored();
    const oversized = pngOfSize(MAX_UPLOAD_BYTES + 8 * 1024);
    const response = await cutOffUpload(Buffer.concat([IMAGE_PART_HEAD, oversized]));
    expect(response.status).toBe(413);
    expect(response.body.message).toBe(UPLOAD_TOO_LARGE_MESSAGE);
    expect(await stored()).toEqual(before);
  });

  it('rejects a much larger body before reading it', async () => {
    const response = await upload(form(pngOfSize(8 * 1024 * 1024), 'huge.png', 'image/png'));
    expect(response.status).toBe(413);
    expect(response.error?.message).toBe(UPLOAD_TOO_LARGE_MESSAGE);
  });

  it('needs the file in the field named image, as multipart', async () => {
    const wrongField = await upload(form(PNG, 'a.png', 'image/png', 'photo'));
    expect(wrongField.status).toBe(400);
    const json = await call(api, 'POST', '/image-server/upload', {
      token: user.token,
      json: { image: PNG.toString('base64') },
    });
    expect(json.status).toBe(400);
  });
});

describe('an upload whose body stops arriving', () => {
  let impatient: TestApi;

  beforeAll(async () => {
    impatient = await startTestApi({ REQUEST_TIMEOUT_SECONDS: '1' });
  });
  afterAll(() => impatient.close());

  // Without a request timeout the server waits for the rest of the body for ever, holding the
  // connection and the handler; jest's own timeout then fails this test.
  it('is answered 408 and its connection closed once the request timeout has passed', async () => {
    const stalled = await signUp(impatient, 'stalled');
    const { hostname, port } = new URL(impatient.url);
    const socket = connect(Number(port), hostname);
    const closed = new Promise<string>((resolve) => {
      let received = '';
      socket.on('data', (data: Buffer) => (received += data.toString()));
      // A reset after the answer is the server closing too: 'close' follows and settles this.
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(received));
    });
    const firstBytes = Buffer.concat([IMAGE_PART_HEAD, PNG]);
    socket.write(
      `POST /image-server/upload HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
        `Authorization: Bearer ${stalled.token}\r\nContent-Type: ${MULTIPART_TYPE}\r\n` +
        `Content-Length: ${firstBytes.length + 1024 * 1024}\r\n\r\n`,
    );
    // The image's first bytes and then nothing, the connection left open.
    socket.write(firstBytes);
    expect(await closed).toMatch(/^HTTP\/1\.1 408 /);
  });
});

describe('GET /image-server/files/:id', () => {
  it('answers 400 for a malformed id and 404 for an unknown one', async () => {
    const malformed = await call(api, 'GET', '/image-server/files/not-an-id');
    expect(malformed.status).toBe(400);
    const unknown = await call(
      api,
      'GET',
      `/image-server/files/${new mongo.ObjectId().toHexString()}`,
    );
    expect(unknown.status).toBe(404);
  });
});

// Issue 9, item 7: a quota per user, and a way to delete one's own images.
describe('each user’s images: quota, list and delete', () => {
  let limited: TestApi;
  let owner: Persona;
  let stranger: Persona;
  const adminEmail = `images-admin-${Date.now()}@coldmail.test`;

  beforeAll(async () => {
    // About 1,000 bytes each: room for one 600-byte image, not two.
    limited = await startTestApi({ UPLOAD_QUOTA_MB: '0.001', ADMIN_EMAILS: adminEmail });
    [owner, stranger] = await Promise.all([signUp(limited, 'owner'), signUp(limited, 'stranger')]);
  });
  afterAll(() => limited.close());

  const uploadTo = (persona: Persona) =>
    callEndpoint(limited, contract.uploads.upload, {
      token: persona.token,
      body: form(pngOfSize(600), 'photo.png', 'image/png'),
    });
  const idOf = (response: { body: UploadResponse }) =>
    response.body.file.url.split('/').pop() ?? '';

  it('refuses an upload past the quota, and takes one again once an image is deleted', async () => {
    const first = await uploadTo(owner);
    expect(first.status).toBe(201);
    const second = await uploadTo(owner);
    expect(second.status).toBe(413);
    expect(second.error?.message).toBe(UPLOAD_QUOTA_MESSAGE);
    // The quota is per user.
    expect((await uploadTo(stranger)).status).toBe(201);

    const mine = await callEndpoint(limited, contract.uploads.mine, { token: owner.token });
    expect(mine.body).toMatchObject({ usedBytes: 600, quotaBytes: 1049 });
    expect(mine.body.files.map((file) => file.id)).toEqual([idOf(first)]);

    const deleted = await callEndpoint(limited, contract.uploads.delete, {
      token: owner.token,
      params: { id: idOf(first) },
    });
    expect(deleted.status).toBe(200);
    expect((await fetch(first.body.file.url)).status).toBe(404);
    expect((await uploadTo(owner)).status).toBe(201);
  });

  it('lists no one’s images to a caller without sign-in', async () => {
    const anonymous = await callEndpoint(limited, contract.uploads.mine, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.error).toEqual({ statusCode: 401, message: 'Authentication required' });
  });

  it('lets only the uploader or an admin delete an image', async () => {
    const uploader = await signUp(limited, 'uploader');
    const theirs = await uploadTo(uploader);
    expect(theirs.status).toBe(201);
    const remove = (token?: string) =>
      callEndpoint(limited, contract.uploads.delete, { token, params: { id: idOf(theirs) } });
    expect((await remove()).status).toBe(401);
    expect((await remove(stranger.token)).status).toBe(403);
    expect((await fetch(theirs.body.file.url)).status).toBe(200);
    const admin = await signUp(limited, 'admin', { email: adminEmail });
    expect((await remove(admin.token)).status).toBe(200);
    expect((await remove(admin.token)).status).toBe(404);
    // Someone else's image deleted by an admin is an admin change: it is in the audit log.
    const audited = await limited.db
      .collection('audit_log')
      .find({ action: 'image.delete', 'target.id': idOf(theirs) })
      .toArray();
    expect(audited).toEqual([
      expect.objectContaining({
        actor: expect.objectContaining({ email: adminEmail }),
        before: expect.objectContaining({ uploadedBy: uploader.email, contentType: 'image/png' }),
      }),
    ]);
    expect(
      (await call(limited, 'DELETE', '/image-server/files/not-an-id', { token: owner.token }))
        .status,
    ).toBe(400);
  });
});
