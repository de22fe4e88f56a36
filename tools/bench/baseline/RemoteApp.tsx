// The baseline bundles every remote's pages straight into the shell: the same pages as the
// federated build, without Module Federation, to measure what federation costs.
import { apps } from '@baseline/apps';
import type { ComponentType } from 'react';
import { UNSAFE_RouteContext } from '@coldmail/router';

const rootRouteContext = { outlet: null, matches: [], isDataRoute: false };

export function RemoteApp({ remote }: { remote: string }) {
  const App = (apps as Record<string, ComponentType | undefined>)[remote];
  if (!App) return null;
  return (
    <UNSAFE_RouteContext.Provider value={rootRouteContext}>
      <App />
    </UNSAFE_RouteContext.Provider>
  );
}

/** Every page is bundled in: nothing to load ahead. */
export function preloadRemoteApp(_remote: string): void {}
