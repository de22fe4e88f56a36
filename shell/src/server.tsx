// The shell's server entry (built with `vite build --ssr`, run by shell/server): the site's
// chrome (header, footer, the not-found page) around a remote's server-rendered page, drawn by
// the same components the browser then takes over with.
import type { ItemList } from '@coldmail/contracts';
import { pageForPath, pageList, paths, readRoutesDocument } from '@coldmail/registry/pages';
import { QueryClientProvider } from '@coldmail/query';
import { matchRoutes } from '@coldmail/router';
import { MemoryRouter } from '@coldmail/router/memory';
import { SITE_NAME } from '@coldmail/ui';
import { renderWithReads, type PublicRead, type ServerState } from '@coldmail/ssr/server';
import { AppRouter, createAppRoutes, documentTitleAt, isUnknown } from './app/router';
import { AppErrorBoundary } from './features/errors/components/AppErrorPage';
import {
  fillRemoteSlot,
  RemoteSlot,
  ServerRenderingContext,
  type ServerRendering,
} from './utils/server-rendering';

/**
 * What the server renders at `pathname`: a page the registry marks `serverRendered` (its remote's
 * server entry renders it), the not-found page (`remote` null), or nothing (`null`: a sign-in
 * screen, a signed-in page: the browser draws it alone).
 */
export function pageAt(pathname: string): { remote: string | null; status: 200 | 404 } | null {
  const page = pageForPath(pathname);
  if (!page) return { remote: null, status: 404 };
  return page.serverRendered ? { remote: page.owner, status: 200 } : null;
}

export { SITE_NAME };

/**
 * Whether a remote publishes a page at `pathname` that this shell was not built with (in the
 * routes.json documents given, by remote): the browser mounts it (AppRouter), so the server
 * does not answer it with the not-found page.
 */
export function publishedPageAt(pathname: string, documents: Record<string, unknown>): boolean {
  return Object.entries(documents).some(([remote, document]) => {
    try {
      return readRoutesDocument(remote, document).some(
        (page) => matchRoutes([{ path: page.path }], pathname) !== null,
      );
    } catch {
      return false;
    }
  });
}

/** The sitemap's paths: the server-rendered pages, and each digital item's page. */
export async function sitemapPaths(read: PublicRead): Promise<string[]> {
  const pages = pageList
    .filter((page) => page.serverRendered && !page.path.includes(':'))
    .map((page) => page.path);
  const items = (await read('/api/items')) as ItemList;
  return [...pages, ...items.map((item) => paths.premiumItem(item.slug, item._id))];
}

export interface ShellRender {
  html: string;
  /** The document's title, as the browser sets it on this page. */
  title: string;
  /** The reads it was drawn from (see serverStateOf). */
  state: ServerState;
}

/**
 * The page at `url` with the site's chrome. `remotePage`: the HTML the page's remote rendered
 * (see pageAt), put in place of the remote's app. The shell's own reads (the footer, the logo)
 * are answered by `read`.
 */
export async function render({
  url,
  read,
  remotePage,
}: {
  url: string;
  read: PublicRead;
  remotePage?: { remote: string; html: string };
}): Promise<ShellRender> {
  const { pathname } = new URL(url, 'http://localhost');
  // Published pages are not read here: the renderer only asks for paths pageAt knows.
  const appRoutes = createAppRoutes({ remoteManifests: async () => ({}) });
  const rendering: ServerRendering = {
    remotePage: (remote) => <RemoteSlot remote={remote} />,
  };
  const { html, state } = await renderWithReads(
    (client) => (
      <ServerRenderingContext.Provider value={rendering}>
        <QueryClientProvider client={client}>
          <AppErrorBoundary>
            <MemoryRouter initialEntries={[url]}>
              <AppRouter
                appRoutes={appRoutes}
                knownPath={isUnknown(appRoutes.routes, pathname) ? pathname : null}
              />
            </MemoryRouter>
          </AppErrorBoundary>
        </QueryClientProvider>
      </ServerRenderingContext.Provider>
    ),
    read,
  );
  return {
    html: remotePage ? fillRemoteSlot(html, remotePage.remote, remotePage.html) : html,
    title: documentTitleAt(appRoutes.routes, pathname) ?? '',
    state,
  };
}
export { serverStateBlock, serverStateOf } from '@coldmail/ssr/server';
