import { useLocation } from '@coldmail/router';
import { useEffect, type RefObject } from 'react';

/**
 * How long the section a link names (`/#packages`) may take to appear and settle: its page may be
 * a remote that is still loading, and the landing's blocks above it render once their data is in.
 */
const SECTION_WAIT_MS = 5000;

/** What a reader does to scroll on their own; from then on the scrolling is theirs. */
const READER_INPUT = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/** The id a URL's hash names ('#packages' → 'packages'); a hash that is not valid escaping as is. */
export function idOf(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/**
 * The page scrolls smoothly on every navigation (spec): to the top, or, when the URL has a hash,
 * to the element of that id, just below the sticky header. That element is waited for, and
 * followed while what renders above it pushes it down, until the reader scrolls themselves or a
 * few seconds have passed; a hash that names nothing leaves the page at the top.
 */
export function useNavigationScroll(stickyHeader: RefObject<HTMLElement | null>): void {
  const { pathname, hash, key } = useLocation();
  // Following the same link again (its hash unchanged) scrolls to its section again, as a browser
  // does; a change of the query string alone (a filter, a page of a list) does not scroll.
  const hashVisit = hash ? key : null;

  useEffect(() => {
    const id = idOf(hash);
    if (!id) {
      window.scrollTo({ top: 0, behavior: 'smooth' });
      return;
    }

    let scrolledTo: number | null = null;
    const scrollToSection = () => {
      const section = document.getElementById(id);
      if (!section) return;
      const top =
        section.getBoundingClientRect().top +
        window.scrollY -
        (stickyHeader.current?.offsetHeight ?? 0);
      if (scrolledTo !== null && Math.abs(top - scrolledTo) < 1) return;
      scrolledTo = top;
      window.scrollTo({ top, behavior: 'smooth' });
    };

    // Content added anywhere (a remote's page, a block's data), and the page growing without a
    // change to its elements (an image that loaded), may move the section.
    const mutations = new MutationObserver(scrollToSection);
    mutations.observe(document.body, { childList: true, subtree: true });
    const resizes =
      typeof ResizeObserver === 'function' ? new ResizeObserver(scrollToSection) : null;
    resizes?.observe(document.body);
    const timer = setTimeout(stop, SECTION_WAIT_MS);
    for (const type of READER_INPUT) window.addEventListener(type, stop, { passive: true });
    function stop() {
      mutations.disconnect();
      resizes?.disconnect();
      clearTimeout(timer);
      for (const type of READER_INPUT) window.removeEventListener(type, stop);
    }

    // A page still to come starts at the top, as after any navigation, until its section shows.
    if (document.getElementById(id)) scrollToSection();
    else window.scrollTo({ top: 0, behavior: 'smooth' });
    return stop;
  }, [pathname, hash, hashVisit, stickyHeader]);
}
