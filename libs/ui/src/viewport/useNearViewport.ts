import { useEffect, useState, type RefObject } from 'react';

export interface NearViewportOptions {
  /** How far outside the viewport already counts as near (a CSS margin, e.g. '200px'). */
  margin?: string;
  /** Near from the start, with nothing watched (above the fold, or nothing waits for it). */
  immediately?: boolean;
  /**
   * Near only once the element has stayed near this long (ms): a page still laying itself out
   * (a loader the height of the screen, then the content) puts what follows it near for a moment.
   */
  dwellMs?: number;
}

/**
 * True once the element shows in the viewport, or comes within `margin` of it, and from then on:
 * what sits below the fold waits for this before it loads its images or code. True at once in a
 * browser that cannot tell (no IntersectionObserver); false on the server, which draws the page
 * as a browser that has not scrolled yet. Touching the viewport's edge is not showing.
 */
export function useNearViewport(
  element: RefObject<Element | null>,
  { margin = '0px', immediately = false, dwellMs = 0 }: NearViewportOptions = {},
): boolean {
  const [near, setNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );
  const shown = near || immediately;
  useEffect(() => {
    const target = element.current;
    if (shown || !target) return;
    let dwell: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const isNear = entries.some((entry) => entry.intersectionRatio > 0);
        if (!isNear) {
          clearTimeout(dwell);
          dwell = undefined;
        } else if (dwellMs <= 0) {
          setNear(true);
        } else {
          dwell ??= setTimeout(() => setNear(true), dwellMs);
        }
      },
      { rootMargin: margin, threshold: [0, 0.01] },
    );
    observer.observe(target);
    return () => {
      observer.disconnect();
      clearTimeout(dwell);
    };
  }, [element, shown, margin, dwellMs]);
  return shown;
}
