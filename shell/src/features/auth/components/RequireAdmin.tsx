import { selectIsAdmin, useSession } from '@coldmail/session';
import { ButtonLink, Card, PageLoader } from '@coldmail/ui';
import type { ReactNode } from 'react';
import { Outlet } from '@coldmail/router';
import styles from './RequireAdmin.module.css';

/** Admin pages render only for a user whose record (loaded from the API) has the Admin role. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const isAdmin = useSession(selectIsAdmin);
  const profileLoaded = useSession((state) => state.profile !== null);
  if (!profileLoaded) return <PageLoader />;
  if (!isAdmin) {
    return (
      <div className={styles.page}>
        <Card className={styles.card}>
          <h1 className={styles.title}>Not Authorized</h1>
          <p className={styles.text}>
            You can&apos;t access this page; this route is only accessible for Admin.
          </p>
          <ButtonLink to="/">Go to Home</ButtonLink>
        </Card>
      </div>
    );
  }
  return children ?? <Outlet />;
}
