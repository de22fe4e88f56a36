import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from '@coldmail/router';
import { RequireAdmin } from '../features/auth/components/RequireAdmin';
import { RequireAuth } from '../features/auth/components/RequireAuth';
import { AppErrorPage } from '../features/errors/components/AppErrorPage';
import { NotFoundPage } from '../features/errors/components/NotFoundPage';
import { RootLayout } from '../features/layout/components/RootLayout';
import { RemoteApp } from '../features/remotes/RemoteApp';
import { UserLayout } from '../features/user-area/components/UserLayout';
import { remoteMounts, type RemoteName } from './remote-mounts';

async function lazyPage<Name extends string>(
  module: Promise<Record<Name, ComponentType>>,
  name: Name,
): Promise<{ Component: ComponentType }> {
  return { Component: (await module)[name] };
}

const inUserArea = (paths: readonly string[]) => paths.filter((path) => path.startsWith('/user/'));
const outsideUserArea = (paths: readonly string[]) =>
  paths.filter((path) => !path.startsWith('/user/'));

/** Mounts a remote's pages at the given paths; each remote's own <Routes> picks the page. */
function mount(remote: RemoteName, paths: readonly string[]): RouteObject[] {
  return paths.map((path) => ({ path, element: <RemoteApp remote={remote} /> }));
}

/**
 * The route table of both spec documents. The shell owns the layout, the guards, sign-in and
 * the error pages; every other page belongs to the remote mounted at its path.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <AppErrorPage />,
    children: [
      ...mount('marketing', remoteMounts.marketing),
      // The sign-in screens carry the form and validation libraries: loaded when visited, so
      // the landing page does not pay for them.
      {
        path: '/login',
        lazy: () => lazyPage(import('../features/auth/components/LoginPage'), 'LoginPage'),
      },
      {
        path: '/register',
        lazy: () => lazyPage(import('../features/auth/components/RegisterPage'), 'RegisterPage'),
      },
      ...['/reset-password', '/forgot-password'].map((path) => ({
        path,
        lazy: () =>
          lazyPage(import('../features/auth/components/ResetPasswordPage'), 'ResetPasswordPage'),
      })),
      // Public in the spec's route table; the page itself asks for a signed-in user.
      ...mount('account', ['/update-profile']),
      {
        element: <RequireAuth />,
        children: mount('checkout', outsideUserArea(remoteMounts.checkout)),
      },
      {
        path: '/user',
        element: (
          <RequireAuth>
            <UserLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <Navigate to="/user/dashboard" replace /> },
          ...mount('account', inUserArea(remoteMounts.account)),
          ...mount('checkout', inUserArea(remoteMounts.checkout)),
          ...mount('generator', inUserArea(remoteMounts.generator)),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: '/admin/*',
        element: (
          <RequireAuth>
            <RequireAdmin>
              <RemoteApp remote="admin" />
            </RequireAdmin>
          </RequireAuth>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
