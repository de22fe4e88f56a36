import '@coldmail/ui/theme.css';
import { pageForPath } from '@coldmail/registry/pages';
import {
  connectQueryCache,
  preloadRoutes,
  publicReadQuery,
  sessionActions,
} from '@coldmail/session';
import { queryClient, QueryClientProvider } from '@coldmail/query';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { readServerState, seedQueries } from '@coldmail/ssr';
import { BrowserRouter } from '@coldmail/router';
import { AppRouter, createAppRoutes } from './app/router';
import { HistoryCatchUp } from './app/HistoryCatchUp';
import { earlyRemotes } from './app/early-start';
import { apiIsConfigured } from './app/api-configured';
import { loadRuntimeConfig } from './app/runtime-config';
import { configureAuth } from './features/auth/api/auth-settings';
import { initRemotes, remoteFileOf } from './features/remotes/remote-registry';
import { preloadRemoteApp } from './features/remotes/RemoteApp';
import { AppErrorBoundary } from './features/errors/components/AppErrorPage';
import { keepErrors } from './utils/error-sink';
import { ServerRenderingContext } from './utils/server-rendering';

/**
 * Marks <html data-started> once React has drawn the page or taken the server's HTML over (its
 * events are handled from then on). Browser tests wait for it, not for the network to go quiet.
 */
function StartedSignal(): null {
  useEffect(() => {
    document.documentElement.dataset.started = '';
  }, []);
  return null;
}

async function start(): Promise<void> {
  // Both reads started before React loaded; a failed remotes.json is read again when needed.
  initRemotes('/remotes.json', earlyRemotes).catch((error: unknown) => console.error(error));
  // A page the server rendered carries the reads its HTML was drawn from: with them in the
  // cache, the first render draws the same HTML, which React then takes over (hydrates).
  const serverState = readServerState(document);
  // The current page's remote loads while the configuration is read and React first renders;
  // on a server-rendered page, only once the visitor needs it (see RemoteApp).
  const page = pageForPath(window.location.pathname);
  if (!serverState && page && page.owner !== 'shell') preloadRemoteApp(page.owner);
  // No remote part to take over (the not-found page): clicks need not be kept for one.
  if (!page || page.owner === 'shell') window.__coldmailEarly?.clicks?.stop();
  const config = await loadRuntimeConfig();
  // Off unless the deployment names a DSN; the tracker's code loads once the page is idle.
  const { sentryDsn, sentryEnvironment } = config;
  if (sentryDsn) {
    // Errors are kept from now on; the reporting code and the SDK load after.
    keepErrors();
    void import('./utils/error-reports').then(({ shellReleaseOf, startErrorTracking }) =>
      startErrorTracking({
        dsn: sentryDsn,
        environment: sentryEnvironment,
        shellRelease: shellReleaseOf(import.meta.url),
        remoteFileOf,
      }),
    );
  }
  sessionActions.configure({
    apiBaseUrl: config.apiBaseUrl,
    paypalSdkBaseUrl: config.paypalSdkBaseUrl ?? null,
  });
  apiIsConfigured();

  // What a write of the typed client makes stale (its contract entry says) is refreshed on
  // every screen that shows it.
  connectQueryCache(queryClient);

  if (serverState) seedQueries(queryClient, serverState);
  // The page's first reads (index.html's script has preloaded them) go into the query cache
  // while its remote loads, under the keys the page's own queries use.
  else {
    // The typed client's route table: every read of a page the server did not draw needs it.
    preloadRoutes();
    for (const path of page?.firstReads ?? []) {
      void publicReadQuery(path).then((read) => read && queryClient.prefetchQuery(read));
    }
  }

  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppErrorBoundary>
          <BrowserRouter>
            <HistoryCatchUp />
            <StartedSignal />
            <AppRouter
              appRoutes={createAppRoutes()}
              knownPath={serverState ? window.location.pathname : null}
            />
          </BrowserRouter>
        </AppErrorBoundary>
      </QueryClientProvider>
    </StrictMode>
  );
  const container = document.getElementById('root') as HTMLElement;
  if (serverState) {
    // React takes the server's HTML over now (its events are caught from here on); the page's
    // remote part stays as the server drew it until the remote's code is in (RemoteApp).
    const rendering = { hydrating: page && page.owner !== 'shell' ? page.owner : undefined };
    hydrateRoot(
      container,
      <ServerRenderingContext.Provider value={rendering}>{app}</ServerRenderingContext.Provider>,
      {
        onRecoverableError: (error) =>
          console.warn('The server-rendered page was drawn again in the browser:', error),
      },
    );
  } else {
    // As a transition, the first render (the shell, then each remote page as its code arrives)
    // is done in slices that yield to the browser, instead of one long task that blocks input.
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
  // Sign-in's code loads at once only to restore a session (auth-settings.ts).
  if (configureAuth(config.firebase)) {
    import('./features/auth/api/firebase-auth').then(
      (auth) => auth.startAuth(),
      (error: unknown) => {
        console.error('Sign-in could not start', error);
        sessionActions.signedOut();
      },
    );
  } else {
    sessionActions.signedOut();
  }
}

void start();
