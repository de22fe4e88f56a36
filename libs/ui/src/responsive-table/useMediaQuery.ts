import { useCallback, useSyncExternalStore } from 'react';

/** Phones and small tablets: where tables turn into cards. Matches the CSS modules' breakpoint. */
export const MOBILE_QUERY = '(max-width: 767px)';

function canMatch(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function';
}

/** Whether `query` matches now, re-rendering on change; false on the server and in plain jsdom. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!canMatch()) return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  const getSnapshot = () => canMatch() && window.matchMedia(query).matches;
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
