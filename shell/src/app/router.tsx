import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from '@coldmail/router';
import { PageLoader } from '@coldmail/ui';
import {
  pageForPath,
  pageList,
  pagesOf,
  paths,
  type PageArea,
  type PageIdOf,
} from '@coldmail/registry/pages';
import { RequireAdmin } from '../features/auth/components/RequireAdmin';
import { RequireAuth } from '../features/auth/components/RequireAuth';
import { AppErrorPage } from '../features/errors/components/AppErrorPage';
import { NotFoundPage } from '../features/errors/components/NotFoundPage';
import { RootLayout } from '../features/layout/components/RootLayout';
import { readPublishedPages, type PublishedPage } from '../features/remotes/published-pages';
import { RemoteApp } from '../features/remotes/RemoteApp';
import { initRemotes, type RemoteManifests } from '../features/remotes/remote-registry';
import { UserLayout } from '../features/user-area/components/UserLayout';

async function lazyPage<Name extends string>(
  module: Promise<Record<Name, ComponentType>>,
  name: Name,
): Promise<{ Component: ComponentType }> {
  return { Component: (await module)[name] };
}

// The sign-in screens carry the form and validation libraries: loaded when visited, so the
// landing page does not pay for them.
const resetPassword: RouteObject = {
  lazy: () =>
    lazyPage(import('../features/auth/components/ResetPasswordPage'), 'ResetPasswordPage'),
};
const shellPages: Record<PageIdOf<'shell'>, RouteObject> = {
  login: { lazy: () => lazyPage(import('../features/auth/components/LoginPage'), 'LoginPage') },
  register: {
    lazy: () => lazyPage(import('../features/auth/components/RegisterPage'), 'RegisterPage'),
  },
  resetPassword,
  forgotPassword: resetPassword,
  notFound: { element: <NotFoundPage /> },
};

/** A remote's page: the remote's own <Routes> pick the page at this path. */
function remoteRoute(page: { id: string; path: string; owner: string }): RouteObject {
  return { id: page.id, path: page.path, element: <RemoteApp remote={page.owner} /> };
}

function pageRoutes(area: PageArea): RouteObject[] {
  return [
    ...pagesOf('shell')
      .filter((page) => page.area === area)
      .map((page): RouteObject => ({ ...shellPages[page.id], id: page.id, path: page.path })),
    ...pageList.filter((page) => page.owner !== 'shell' && page.area === area).map(remoteRoute),
  ];
}

/** The route that gives each area its guard and layout; pages found later are added under it. */
const areaRoutes: Record<PageArea, string> = {
  public: 'site',
  'signed-in': 'signed-in',
  user: 'user-area',
  admin: 'admin-area',
};

/**
 * Every page of the registry as this shell was built with it. The shell owns the layouts, the
 * guards, sign-in and the error pages; every other page belongs to the remote mounted at its path.
 */
const routes: RouteObject[] = [
  {
    id: areaRoutes.public,
    element: <RootLayout />,
    errorElement: <AppErrorPage />,
    // Shown while the first page is not routable yet: a lazy sign-in screen loading, or a path
    // this shell does not know while the remotes' routes are read.
    hydrateFallbackElement: <PageLoader />,
    children: [
      ...pageRoutes('public'),
      {
        id: areaRoutes['signed-in'],
        element: <RequireAuth />,
        children: pageRoutes('signed-in'),
      },
      {
        id: areaRoutes.user,
        element: (
          <RequireAuth>
            <UserLayout />
          </RequireAuth>
        ),
        children: [
          {
            id: 'user-home',
            path: '/user',
            element: <Navigate to={paths.userDashboard} replace />,
          },
          ...pageRoutes('user'),
          { id: 'user-not-found', path: '/user/*', element: <NotFoundPage /> },
        ],
      },
      {
        id: areaRoutes.admin,
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
          ...pageRoutes('admin'),
        ],
      },
    ],
  },
];

/**
 * The router, plus the pages remotes added after this shell was built: for a path the table
 * above does not know, the shell reads the routes.json each remote publishes (once per page
 * load) and mounts the page's remote there, in the page's area. Known paths never ask.
 */
export function createAppRouter({
  remoteManifests = () => initRemotes(),
}: { remoteManifests?: () => Promise<RemoteManifests> } = {}) {
  let published: Promise<PublishedPage[]> | null = null;
  const mounted = new Set<string>();

  return createBrowserRouter(routes, {
    async patchRoutesOnNavigation({ path, patch }) {
      // The router also asks for every path with parameters (/buy/:id): those are ours.
      if (pageForPath(path)) return;
      published ??= remoteManifests().then(readPublishedPages);
      let pages: PublishedPage[];
      try {
        pages = await published;
      } catch (error) {
        published = null;
        console.error('Could not learn the pages of the remotes', error);
        return;
      }
      for (const page of pages) {
        const id = `${page.owner}:${page.id}`;
        if (mounted.has(id) || pageList.some((known) => known.path === page.path)) continue;
        mounted.add(id);
        patch(areaRoutes[page.area], [remoteRoute({ ...page, id })]);
      }
    },
  });
}
