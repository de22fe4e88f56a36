import { ToastHost } from '@coldmail/ui';
import { useEffect } from 'react';
import { Outlet, useLocation } from '@coldmail/router';
import { VerifyEmailNotice } from '../../auth/components/VerifyEmailNotice';
import { Footer } from './Footer';
import { Header } from './Header';
import styles from './RootLayout.module.css';

/** The user area and the admin back office bring their own chrome. */
function hasSiteChrome(pathname: string): boolean {
  return !pathname.startsWith('/user') && !pathname.startsWith('/admin');
}

export function RootLayout() {
  const { pathname } = useLocation();

  useEffect(() => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [pathname]);

  const chrome = hasSiteChrome(pathname);
  return (
    <div className={styles.root}>
      {chrome && <Header />}
      <VerifyEmailNotice />
      <main className={styles.main}>
        <Outlet />
      </main>
      {chrome && <Footer />}
      <ToastHost />
    </div>
  );
}
