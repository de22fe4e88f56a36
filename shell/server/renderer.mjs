// The shell's page renderer: the public pages (the landing page, About, Contact, a digital
// item, the not-found page) answered as HTML that already shows their content, drawn by the
// page's remote's server entry (loaded from the remote's deployment at run time) inside the
// shell's chrome; the browser then takes the page over. Anything it cannot render is left to the
// browser, as before: the caller serves the shell's index.html and the reason is logged.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createApiReader } from './api-reads.mjs';
import { pageDocument } from './document.mjs';
import { createRemoteFiles } from './remote-files.mjs';

/** A render that takes longer is abandoned for the browser's rendering. */
const RENDER_TIMEOUT_MS = 3000;
/** At most this many pages' last HTML are kept (items are many; the oldest go first). */
const MAX_DRAWN = 200;
/**
 * At most this many different pages are drawn at once; a visitor past it gets the page's last
 * HTML, or the browser's rendering. Requests for a page being drawn share that drawing.
 */
const MAX_DRAWING = 8;

/**
 * A read the API could not answer now, as opposed to one it answered (a 404 item is a page):
 * no answer, a timeout, a limit reached, or a failure of its own.
 *
 * @param {{ status?: number }} error
 */
const unanswered = (error) =>
  !error.status || error.status === 408 || error.status === 429 || error.status >= 500;

/**
 * @typedef {{ status: number, html: string }} RenderedPage
 * @typedef {{ queries: unknown[], mutations?: unknown[] }} ServerState TanStack Query's dehydrated cache
 * @typedef {{ status: number, html: string, head: { shareTitle?: string, description: string, image?: string, structuredData: object[] }, state?: ServerState, queries?: unknown[] }} RemoteRender
 *   `queries`: the reads of a server entry built before `state` (see serverStateOf)
 * @typedef {object} RemoteEntry
 * @property {(input: { url: string, read: (path: string) => Promise<unknown> }) => Promise<RemoteRender>} render
 * @typedef {object} ShellEntry
 * @property {(pathname: string) => { remote: string | null, status: 200 | 404 } | null} pageAt
 * @property {(pathname: string, documents: Record<string, unknown>) => boolean} publishedPageAt
 * @property {(read: (path: string) => Promise<unknown>) => Promise<string[]>} sitemapPaths
 * @property {(input: { url: string, read: (path: string) => Promise<unknown>, remotePage?: { remote: string, html: string } }) => Promise<{ html: string, title: string, state: ServerState }>} render
 * @property {(parts: (ServerState | unknown[] | undefined)[]) => ServerState} serverStateOf
 * @property {(state: ServerState) => string} serverStateBlock
 * @property {string} SITE_NAME
 */

/**
 * @param {object} options
 * @param {string} options.distDir the shell's build (index.html, server/entry.mjs)
 * @param {() => Record<string, string>} options.manifests each remote's mf-manifest.json URL
 * @param {string} options.apiUrl where the renderer reaches the API
 * @param {string} options.publicApiUrl where browsers reach it (uploaded images' addresses)
 * @param {string} [options.apiToken] the renderer's credential at the API (RENDERER_TOKEN)
 * @param {(line: string) => void} [options.log]
 * @param {typeof fetch} [options.fetch]
 * @param {boolean} [options.pinnedOnly] run only server entries a release pins (remote-files.mjs)
 */
export async function createPageRenderer({
  distDir,
  manifests,
  apiUrl,
  publicApiUrl,
  apiToken,
  log = (line) => console.warn(line),
  fetch: fetchImpl = fetch,
  pinnedOnly = false,
}) {
  const template = await readFile(join(distDir, 'index.html'), 'utf8');
  /** @type {ShellEntry} */
  const shell = await import(pathToFileURL(join(distDir, 'server', 'entry.mjs')).href);
  const shellStyles = await shellStylesOf(distDir);
  const { read: readApi } = createApiReader({ apiUrl, token: apiToken, fetch: fetchImpl });
  const remoteFiles = createRemoteFiles({ manifests, fetch: fetchImpl, pinnedOnly });
  // The landing page's remote entry is loaded now rather than by the first visitor, whose page
  // would wait for it (and, on a busy machine, could pass the render budget and be left to the
  // browser). A failure here is the first request's to report.
  const landing = shell.pageAt('/')?.remote;
  if (landing) {
    Promise.all([remoteFiles.entry(landing), remoteFiles.styles(landing)]).catch(() => {});
  }

  /** @param {string | undefined} image */
  const absoluteImage = (image) => {
    if (!image) return undefined;
    try {
      return new URL(image, `${publicApiUrl.replace(/\/+$/, '')}/`).href;
    } catch {
      return undefined;
    }
  };

  /** Whether a remote publishes a page at `pathname` that this shell does not know. */
  async function publishedElsewhere(/** @type {string} */ pathname) {
    const documents = Object.fromEntries(
      await Promise.all(
        Object.keys(manifests()).map(async (remote) => [
          remote,
          await remoteFiles.routes(remote).catch(() => null),
        ]),
      ),
    );
    return shell.publishedPageAt(pathname, documents);
  }

  /**
   * The last HTML of each page, with the answers it was drawn from and the remote entry that drew
   * it: while the API answers every one of those reads with 304 (the very answer kept) and the
   * remote is not redeployed, the page is the same, and it is sent without drawing it again.
   *
   * @type {Map<string, { page: RenderedPage, reads: Map<string, unknown>, entry: unknown }>}
   */
  const drawn = new Map();

  /**
   * The page drawn for `key` before, if nothing it was drawn from has changed since, or if the
   * API cannot say now (logged); null when it must be drawn again.
   */
  async function unchanged(/** @type {string} */ key, /** @type {unknown} */ entry) {
    const before = drawn.get(key);
    if (!before || before.entry !== entry) return null;
    /** @type {unknown} */
    let unavailable = null;
    const answers = await Promise.all(
      [...before.reads].map(([path, body]) =>
        readApi(path).then(
          (now) => now === body,
          (/** @type {{ status?: number }} */ error) => {
            if (unanswered(error)) unavailable ??= error;
            return false;
          },
        ),
      ),
    );
    if (unavailable) {
      const reason = unavailable instanceof Error ? unavailable.message : String(unavailable);
      log(JSON.stringify({ level: 'warn', msg: 'sent the page as last drawn', key, reason }));
      return before.page;
    }
    return answers.every(Boolean) ? before.page : null;
  }

  /**
   * @param {string} pathname no page reads its query string, so `/?r=1` is `/`: one drawing and
   *   one kept page, whatever a visitor adds to the address
   * @param {string} origin
   */
  async function renderPage(pathname, origin) {
    const url = pathname;
    // A page the API answered with 404 (an item that does not exist) is rendered as it is. One
    // the API could not answer (down, failing or limiting) is never drawn with that failure as
    // its content: the page's last HTML is sent, else the browser renders it and reads again.
    /** @type {unknown} */
    let unavailable = null;
    let failed = false;
    /** @type {Map<string, unknown>} */
    const reads = new Map();
    /** @param {string} path */
    const read = (path) =>
      readApi(path).then(
        (body) => {
          reads.set(path, body);
          return body;
        },
        (/** @type {{ status?: number }} */ error) => {
          failed = true;
          if (unanswered(error)) unavailable ??= error;
          throw error;
        },
      );
    const plan = shell.pageAt(pathname);
    if (!plan) return null;
    if (plan.remote === null && (await publishedElsewhere(pathname))) return null;
    const key = `${origin}${pathname}`;
    const entry = plan.remote ? await remoteFiles.entry(plan.remote) : null;
    const same = await unchanged(key, entry);
    if (same) return same;
    /** @type {RemoteRender | null} */
    let remotePage = null;
    /** @type {string[]} */
    let styles = shellStyles;
    if (plan.remote) {
      const remote = plan.remote;
      const [rendered, remoteStyles] = await Promise.all([
        /** @type {RemoteEntry} */ (entry).render({ url, read }),
        remoteFiles.styles(remote),
      ]);
      remotePage = rendered;
      styles = [...shellStyles, ...remoteStyles];
    }
    const page = await shell.render({
      url,
      read,
      remotePage:
        remotePage && plan.remote ? { remote: plan.remote, html: remotePage.html } : undefined,
    });
    if (unavailable) {
      const reason = `the API did not answer: ${unavailable instanceof Error ? unavailable.message : String(unavailable)}`;
      // Drawn by the remote's release of now: another release's HTML would not be taken over.
      const last = drawn.get(key);
      if (!last || last.entry !== entry) throw new Error(reason);
      log(JSON.stringify({ level: 'warn', msg: 'sent the page as last drawn', url, reason }));
      return last.page;
    }
    const head = remotePage?.head ?? { description: '', structuredData: [] };
    const rendered = {
      status: plan.status === 404 ? 404 : (remotePage?.status ?? 200),
      html: pageDocument(template, {
        head: {
          title: page.title,
          shareTitle: head.shareTitle,
          description: head.description,
          url: `${origin}${pathname}`,
          image: absoluteImage(head.image),
          structuredData: head.structuredData,
          siteName: shell.SITE_NAME,
        },
        html: page.html,
        styles,
        stateBlock: shell.serverStateBlock(
          shell.serverStateOf([remotePage?.state ?? remotePage?.queries, page.state]),
        ),
      }),
    };
    // Kept only when every read answered: a failed one is asked again next time.
    if (!failed) {
      drawn.delete(key);
      drawn.set(key, { page: rendered, reads, entry });
      if (drawn.size > MAX_DRAWN) drawn.delete(/** @type {string} */ (drawn.keys().next().value));
    }
    return rendered;
  }

  /** The drawings under way, by page: a request for one of them waits for it. */
  /** @type {Map<string, Promise<RenderedPage | null>>} */
  const underWay = new Map();

  /**
   * The page drawn within the render budget, or null (logged) when it cannot be drawn now.
   *
   * @param {string} pathname
   * @param {string} origin
   * @returns {Promise<RenderedPage | null>}
   */
  async function drawWithin(pathname, origin) {
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`rendering took over ${RENDER_TIMEOUT_MS} ms`)),
        RENDER_TIMEOUT_MS,
      );
    });
    try {
      return await Promise.race([renderPage(pathname, origin), timeout]);
    } catch (error) {
      log(
        JSON.stringify({
          level: 'warn',
          msg: 'page not drawn now',
          url: pathname,
          reason: error instanceof Error ? error.message : String(error),
        }),
      );
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    /**
     * The page at `url` (a path and its query) as HTML with its content; null when the page is
     * the browser's alone (sign-in, signed-in and admin pages) or cannot be rendered now (the
     * API, a remote's deployment or its server entry failed: logged): the caller serves the
     * shell's index.html then.
     *
     * @param {string} url
     * @param {string} origin
     * @returns {Promise<RenderedPage | null>}
     */
    async page(url, origin) {
      const { pathname } = new URL(url, 'http://localhost');
      const key = `${origin}${pathname}`;
      let drawing = underWay.get(key);
      if (!drawing) {
        if (underWay.size >= MAX_DRAWING) {
          log(JSON.stringify({ level: 'warn', msg: 'too many pages drawn at once', url }));
          const last = drawn.get(key);
          return last ? last.page : null;
        }
        drawing = drawWithin(pathname, origin).finally(() => underWay.delete(key));
        underWay.set(key, drawing);
      }
      return drawing;
    },

    /** robots.txt: everything but the signed-in and admin areas, and where the sitemap is. */
    robots(/** @type {string} */ origin) {
      return [
        'User-agent: *',
        'Disallow: /user',
        'Disallow: /admin',
        'Allow: /',
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n');
    },

    /** sitemap.xml: the public pages and every digital item's page. */
    async sitemap(/** @type {string} */ origin) {
      const paths = await shell.sitemapPaths(readApi);
      const urls = paths.map(
        (path) =>
          `  <url><loc>${origin}${path.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</loc></url>`,
      );
      return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ...urls,
        '</urlset>',
        '',
      ].join('\n');
    },
  };
}

/**
 * The stylesheets the shell's code loads (its start-up chunk's and those it imports, from Vite's
 * build manifest), as paths on the shell's origin.
 *
 * @param {string} distDir
 * @returns {Promise<string[]>}
 */
async function shellStylesOf(distDir) {
  /** @type {Record<string, { css?: string[], imports?: string[] }>} */
  const manifest = JSON.parse(await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8'));
  /** @type {Set<string>} */
  const seen = new Set();
  /** @param {string} key @returns {string[]} */
  const cssOf = (key) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return [];
    seen.add(key);
    return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap(cssOf)];
  };
  return [...new Set(cssOf('src/bootstrap.tsx'))].map((file) => `/${file}`);
}
