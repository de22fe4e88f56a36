import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID, ToastHost } from '@coldmail/ui';
import { useDeferredValue, useEffect, useRef, type MouseEvent } from 'react';
import { Outlet, useLocation } from '@coldmail/router';
import { useNavigationFocus } from '../hooks/useNavigationFocus';
import { useNavigationScroll } from '../hooks/useNavigationScroll';
import { FirstScreenLoader } from '../../../components/FirstScreenLoader';
import { useServerRendering } from '../../../utils/server-rendering';
import { Footer } from './Footer';
import { Header } from './Header';
import styles from './RootLayout.module.css';

/**
 * The user area and the admin back office bring their own chrome: a sidebar beside the page's
 * main landmark, which their layout draws (the sidebar is no part of the main content).
 */
function hasSiteChrome(pathname: string): boolean {
  return !pathname.startsWith('/user') && !pathname.startsWith('/admin');
}

interface RootLayoutProps {
  /** Shown above the header, such as the sign-in's "verify your e-mail" notice (the app's). */
  notice?: ReactNode;
}

export function RootLayout({ notice }: RootLayoutProps) {
  const { pathname } = useLocation();
  const header = useRef<HTMLElement>(null);
  const content = useRef<HTMLDivElement>(null);
  useNavigationScroll(header);
  useNavigationFocus();

  // The page is first drawn in a deferred render, which React splits into short slices: the
  // start-up render (the chrome, committed at once, so the router follows history from the
  // start) and the page's are not one long task that keeps the browser from responding.
  // Meanwhile a loader holds the first screen, as a loading page does, so the footer does not
  // show there and then move. A server-rendered page is drawn at once, on the server and in the
  // browser that takes it over.
  const pageDrawn = useDeferredValue(true, useServerRendering() !== null);

  const chrome = hasSiteChrome(pathname);
  // The sticky header's height, for the page's scroll padding (theme.css): what the keyboard
  // focuses, or a link's target, is scrolled into view below the header, not under it.
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement.style;
    const measure = () => root.setProperty('--cm-header-height', `${element.offsetHeight}px`);
    measure();
    const resizes = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    resizes?.observe(element);
    return () => {
      resizes?.disconnect();
      root.removeProperty('--cm-header-height');
    };
  }, [chrome]);

  // The skip link takes the focus to the page's main landmark; the URL stays as it is. In an area
  // whose layout (a deployment older than this shell) draws none, to the box of the page.
  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(MAIN_CONTENT_ID) ?? content.current;
    if (!target) return;
    event.preventDefault();
    target.tabIndex = -1;
    target.focus();
  };

  const Content = chrome ? 'main' : 'div';
  return (
    <div className={styles.root}>
      <a className={styles.skipLink} href={`#${MAIN_CONTENT_ID}`} onClick={skipToMain}>
        Skip to main content
      </a>
      {chrome && <Header ref={header} />}
      {notice}
      <Content ref={content} id={chrome ? MAIN_CONTENT_ID : undefined} className={styles.main}>
        {pageDrawn ? <Outlet /> : <FirstScreenLoader />}
      </Content>
      {chrome && <Footer />}
      <ToastHost />
    </div>
  );
}
