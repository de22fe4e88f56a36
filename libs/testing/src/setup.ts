import { toast } from '@coldmail/ui';
import { act, cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

// A screen that waits on several requests (place an order, then list the pending ones) can take
// more than Testing Library's default second on a busy shared machine; waiting longer costs a
// passing test nothing.
configure({ asyncUtilTimeout: 5000 });

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

// jsdom lays nothing out, so nothing it shows is ever resized; it has no ResizeObserver either.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Testing Library only auto-cleans when vitest globals are on; we keep globals off.
// Toasts first, while the test's ToastHost is still there to take the removal.
afterEach(() => {
  act(() => toast.remove());
  cleanup();
});
