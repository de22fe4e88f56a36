import { ToastHost } from '@coldmail/ui';
import { useDeferredValue, useRef } from 'react';
import { Outlet, useLocation } from '@coldmail/router';
import { VerifyEmailNotice } from '../../auth/components/VerifyEmailNotice';
import { useNavigationScroll } from '../hooks/useNavigationScroll';
import { FirstScreenLoader } from './FirstScreenLoader';
import { Footer } from './Footer';
import { Header } from './Header';
import styles from './RootLayout.module.css';

/** The user area and the admin back office bring their own chrome. */
function hasSiteChrome(pathname: string): boolean {
  return !pathname.startsWith('/user') && !pathname.startsWith('/admin');
}

export function RootLayout() {
  const { pathname } = useLocation();
  const header = useRef<HTMLElement>(null);
  useNavigationScroll(header);

  // The page is first drawn in a deferred render, which React splits into short slices: the
  // start-up render (the chrome, committed at once, so the router follows history from the
  // start) and the page's are not one long task that keeps the browser from responding.
  // Meanwhile a loader holds the first screen, as a loading page does, so the footer does not
  // show there and then move.
  const pageDrawn = useDeferredValue(true, false);

  const chrome = hasSiteChrome(pathname);
  return (
    <div className={styles.root}>
      {chrome && <Header ref={header} />}
      <VerifyEmailNotice />
      <main className={styles.main}>{pageDrawn ? <Outlet /> : <FirstScreenLoader />}</main>
      {chrome && <Footer />}
      <ToastHost />
    </div>
  );
}
