// The baseline builds every remote's pages into the shell: the same pages as the federated
// build, without Module Federation, to measure what federation costs. Each remote's pages load
// when first shown, as in the federated build (a fair single-page app, not one bundle).
import { apps } from '@baseline/apps';
import { UNSAFE_RouteContext } from '@coldmail/router';
import { loadable, PageLoader, type Loadable } from '@coldmail/ui';
import type { ComponentType } from 'react';

const rootRouteContext = { outlet: null, matches: [], isDataRoute: false };
const loaders = apps as Record<string, (() => Promise<{ default: ComponentType }>) | undefined>;
const remoteApps = new Map<string, Loadable<object>>();

function appOf(remote: string): Loadable<object> | null {
  const load = loaders[remote];
  if (!load) return null;
  let app = remoteApps.get(remote);
  if (!app) {
    app = loadable(async () => (await load()).default, <PageLoader />);
    remoteApps.set(remote, app);
  }
  return app;
}

export function RemoteApp({ remote }: { remote: string }) {
  const App = appOf(remote);
  if (!App) return null;
  return (
    <UNSAFE_RouteContext.Provider value={rootRouteContext}>
      <App />
    </UNSAFE_RouteContext.Provider>
  );
}

/** Starts loading the current page's remote before React first renders, as the shell does. */
export function preloadRemoteApp(remote: string): void {
  appOf(remote)?.preload();
}
