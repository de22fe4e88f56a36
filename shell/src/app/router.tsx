import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { LoginPage } from '../features/auth/components/LoginPage';
import { RegisterPage } from '../features/auth/components/RegisterPage';
import { RequireAdmin } from '../features/auth/components/RequireAdmin';
import { RequireAuth } from '../features/auth/components/RequireAuth';
import { ResetPasswordPage } from '../features/auth/components/ResetPasswordPage';
import { AppErrorPage } from '../features/errors/components/AppErrorPage';
import { NotFoundPage } from '../features/errors/components/NotFoundPage';
import { RootLayout } from '../features/layout/components/RootLayout';
import { RemoteApp } from '../features/remotes/RemoteApp';
import { UserLayout } from '../features/user-area/components/UserLayout';

/** Mounts a remote's pages at the given paths; each remote's own <Routes> picks the page. */
function mount(remote: string, paths: string[]): RouteObject[] {
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
      ...mount('marketing', ['/', '/about', '/contact', '/premium/:slug/:itemId']),
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/forgot-password', element: <ResetPasswordPage /> },
      // Public in the spec's route table; the page itself asks for a signed-in user.
      ...mount('account', ['/update-profile']),
      {
        element: <RequireAuth />,
        children: mount('checkout', [
          '/buy/:id',
          '/item-buy/:id',
          '/pay-now/:id',
          '/item-pay-now/:id',
        ]),
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
          ...mount('account', [
            'dashboard',
            'orders',
            'orders-history',
            'subscription-history',
            'select-package',
            'support',
            'create-support',
          ]),
          ...mount('checkout', [
            'pending-payment',
            'package-pending-payment',
            'item-pending-payment',
          ]),
          ...mount('generator', ['generate-email']),
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
