import { paths } from '@coldmail/registry/pages';
import { selectIsAdmin, useSession } from '@coldmail/session';
import { ButtonLink, Card, PageLoader } from '@coldmail/ui';
import type { ReactNode } from 'react';
import { Outlet } from '@coldmail/router';
import styles from './RequireAdmin.module.css';

/** Admin pages render only for a user whose record (loaded from the API) has the Admin role. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const isAdmin = useSession(selectIsAdmin);
  const profileStatus = useSession((state) => state.profileStatus);
  const hasProfile = useSession((state) => state.profile !== null);
  // A failed load shows the card below: the server will refuse the admin calls anyway.
  if (!hasProfile && profileStatus !== 'error') return <PageLoader />;
  if (!isAdmin) {
    return (
      <div className={styles.page}>
        <Card className={styles.card}>
          <h1 className={styles.title}>Not Authorized</h1>
          <p className={styles.text}>
            You can&apos;t access this page; this route is only accessible for Admin.
          </p>
          <ButtonLink to={paths.home}>Go to Home</ButtonLink>
        </Card>
      </div>
    );
  }
  return children ?? <Outlet />;
}
