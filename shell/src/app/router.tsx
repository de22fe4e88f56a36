import { useEffect, useState, useSyncExternalStore, type ComponentType } from 'react';
import { matchRoutes, Navigate, useLocation, useRoutes, type RouteObject } from '@coldmail/router';
import { loadable, PageLoader, SITE_NAME } from '@coldmail/ui';
import {
  navOf,
  pageList,
  pages,
  pagesOf,
  paths,
  withPublishedEntries,
  type NavLinkEntry,
  type PageArea,
  type PageIdOf,
} from '@coldmail/registry/pages';
import { RequireAuth } from '../features/auth/components/RequireAuth';
import { EmailNotice } from '../features/auth/components/EmailNotice';
import { RootLayout } from '../features/layout/components/RootLayout';
import { readPublishedPages, type PublishedPage } from '../features/remotes/published-pages';
import { RemoteApp } from '../features/remotes/RemoteApp';
import { initRemotes, type RemoteManifests } from '../features/remotes/remote-registry';

// The router runs in declarative mode (<Routes> from a table), not as a data router: the data
// router's code (loaders, actions, fetchers, lazy routes, route patching) is twice the size of
// what the site uses, and the router is a shared module every page of every remote loads.

function lazyPage<Name extends string>(
  load: () => Promise<Record<Name, ComponentType>>,
  name: Name,
): ComponentType {
  return loadable(async () => (await load())[name], <PageLoader />);
}

// The sign-in screens carry the form and validation libraries: loaded when visited, so the
// landing page does not pay for them.
const LoginPage = lazyPage(() => import('../features/auth/components/LoginPage'), 'LoginPage');
const RegisterPage = lazyPage(
  () => import('../features/auth/components/RegisterPage'),
  'RegisterPage',
);
const ResetPasswordPage = lazyPage(
  () => import('../features/auth/components/ResetPasswordPage'),
  'ResetPasswordPage',
);
// The user area's sidebar (and its icon set) loads with the first /user page, not with the
// landing page: AppRouter starts it as soon as the location is in the area, beside the sign-in.
const UserLayout = loadable(
  async () => (await import('../features/user-area/components/UserLayout')).UserLayout,
  <PageLoader />,
);
// The back office's guard (its refusal page) loads with the first admin page, as the user area's
// sidebar does: AppRouter starts it as soon as the location is in the area.
const RequireAdmin = loadable(
  async () => (await import('../features/auth/components/RequireAdmin')).RequireAdmin,
  <PageLoader />,
);
const NotFoundPage = lazyPage(
  () => import('../features/errors/components/NotFoundPage'),
  'NotFoundPage',
);
const shellPages: Record<PageIdOf<'shell'>, ComponentType> = {
  login: LoginPage,
  register: RegisterPage,
  resetPassword: ResetPasswordPage,
  forgotPassword: ResetPasswordPage,
  notFound: NotFoundPage,
};

/** What the route of a page carries for the shell (redirects carry none): the page's title. */
interface PageHandle {
  title?: string;
  /** The landing's title is the document's as it is: the spec's, which search engines show. */
  landing?: boolean;
}

const notFoundTitle: PageHandle = { title: pages.notFound.title };

/** A remote's page: the remote's own <Routes> pick the page at this path. */
function remoteRoute(page: {
  id: string;
  path: string;
  title?: string;
  owner: string;
}): RouteObject {
  return {
    id: page.id,
    path: page.path,
    handle: { title: page.title, landing: page.path === paths.home } satisfies PageHandle,
    element: <RemoteApp remote={page.owner} />,
  };
}

/** A page of an area: the shell's own, those this shell was built with, then published ones. */
function pageRoutes(area: PageArea, published: PublishedPage[]): RouteObject[] {
  return [
    ...pagesOf('shell')
      .filter((page) => page.area === area)
      .map((page): RouteObject => {
        const Page = shellPages[page.id];
        return {
          id: page.id,
          path: page.path,
          handle: { title: page.title } satisfies PageHandle,
          element: <Page />,
        };
      }),
    ...pageList.filter((page) => page.owner !== 'shell' && page.area === area).map(remoteRoute),
    ...published.filter((page) => page.area === area).map(remoteRoute),
  ];
}

/**
 * Every page of the registry as this shell was built with it, plus `published`: the pages
 * remotes added since, each in its area. The shell owns the layouts, the guards, sign-in and
 * the error pages; every other page belongs to the remote mounted at its path.
 */
function routeTable(
  published: PublishedPage[] = [],
  userLinks: readonly NavLinkEntry[] = navOf('user'),
): RouteObject[] {
  return [
    {
      id: 'site',
      element: <RootLayout notice={<EmailNotice />} />,
      children: [
        ...pageRoutes('public', published),
        {
          id: 'signed-in',
          element: <RequireAuth />,
          children: pageRoutes('signed-in', published),
        },
        {
          id: 'user-area',
          element: (
            <RequireAuth>
              <UserLayout links={userLinks} />
            </RequireAuth>
          ),
          children: [
            {
              id: 'user-home',
              path: '/user',
              element: <Navigate to={paths.userDashboard} replace />,
            },
            ...pageRoutes('user', published),
            {
              id: 'user-not-found',
              path: '/user/*',
              handle: notFoundTitle,
              element: <NotFoundPage />,
            },
          ],
        },
        {
          id: 'admin-area',
          element: (
            <RequireAuth>
              <RequireAdmin />
            </RequireAuth>
          ),
          children: [
            {
              id: 'admin-home',
              path: '/admin',
              element: <Navigate to={paths.adminDashboard} replace />,
            },
            ...pageRoutes('admin', published),
          ],
        },
      ],
    },
  ];
}

/** The ids of the routes that render `path` in `routes`: the area routes, then the page. */
export function routeIdsAt(routes: RouteObject[], path: string): string[] {
  return (matchRoutes(routes, path) ?? []).map((match) => match.route.id ?? '');
}

/** A path only a catch-all (404) route of the table matches: perhaps a newer remote's page. */
export function isUnknown(routes: RouteObject[], path: string): boolean {
  const matches = matchRoutes(routes, path);
  return !matches || (matches.at(-1)?.route.path ?? '').endsWith('*');
}

export interface AppRoutes {
  /** The current table (a new array each time pages are added). */
  readonly routes: RouteObject[];
  /** Settles once `path` is routable: for an unknown path, the remotes' pages are read first. */
  discover(path: string): Promise<void>;
  /**
   * Reads the remotes' pages (once per page load) for the sidebars' entries they publish, so
   * a page a remote added since this shell was built is listed in its sidebar.
   */
  learnSidebars(): Promise<void>;
  subscribe(listener: () => void): () => void;
}

/**
 * The route table, plus the pages remotes added after this shell was built: for a path the
 * table does not know, the shell reads the routes.json each remote publishes (once per page
 * load) and mounts the page's remote there, in the page's area. Known paths never ask.
 */
export function createAppRoutes({
  remoteManifests = () => initRemotes(),
}: { remoteManifests?: () => Promise<RemoteManifests> } = {}): AppRoutes {
  let reading: Promise<PublishedPage[]> | null = null;
  /** Every page the remotes publish, once read; `mounted`: those this table did not know. */
  let published: PublishedPage[] = [];
  const mounted: PublishedPage[] = [];
  const listeners = new Set<() => void>();
  let routes = routeTable();

  const rebuild = () => {
    routes = routeTable(mounted, withPublishedEntries('user', navOf('user'), published));
    for (const listener of listeners) listener();
  };
  const readPublished = async (): Promise<PublishedPage[] | null> => {
    reading ??= remoteManifests().then(readPublishedPages);
    try {
      return await reading;
    } catch (error) {
      reading = null;
      console.error('Could not learn the pages of the remotes', error);
      return null;
    }
  };

  return {
    get routes() {
      return routes;
    },
    async discover(path) {
      if (!isUnknown(routes, path)) return;
      const pages = await readPublished();
      if (!pages) return;
      const fresh = pages.filter(
        (page) =>
          !mounted.some((known) => known.path === page.path) &&
          !pageList.some((known) => known.path === page.path),
      );
      if (fresh.length === 0) return;
      mounted.push(...fresh.map((page) => ({ ...page, id: `${page.owner}:${page.id}` })));
      rebuild();
    },
    async learnSidebars() {
      const pages = await readPublished();
      if (!pages || pages === published) return;
      published = pages;
      if (pages.some((page) => page.menu)) rebuild();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The document's title at `path`: its page's, then the site's name ('Login · ColdMail AI'), the
 * landing's alone, the site's name for a page published without a title, or null where no page
 * is (a redirect).
 */
export function documentTitleAt(routes: RouteObject[], path: string): string | null {
  const page = matchRoutes(routes, path)?.at(-1)?.route.handle as PageHandle | undefined;
  if (!page) return null;
  if (!page.title) return SITE_NAME;
  return page.landing ? page.title : `${page.title} · ${SITE_NAME}`;
}

/**
 * The site's pages at the current location; an unknown path waits for the remotes' pages. Each
 * page gives the document its title, which browsers and screen readers read out.
 *
 * `knownPath`: a path whose page is settled already, even if the table does not know it: the
 * server rendered the page there (its "not found" page, when no remote publishes one), so the
 * browser draws what the server drew instead of waiting.
 */
export function AppRouter({
  appRoutes,
  knownPath = null,
}: {
  appRoutes: AppRoutes;
  knownPath?: string | null;
}) {
  const { pathname } = useLocation();
  const current = () => appRoutes.routes;
  const routes = useSyncExternalStore(appRoutes.subscribe, current, current);
  const [discovered, setDiscovered] = useState<string | null>(knownPath);
  const waiting = discovered !== pathname && isUnknown(routes, pathname);
  const title = waiting ? null : documentTitleAt(routes, pathname);
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  useEffect(() => {
    if (!waiting) return;
    let current = true;
    void appRoutes.discover(pathname).then(() => current && setDiscovered(pathname));
    return () => {
      current = false;
    };
  }, [appRoutes, pathname, waiting]);

  const areas = routeIdsAt(routes, pathname);
  const inUserArea = areas.includes('user-area');
  const inAdminArea = areas.includes('admin-area');
  useEffect(() => {
    if (inAdminArea) RequireAdmin.preload();
  }, [inAdminArea]);
  useEffect(() => {
    if (!inUserArea) return;
    UserLayout.preload();
    // Off the page's critical path: the sidebar gains a newer remote's entries once idle.
    const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
    idle(() => void appRoutes.learnSidebars());
  }, [appRoutes, inUserArea]);

  const element = useRoutes(routes);
  return waiting ? <PageLoader /> : element;
}
