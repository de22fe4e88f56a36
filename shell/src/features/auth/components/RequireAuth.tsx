import { paths } from '@coldmail/registry/pages';
import { useSession } from '@coldmail/session';
import { PageLoader } from '@coldmail/ui';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from '@coldmail/router';

/** Signed-out visitors go to /login, which sends them back here afterwards. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const status = useSession((state) => state.status);
  const location = useLocation();
  if (status === 'unknown') return <PageLoader />;
  if (status === 'signed-out')
    return <Navigate to={paths.login} replace state={{ from: location }} />;
  return children ?? <Outlet />;
}
