import { loadable, type Loadable } from '@coldmail/ui';
import {
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type LazyExoticComponent,
} from 'react';
import { useLocation, useNavigate } from '@coldmail/router';
import { FirstScreenLoader } from '../../components/FirstScreenLoader';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { loadRemoteApp } from './remote-registry';
import {
  navigateLinksWith,
  remoteHydrated,
  wantRemote,
  whenRemoteWanted,
} from './hydrate-on-demand';
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
 * keeps the server's HTML on screen (its links working) until the code is in and then hydrates
 * it. (The loader above draws its fallback instead, which would replace it.) The code is asked
 * for only when the visitor needs it (hydrate-on-demand.ts): reading the page costs none of it.
 */
const hydratingApps = new Map<string, LazyExoticComponent<ComponentType>>();

function hydratingAppOf(remote: string): LazyExoticComponent<ComponentType> {
  let app = hydratingApps.get(remote);
  if (!app) {
    app = lazy(async () => {
      await whenRemoteWanted(remote);
      const App = (await loadRemoteApp(remote, { afterFailure: false })).default;
      function Hydrated() {
        useEffect(() => remoteHydrated(remote), []);
        return <App />;
      }
      return { default: Hydrated };
    });
    hydratingApps.set(remote, app);
  }
  return app;
}

/** The path the server drew: the one page whose remote part is taken over rather than drawn. */
const serverPath = typeof window === 'undefined' ? null : window.location.pathname;

/** Renders a remote's exposed App in place; a remote that fails shows a fallback with Retry. */
export function RemoteApp({ remote }: { remote: string }) {
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const App = remoteAppOf(remote, false);
  const serverRendering = useServerRendering();
  const takingOver = serverRendering?.hydrating === remote && attempt === 0;
  // Another page (of this remote or back to this one): its code is needed now.
  if (takingOver && pathname !== serverPath) wantRemote(remote);
  const Hydrating = takingOver ? hydratingAppOf(remote) : null;
  const navigate = useNavigate();
  useEffect(() => {
    if (!takingOver) return;
    navigateLinksWith((to) => navigate(to));
    return () => navigateLinksWith(null);
  }, [takingOver, navigate]);
  // Once this page is left, the server's HTML is gone: back on it, the remote's code draws it.
  useEffect(() => (takingOver ? () => wantRemote(remote) : undefined), [takingOver, remote]);

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
