import { createContext, useContext, type ReactNode } from 'react';

/**
 * How the page is being drawn. On the server (the page renderer, shell/server) and in the
 * browser's first render of a server-rendered page (hydration), the page is drawn at once and
 * the same in both: no deferred first screen, and nothing read from the browser's storage before
 * the page has taken over. `remotePage` (server only): a remote's part of the page as its own
 * server entry rendered it, which the shell puts in place of that remote's app.
 */
export interface ServerRendering {
  remotePage?: (remote: string) => ReactNode;
  /**
   * (Browser only) the remote whose server-rendered page is being taken over: its app is
   * hydrated once its code is in, and until then the server's HTML stays as it is.
   */
  hydrating?: string;
}

export const ServerRenderingContext = createContext<ServerRendering | null>(null);

/** Null when the page is drawn in the browser alone (not rendered by the server). */
export const useServerRendering = (): ServerRendering | null => useContext(ServerRenderingContext);

/**
 * Where a remote's server-rendered HTML goes in the shell's: the renderer replaces this element
 * (see fillRemoteSlots) with the remote's HTML, which the remote's own components then hydrate.
 */
export const remoteSlotMarkup = (remote: string): string =>
  `<template data-remote-slot="${remote}"></template>`;
