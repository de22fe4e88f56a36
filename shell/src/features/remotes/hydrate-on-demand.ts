/**
 * When a server-rendered remote page takes its code: not at once. The page the server drew is
 * already whole (its text, its images, its links work), so its remote's code is downloaded only
 * when the visitor needs it:
 * - the visitor reaches for it: a pointer over it, a touch, the focus or a key inside it;
 * - something in it that works only with its code (marked `data-hydrate="visible"`, such as the
 *   contact form) comes near the screen;
 * - the visitor leaves the first page for another in the browser (the router asks for it).
 * A click that lands while the code is on its way is not lost: React drops it (it cannot run a
 * handler it does not have yet), so it is made again once the page has been taken over; so is
 * one made before any of the shell's code ran (index.html's start-up script keeps it). A click
 * on one of the site's own links goes through the shell's router (no page load), as it would
 * once the page is taken over.
 */

/** The events that say the visitor is about to use a remote's part of the page. */
const REACHING = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
/** How far below the screen a `data-hydrate="visible"` element starts its remote's code. */
const VISIBLE_MARGIN = '400px';

interface Pending {
  wanted: Promise<void>;
  want: () => void;
  /** Set once the remote's page has been taken over. */
  hydrated: boolean;
  /** The last click React dropped on it before that, to be made again then. */
  click: HTMLElement | null;
  /** Stops what asks for the code (until it is asked for). */
  stopTriggers: () => void;
  /** Stops keeping clicks (once the page is taken over). */
  stopClicks: () => void;
}

const pending = new Map<string, Pending>();

/** The shell's router, for a link followed before its page was taken over. */
let navigate: ((to: string) => void) | null = null;

/** Links of the page the server drew, followed through `to` (null: by the browser). */
export function navigateLinksWith(to: ((path: string) => void) | null): void {
  navigate = to;
}

/** The site's own page a click on `target` goes to, when the router can take it there. */
function routedLinkOf(event: MouseEvent, target: HTMLElement): string | null {
  const link = target.closest('a[href]');
  if (!(link instanceof HTMLAnchorElement) || !navigate || event.defaultPrevented) return null;
  // A jump within this page ('#', '#contact') is the browser's.
  if (link.getAttribute('href')?.startsWith('#')) return null;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
    return null;
  }
  if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
  const url = new URL(link.href, window.location.href);
  const here = window.location;
  if (url.origin !== here.origin) return null;
  // A jump within this page is the browser's.
  if (url.hash && url.pathname === here.pathname && url.search === here.search) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The remote whose server-rendered part `target` is in, if any. */
function remoteOf(target: EventTarget | null): string | null {
  const region = target instanceof Element ? target.closest('[data-remote]') : null;
  return region?.getAttribute('data-remote') ?? null;
}

/** A click the browser carries out without the page's code: a link, a form's submit button. */
function actsWithoutCode(target: HTMLElement): boolean {
  if (target.closest('a[href]')) return true;
  const button = target.closest('button');
  return button !== null && button.type === 'submit' && button.form !== null;
}

/** What asks for the remote's code: the visitor reaching in, or something nearing the screen. */
function watchForNeed(remote: string, entry: Pending): () => void {
  const reach = (event: Event) => {
    if (remoteOf(event.target) === remote) entry.want();
  };
  for (const type of REACHING)
    window.addEventListener(type, reach, { capture: true, passive: true });
  let observer: IntersectionObserver | undefined;
  if (typeof IntersectionObserver === 'function') {
    observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((seen) => seen.isIntersecting)) entry.want();
      },
      { rootMargin: `0px 0px ${VISIBLE_MARGIN} 0px` },
    );
    for (const element of document.querySelectorAll(
      `[data-remote="${CSS.escape(remote)}"] [data-hydrate="visible"]`,
    )) {
      observer.observe(element);
    }
  }
  return () => {
    for (const type of REACHING) window.removeEventListener(type, reach, { capture: true });
    observer?.disconnect();
  };
}

/**
 * Clicks on the remote's part until it is taken over. Each is noted as it starts (capture) and
 * forgotten if it gets through (bubble): React stops the propagation of a click it drops, on
 * content it has not taken over, and handles it as usual once it has (even when that happens
 * during the click), so only a dropped click is made again. A click on one of the page's own
 * links goes through the router.
 */
function keepClicks(remote: string, entry: Pending): () => void {
  const noted = (event: MouseEvent) => {
    const target = event.target;
    if (entry.hydrated || !(target instanceof HTMLElement) || remoteOf(target) !== remote) return;
    const route = routedLinkOf(event, target);
    if (route !== null) {
      event.preventDefault();
      navigate?.(route);
      return;
    }
    entry.want();
    entry.click = actsWithoutCode(target) ? null : target;
  };
  const through = (event: MouseEvent) => {
    if (event.target === entry.click) entry.click = null;
  };
  window.addEventListener('click', noted, { capture: true });
  window.addEventListener('click', through);
  // A click made before any of the shell's code ran (index.html's start-up script kept it).
  const early = window.__coldmailEarly?.clicks;
  if (early) {
    early.stop();
    const before = early.last;
    if (before instanceof HTMLElement && remoteOf(before) === remote && !actsWithoutCode(before)) {
      entry.click = before;
      queueMicrotask(entry.want);
    }
  }
  return () => {
    window.removeEventListener('click', noted, { capture: true });
    window.removeEventListener('click', through);
  };
}

function entryOf(remote: string): Pending {
  let entry = pending.get(remote);
  if (!entry) {
    let resolve!: () => void;
    const wanted = new Promise<void>((done) => {
      resolve = done;
    });
    const created: Pending = {
      wanted,
      want: () => {
        created.stopTriggers();
        resolve();
      },
      hydrated: false,
      click: null,
      stopTriggers: () => {},
      stopClicks: () => {},
    };
    pending.set(remote, created);
    created.stopTriggers = watchForNeed(remote, created);
    created.stopClicks = keepClicks(remote, created);
    entry = created;
  }
  return entry;
}

/** Resolves when `remote`'s server-rendered part of the page needs its code (see above). */
export function whenRemoteWanted(remote: string): Promise<void> {
  return entryOf(remote).wanted;
}

/** `remote`'s code is needed now (the visitor went to another of its pages, say). */
export function wantRemote(remote: string): void {
  entryOf(remote).want();
}

/** `remote`'s page has been taken over: a click it dropped meanwhile is made again. */
export function remoteHydrated(remote: string): void {
  const entry = entryOf(remote);
  if (entry.hydrated) return;
  entry.hydrated = true;
  entry.want();
  entry.stopClicks();
  const missed = entry.click;
  entry.click = null;
  if (missed?.isConnected) missed.click();
}
