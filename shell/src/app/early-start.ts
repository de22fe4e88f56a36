// The start-up reads. index.html's inline script (tools/vite-config/early-start-html.mjs) starts
// them while the page is parsed, and warms the current page's remote; this module picks them up,
// or makes them itself where the page has no such script.

const read = (path: string): Promise<unknown> =>
  fetch(path, { cache: 'no-store' }).then((response) => {
    if (!response.ok) throw new Error(`Failed to load ${path}: HTTP ${response.status}`);
    return response.json();
  });

declare global {
  interface Window {
    /** The reads index.html's inline start-up script began. */
    __coldmailEarly?: {
      config: Promise<unknown>;
      remotes: Promise<unknown>;
      /** The current page's remote manifest (URL → text), until the federation runtime takes it. */
      manifests?: Record<string, Promise<string>>;
      /** On a server-rendered page: the last click before the shell's code ran. */
      clicks?: { last: EventTarget | null; stop: () => void };
    };
  }
}

const inline = window.__coldmailEarly;
export const earlyConfig = inline?.config ?? read('/config.json');
export const earlyRemotes = inline?.remotes ?? read('/remotes.json');
// Whoever consumes these reports failures; an unobserved rejection here is not an error.
earlyConfig.catch(() => {});
earlyRemotes.catch(() => {});
