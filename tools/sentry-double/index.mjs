// A local Sentry for offline tests of error tracking: the SDKs' envelopes (POST
// /api/<project>/envelope/, one per report) and the release files API the release tool gives
// source maps with, recorded as they arrived. Read in process, or over the /__double control
// routes from a test that cannot import this module (jest's sandbox).
import { createServer } from 'node:http';
import { gunzipSync } from 'node:zlib';

/** Enough recent envelopes for any test to look back on. */
const KEPT_ENVELOPES = 200;
const ENVELOPE = /^\/api\/([^/]+)\/envelope\/?$/;
const RELEASES = /^\/api\/0\/organizations\/([^/]+)\/releases\/?$/;
const RELEASE_FILES = /^\/api\/0\/projects\/([^/]+)\/([^/]+)\/releases\/([^/]+)\/files\/?$/;

/**
 * An envelope as Sentry's protocol writes it: a header line, then items, each a header line and
 * a payload of `length` bytes (or up to the next line break). JSON payloads are parsed.
 *
 * @param {Buffer} bytes
 * @returns {import('./index.d.ts').Envelope}
 */
export function parseEnvelope(bytes) {
  let at = 0;
  const upToLineBreak = () => {
    let end = bytes.indexOf(0x0a, at);
    if (end === -1) end = bytes.length;
    const part = bytes.subarray(at, end);
    at = end + 1;
    return part;
  };
  const header = JSON.parse(upToLineBreak().toString('utf8'));
  /** @type {import('./index.d.ts').EnvelopeItem[]} */
  const items = [];
  while (at < bytes.length) {
    const line = upToLineBreak().toString('utf8');
    if (line.trim() === '') continue;
    const itemHeader = JSON.parse(line);
    let payload;
    if (typeof itemHeader.length === 'number') {
      payload = bytes.subarray(at, at + itemHeader.length);
      at += itemHeader.length + 1;
    } else {
      payload = upToLineBreak();
    }
    const text = payload.toString('utf8');
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
    items.push({ header: itemHeader, payload: parsed });
  }
  return { header, items };
}

/** @param {import('node:http').IncomingMessage} request */
async function bodyOf(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  const body = Buffer.concat(chunks);
  return request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body;
}

/** @param {import('node:http').ServerResponse} response @param {number} status @param {unknown} body */
function json(response, status, body) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** @type {import('./index.d.ts').startSentryDouble} */
export async function startSentryDouble({ port = 0, host = '127.0.0.1', token } = {}) {
  /** @type {import('./index.d.ts').ReceivedEnvelope[]} */
  let envelopes = [];
  /** @type {import('./index.d.ts').CreatedRelease[]} */
  let releases = [];
  /** @type {import('./index.d.ts').UploadedFile[]} */
  let files = [];

  /** The release API's caller: a bearer token (the one given, when one was). */
  const authorized = (/** @type {import('node:http').IncomingMessage} */ request) => {
    const sent = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    return sent !== undefined && (token === undefined || sent === token);
  };

  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://double');
    // The browser SDK posts cross-origin (text/plain, so no preflight; the answer must allow it).
    response.setHeader('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': 'content-type',
      });
      response.end();
      return;
    }
    try {
      const envelope = ENVELOPE.exec(url.pathname);
      if (request.method === 'POST' && envelope) {
        const parsed = parseEnvelope(await bodyOf(request));
        envelopes.push({
          project: decodeURIComponent(envelope[1] ?? ''),
          query: Object.fromEntries(url.searchParams),
          headers: { ...request.headers },
          ...parsed,
          receivedAt: new Date().toISOString(),
        });
        if (envelopes.length > KEPT_ENVELOPES) envelopes.shift();
        json(response, 200, { id: parsed.header.event_id ?? null });
        return;
      }
      const release = RELEASES.exec(url.pathname);
      if (request.method === 'POST' && release) {
        if (!authorized(request)) return json(response, 401, { detail: 'Invalid token' });
        const body = JSON.parse((await bodyOf(request)).toString('utf8'));
        const known = releases.some((r) => r.org === release[1] && r.version === body.version);
        if (!known) releases.push({ org: release[1] ?? '', ...body });
        json(response, known ? 208 : 201, { version: body.version, projects: body.projects });
        return;
      }
      const upload = RELEASE_FILES.exec(url.pathname);
      if (request.method === 'POST' && upload) {
        if (!authorized(request)) return json(response, 401, { detail: 'Invalid token' });
        const [, org = '', project = '', encodedVersion = ''] = upload;
        const version = decodeURIComponent(encodedVersion);
        if (!releases.some((r) => r.org === org && r.version === version)) {
          return json(response, 404, { detail: 'The requested resource does not exist' });
        }
        const form = await new Request('http://double', {
          method: 'POST',
          headers: { 'content-type': request.headers['content-type'] ?? '' },
          body: await bodyOf(request),
        }).formData();
        const file = form.get('file');
        const name = String(form.get('name') ?? (file instanceof File ? file.name : ''));
        if (!(file instanceof Blob)) return json(response, 400, { detail: 'No file' });
        if (files.some((f) => f.org === org && f.version === version && f.name === name)) {
          return json(response, 409, { detail: 'A file matching this name already exists' });
        }
        const headers = Object.fromEntries(
          form.getAll('header').map((header) => {
            const [key = '', ...value] = String(header).split(':');
            return [key.trim(), value.join(':').trim()];
          }),
        );
        files.push({ org, project, version, name, headers, text: await file.text() });
        json(response, 201, { name, size: file.size });
        return;
      }
      if (request.method === 'GET' && url.pathname === '/__double/envelopes') {
        return json(response, 200, envelopes);
      }
      if (request.method === 'GET' && url.pathname === '/__double/releases') {
        return json(response, 200, { releases, files });
      }
      if (request.method === 'POST' && url.pathname === '/__double/reset') {
        envelopes = [];
        releases = [];
        files = [];
        return json(response, 200, {});
      }
      json(response, 404, { detail: 'Not found' });
    } catch (error) {
      json(response, 400, { detail: error instanceof Error ? error.message : String(error) });
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.address());
  const url = `http://${host}:${address.port}`;
  return {
    url,
    dsn: (project = '1') => `http://public@${host}:${address.port}/${project}`,
    envelopes: () => structuredClone(envelopes),
    events: (project) =>
      envelopes
        .filter((envelope) => project === undefined || envelope.project === project)
        .flatMap((envelope) => envelope.items)
        .filter((item) => item.header.type === 'event')
        .map((item) => /** @type {import('./index.d.ts').SentryEvent} */ (item.payload)),
    releases: () => structuredClone(releases),
    files: () => structuredClone(files),
    stop: () =>
      new Promise((resolve) => {
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}
