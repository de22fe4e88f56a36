import { idOf } from './useNavigationScroll';

/** How long a page that is still loading may take to draw its heading (or the linked section). */
const TARGET_WAIT_MS = 5000;

/**
 * Moves the focus to the page just navigated to: its heading (h1), or the section `hash` names.
 * `before` had the focus when the page was drawn: the link followed, or the page's own field.
 * Returns what stops the wait.
 */
export function focusNewPage(hash: string, before: Element | null): () => void {
  const id = idOf(hash);
  const main = () => document.querySelector<HTMLElement>('main');
  let moved: HTMLElement | null = null;
  const moveTo = (target: HTMLElement) => {
    const focused = document.activeElement;
    // From the link followed, unless the page keeps the focus on something of its own (a
    // section a link names is the reader's choice); then from a heading the page has replaced
    // as its data arrived. Anywhere else, the reader has moved on.
    if (
      !focused ||
      focused === document.body ||
      (!moved && focused === before && (id || !main()?.contains(focused)))
    ) {
      if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
      // The page scrolls as useNavigationScroll decides.
      target.focus({ preventScroll: true });
      moved = target;
    } else stop();
  };
  const settle = () => {
    if (moved?.isConnected) return;
    const target = id ? document.getElementById(id) : main()?.querySelector('h1');
    if (target) moveTo(target);
  };

  const mutations = new MutationObserver(settle);
  mutations.observe(document.body, { childList: true, subtree: true });
  const timer = setTimeout(() => {
    const landmark = main();
    if (!moved && !id && landmark) moveTo(landmark);
    stop();
  }, TARGET_WAIT_MS);
  function stop() {
    mutations.disconnect();
    clearTimeout(timer);
  }

  settle();
  return stop;
}
