import { loadable, type Loadable } from '@coldmail/ui';
import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation } from '@coldmail/router';
import { FirstScreenLoader } from '../../components/FirstScreenLoader';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { loadRemoteApp } from './remote-registry';
import { RouteContextReset } from './RouteContextReset';
import { useServerRendering } from '../../utils/server-rendering';

// One loader per remote, shared by every route that mounts it, so moving between two pages of
// the same remote does not load it again. Retry replaces the entry.
const remoteApps = new Map<string, Loadable<object>>();

const loading = <FirstScreenLoader />;

function remoteAppOf(remote: string, afterFailure: boolean): Loadable<object> {
  let app = remoteApps.get(remote);
  if (!app || afterFailure) {
    app = loadable(async () => (await loadRemoteApp(remote, { afterFailure })).default, loading);
    remoteApps.set(remote, app);
  }
  return app;
}

/** Starts loading a remote's App now, e.g. the current page's before React first renders. */
export function preloadRemoteApp(remote: string): void {
  remoteAppOf(remote, false).preload();
}

/**
 * The remote's App for taking over its server-rendered HTML: React.lazy, which suspends, so React
 * keeps the server's HTML on screen (its links working, a click on it replayed) until the code is
 * in and then hydrates it. (The loader above draws its fallback instead, which would replace it.)
 */
const hydratingApps = new Map<string, LazyExoticComponent<ComponentType>>();

function hydratingAppOf(remote: string): LazyExoticComponent<ComponentType> {
  let app = hydratingApps.get(remote);
  if (!app) {
    app = lazy(async () => ({
      default: (await loadRemoteApp(remote, { afterFailure: false })).default as ComponentType,
    }));
    hydratingApps.set(remote, app);
  }
  return app;
}

/** Renders a remote's exposed App in place; a remote that fails shows a fallback with Retry. */
export function RemoteApp({ remote }: { remote: string }) {
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const App = remoteAppOf(remote, false);
  const serverRendering = useServerRendering();
  const Hydrating =
    serverRendering?.hydrating === remote && attempt === 0 ? hydratingAppOf(remote) : null;

  const retry = () => {
    remoteAppOf(remote, true);
    setAttempt((count) => count + 1);
  };

  return (
    <RemoteErrorBoundary remote={remote} resetKey={`${attempt}:${pathname}`} onRetryLoad={retry}>
      <RouteContextReset>
        {/* For whatever inside the remote suspends; the remote's own code loads without it. */}
        <Suspense fallback={loading}>
          {serverRendering?.remotePage ? (
            serverRendering.remotePage(remote)
          ) : Hydrating ? (
            <Hydrating />
          ) : (
            <App />
          )}
        </Suspense>
      </RouteContextReset>
    </RemoteErrorBoundary>
  );
}
