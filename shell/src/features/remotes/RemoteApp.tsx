import { Button, PageLoader } from '@coldmail/ui';
import { lazy, Suspense, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation } from '@coldmail/router';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import styles from './RemoteApp.module.css';
import { loadRemoteApp } from './remote-registry';
import { RouteContextReset } from './RouteContextReset';

// One lazy component per remote, shared by every route that mounts it, so moving between two
// pages of the same remote does not load or suspend it again. Retry replaces the entry.
const lazyApps = new Map<string, LazyExoticComponent<ComponentType>>();

function lazyAppOf(remote: string, afterFailure: boolean): LazyExoticComponent<ComponentType> {
  let app = lazyApps.get(remote);
  if (!app || afterFailure) {
    app = lazy(() => loadRemoteApp(remote, { afterFailure }));
    lazyApps.set(remote, app);
  }
  return app;
}

function RemoteUnavailable({ remote, onRetry }: { remote: string; onRetry: () => void }) {
  return (
    <div className={styles.fallback} role="alert" data-remote-fallback={remote}>
      <h2 className={styles.title}>This section is temporarily unavailable</h2>
      <p className={styles.text}>
        Loading chunk {remote} failed. The rest of the site still works.
      </p>
      <Button onClick={onRetry}>Retry</Button>
    </div>
  );
}

/** Renders a remote's exposed App in place; a remote that fails shows a fallback with Retry. */
export function RemoteApp({ remote }: { remote: string }) {
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);
  const App = lazyAppOf(remote, false);

  const retry = () => {
    lazyAppOf(remote, true);
    setAttempt((count) => count + 1);
  };

  return (
    <RemoteErrorBoundary
      remote={remote}
      resetKey={`${attempt}:${pathname}`}
      fallback={() => <RemoteUnavailable remote={remote} onRetry={retry} />}
    >
      <Suspense
        fallback={
          // Fills the first screen, so the footer below does not jump when the page arrives.
          <div className={styles.loading}>
            <PageLoader />
          </div>
        }
      >
        <RouteContextReset>
          <App />
        </RouteContextReset>
      </Suspense>
    </RemoteErrorBoundary>
  );
}
