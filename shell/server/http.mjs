// What the renderer answers over HTTP, the same behind nginx (main.mjs) and in `npm start`'s
// Node server (tools/serve): a rendered page, robots.txt, sitemap.xml, or null (the shell's
// index.html is served, and the browser renders the page as before).

/** A path to a file (`/assets/x.js`, `/favicon.svg`), which is never a page. */
const FILE_PATH = /\.[A-Za-z0-9]+$/;

/**
 * The site's origin as browsers see it: SITE_URL when set, else the request's (behind a proxy,
 * the host and scheme it forwarded).
 *
 * @param {import('node:http').IncomingMessage} req
 * @param {string | undefined} siteUrl
 */
export function originOf(req, siteUrl) {
  if (siteUrl) return siteUrl.replace(/\/+$/, '');
  const header = (/** @type {string} */ name) => {
    const value = req.headers[name];
    return (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim();
  };
  return `${header('x-forwarded-proto') ?? 'http'}://${header('x-forwarded-host') ?? header('host') ?? 'localhost'}`;
}

/**
 * @param {Awaited<ReturnType<typeof import('./renderer.mjs').createPageRenderer>>} renderer
 * @param {import('node:http').IncomingMessage} req
 * @param {{ siteUrl?: string }} [options]
 * @returns {Promise<{ status: number, contentType: string, body: string } | null>}
 */
export async function pageAnswer(renderer, req, { siteUrl } = {}) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  const url = req.url ?? '/';
  const { pathname } = new URL(url, 'http://localhost');
  const origin = originOf(req, siteUrl);
  if (pathname === '/robots.txt') {
    return {
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      body: renderer.robots(origin),
    };
  }
  if (pathname === '/sitemap.xml') {
    try {
      return {
        status: 200,
        contentType: 'application/xml; charset=utf-8',
        body: await renderer.sitemap(origin),
      };
    } catch {
      // The items could not be read: a crawler comes back later.
      return {
        status: 503,
        contentType: 'text/plain; charset=utf-8',
        body: 'The sitemap cannot be made right now; try again later.',
      };
    }
  }
  if (FILE_PATH.test(pathname)) return null;
  const page = await renderer.page(url, origin);
  return page
    ? { status: page.status, contentType: 'text/html; charset=utf-8', body: page.html }
    : null;
}
