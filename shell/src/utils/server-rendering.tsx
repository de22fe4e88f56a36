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
 * Where a remote's server-rendered HTML goes in the shell's (RemoteApp draws it on the server):
 * fillRemoteSlot replaces it with the remote's HTML, which the remote's own components then
 * hydrate.
 */
export function RemoteSlot({ remote }: { remote: string }) {
  return <template data-remote-slot={remote} />;
}

/**
 * The shell's HTML with the remote's in its slot. A slot that is not there (a render that drew
 * something else) is an error, for the renderer to leave the page to the browser: never a page
 * without its content.
 */
export function fillRemoteSlot(html: string, remote: string, remoteHtml: string): string {
  const slot = `<template data-remote-slot="${remote}"></template>`;
  if (!html.includes(slot)) throw new Error(`the shell drew no place for ${remote}'s page`);
  // Replaced by a function: the remote's text may hold `$&` and the like.
  return html.replace(slot, () => remoteHtml);
}
