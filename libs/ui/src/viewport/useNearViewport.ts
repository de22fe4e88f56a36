import { useEffect, useState, type RefObject } from 'react';

export interface NearViewportOptions {
  /** How far outside the viewport already counts as near (a CSS margin, e.g. '200px'). */
  margin?: string;
  /** Near from the start, with nothing watched (above the fold, or nothing waits for it). */
  immediately?: boolean;
}

/**
 * True once the element shows in the viewport, or comes within `margin` of it, and from then on:
 * what sits below the fold waits for this before it loads its images or code. True at once where
 * nothing can tell (no IntersectionObserver). Touching the viewport's edge is not showing.
 */
export function useNearViewport(
  element: RefObject<Element | null>,
  { margin = '0px', immediately = false }: NearViewportOptions = {},
): boolean {
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  const shown = near || immediately;
  useEffect(() => {
    const target = element.current;
    if (shown || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.intersectionRatio > 0)) setNear(true);
      },
      { rootMargin: margin, threshold: [0, 0.01] },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, shown, margin]);
  return shown;
}
