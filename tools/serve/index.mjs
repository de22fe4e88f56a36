import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import sirv from 'sirv';
import csp from './csp.mjs';
import { commonHeaders, pageHeaders, preflightHeaders } from './headers.mjs';

/** @param {string} text */
const sha256 = (text) => createHash('sha256').update(text).digest('base64');

/** Vite's content-hashed output: safe to cache forever, a new build gets new names. */
const HASHED_ASSET = /\/assets\/.+[-.][A-Za-z0-9_-]{8,}\.[a-z0-9]+$/;
/** A published release's folder (tools/release): its files never change. */
const RELEASE_FILE = /^\/releases\/[0-9a-f]{16}\//;

/** @param {string} pathname */
export function cacheControlFor(pathname) {
  return HASHED_ASSET.test(pathname) || RELEASE_FILE.test(pathname)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

/** @param {import('node:http').ServerResponse} res */
function notFound(res) {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.end('Not found');
}

/**
 * Serves one built app (the shell or a remote) the way it is deployed: precompressed brotli/gzip
 * files when the browser accepts them, hashed assets immutable, and everything else — index.html,
 * remoteEntry.js, mf-manifest.json — revalidated on every load, so a redeployed remote is picked
 * up by the unchanged shell on reload. Source maps are not served.
 *
 * @param {object} options
 * @param {string} options.dir  the build output folder
 * @param {number} options.port 0 picks a free port
 * @param {string} [options.host]
 * @param {boolean} [options.spa] unknown paths answer index.html (the shell's client routes)
 * @param {{ config: Record<string, unknown>, remotes: Record<string, string> }} [options.site]
 *   the site's settings, the shell's /config.json and /remotes.json: the shell serves them, and
 *   every app's pages get the Content-Security-Policy they give (tools/serve/csp.mjs); without
 *   them a page only refuses framing
 * @param {boolean} [options.hsts] send Strict-Transport-Security (a site served over https)
 * @param {(req: import('node:http').IncomingMessage) => Promise<{ status: number, contentType: string, body: string } | null>} [options.pages]
 *   the shell's page renderer (shell/server/http.mjs): a page it answers is sent with the
 *   page's headers; one it leaves (null) is the build's file, or index.html for the shell
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export async function serveApp({
  dir,
  port,
  host = '127.0.0.1',
  spa = false,
  site,
  hsts = false,
  pages,
}) {
  /** Each page's policy, worked out once: pages are files of a build, which never change. */
  const policies = new Map();
  /** @param {string} page */
  const policyOf = (page) => {
    if (!policies.has(page)) {
      policies.set(
        page,
        site
          ? csp.sitePolicy(site.config, site.remotes, readFileSync(join(dir, page), 'utf8'), sha256)
          : "frame-ancestors 'none'",
      );
    }
    return policies.get(page);
  };
  const files = sirv(dir, {
    dev: false,
    etag: true,
    gzip: true,
    brotli: true,
    single: spa,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', cacheControlFor(pathname));
      // sirv names the path asked for: a page, or a route without an extension (index.html).
      const page = pathname.endsWith('.html')
        ? pathname
        : /\.[A-Za-z0-9]+$/.test(pathname)
          ? null
          : '/index.html';
      if (page) for (const [name, value] of pageHeaders(policyOf(page))) res.setHeader(name, value);
    },
  });
  /** The shell's runtime documents. @type {Map<string, string>} */
  const documents = new Map(
    spa && site
      ? [
          ['/config.json', JSON.stringify(site.config)],
          ['/remotes.json', JSON.stringify(site.remotes)],
        ]
      : [],
  );

  const server = createServer((req, res) => {
    for (const [name, value] of commonHeaders({ hsts })) res.setHeader(name, value);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, Object.fromEntries(preflightHeaders()));
      res.end();
      return;
    }
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    // Source maps are built (hidden) for error tracking, not for visitors: they show the code.
    if (pathname.endsWith('.map')) {
      notFound(res);
      return;
    }
    const document = documents.get(pathname);
    if (document !== undefined) {
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': 'no-cache',
      });
      res.end(req.method === 'HEAD' ? undefined : document);
      return;
    }
    if (!pages) {
      files(req, res, () => notFound(res));
      return;
    }
    pages(req).then(
      (answer) => {
        if (!answer) {
          files(req, res, () => notFound(res));
          return;
        }
        for (const [name, value] of pageHeaders(policyOf('/index.html')))
          res.setHeader(name, value);
        res.writeHead(answer.status, {
          'Content-Type': answer.contentType,
          'Cache-Control': 'no-cache',
          'X-Page-Render': 'server',
        });
        res.end(req.method === 'HEAD' ? undefined : answer.body);
      },
      () => files(req, res, () => notFound(res)),
    );
  });
  // Lets close() finish at once instead of waiting for browsers' keep-alive sockets.
  const sockets = new Set();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${actualPort}`,
    port: actualPort,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
