import { paths } from '@coldmail/registry/pages';
import { useMe } from '@coldmail/session';
import { Button, ButtonLink, Card, MAIN_CONTENT_ID, PageLoader } from '@coldmail/ui';
import type { ReactNode } from 'react';
import { Outlet } from '@coldmail/router';
import styles from './RequireAdmin.module.css';

/**
 * Admin pages render only for a user whose record (loaded from the API) has the Admin role. The
 * back office's layout draws the page's main landmark; the refusals here, shown instead, are
 * one of their own.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const me = useMe();
  if (me.isAdmin) return children ?? <Outlet />;
  if (me.record) {
    return (
      <main id={MAIN_CONTENT_ID} className={styles.page}>
        <Card className={styles.card}>
          <h1 className={styles.title}>Not Authorized</h1>
          <p className={styles.text}>
            You can&apos;t access this page; this route is only accessible for Admin.
          </p>
          <ButtonLink to={paths.home}>Go to Home</ButtonLink>
        </Card>
      </main>
    );
  }
  // Without the record nobody knows the role yet: an admin whose record failed to load is not
  // told they are not one.
  if (me.status !== 'error') return <PageLoader />;
  return (
    <main id={MAIN_CONTENT_ID} className={styles.page}>
      <Card className={styles.card}>
        <p className={styles.text} role="alert">
          User data could not be loaded. Please try again later.
        </p>
        <Button onClick={() => void me.retry()}>Retry</Button>
      </Card>
    </main>
  );
}
