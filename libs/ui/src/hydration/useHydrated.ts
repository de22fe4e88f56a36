import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False while the page is drawn on the server and in the browser's first render of that HTML
 * (hydration), true once React runs the page in the browser (at once on a page the browser
 * renders alone). A control that does nothing until then (a form's submit handler) is drawn
 * disabled until then, so a visitor cannot use it before it works.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
