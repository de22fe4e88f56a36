import { toast } from '@coldmail/ui';
import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

// jsdom has no matchMedia: answer like a wide screen (tables, not cards) that prefers reduced
// motion (react-hot-toast asks). A test may stub another answer.
beforeEach(() => {
  window.matchMedia = (query: string) =>
    ({
      matches: query.includes('prefers-reduced-motion'),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) satisfies MediaQueryList;
});

// Testing Library only auto-cleans when vitest globals are on; we keep globals off.
afterEach(() => {
  cleanup();
  act(() => toast.remove());
});
