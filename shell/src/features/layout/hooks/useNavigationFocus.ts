import { useLocation } from '@coldmail/router';
import { useEffect, useRef } from 'react';

/**
 * After a navigation in the page, the focus moves to the new page's heading (h1), or to the
 * section the link's hash names (`/#packages`): a screen reader reads where the reader now is,
 * and Tab goes on from there rather than from the link that led here. A page still loading is
 * waited for, and a heading it replaces as its data arrives is followed; without a heading the
 * main landmark takes the focus. Not on the first load, nor after a redirect before the reader
 * has done anything; and once the focus has moved on meanwhile (the reader tabbed on, the page
 * focused a field of its own), it stays there.
 */
export function useNavigationFocus(): void {
  const { pathname, hash, key } = useLocation();
  const hashVisit = hash ? key : null;
  const shown = useRef(key);

  useEffect(() => {
    // Browsers without the User Activation API (old ones, jsdom) count as the reader having acted.
    if (key === shown.current || navigator.userActivation?.hasBeenActive === false) return;
    shown.current = key;
    // The link followed, still there, or the page's own field, focused as the page mounted.
    const before = document.activeElement;
    let stop: (() => void) | null = null;
    let current = true;
    // Never needed on the first load: its code comes with the first navigation.
    void import('./focusNewPage').then(({ focusNewPage }) => {
      if (current) stop = focusNewPage(hash, before);
    });
    return () => {
      current = false;
      stop?.();
    };
    // `key` changes with every navigation, the query string's alone included: those move nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname, hash, hashVisit]);
}
