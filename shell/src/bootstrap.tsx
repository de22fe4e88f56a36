import '@coldmail/ui/theme.css';
import { pageForPath } from '@coldmail/registry/pages';
import { publicReadQuery, connectQueryCache, sessionActions } from '@coldmail/session';
import { queryClient, QueryClientProvider } from '@coldmail/query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@coldmail/router';
import { AppRouter, createAppRoutes } from './app/router';
import { HistoryCatchUp } from './app/HistoryCatchUp';
import { earlyRemotes } from './app/early-start';
import { loadRuntimeConfig } from './app/runtime-config';
import { startAuth } from './features/auth/api/firebase-auth';
import { initRemotes } from './features/remotes/remote-registry';
import { preloadRemoteApp } from './features/remotes/RemoteApp';
import { AppErrorBoundary } from './features/errors/components/AppErrorPage';

async function start(): Promise<void> {
  // Both reads started before React loaded; a failed remotes.json is read again when needed.
  initRemotes('/remotes.json', earlyRemotes).catch((error: unknown) => console.error(error));
  // The current page's remote loads while the configuration is read and React first renders.
  const page = pageForPath(window.location.pathname);
  if (page && page.owner !== 'shell') preloadRemoteApp(page.owner);
  const config = await loadRuntimeConfig();
  sessionActions.configure({
    apiBaseUrl: config.apiBaseUrl,
    paypalSdkBaseUrl: config.paypalSdkBaseUrl ?? null,
  });

  // What a write of the typed client makes stale (its contract entry says) is refreshed on
  // every screen that shows it.
  connectQueryCache(queryClient);

  // The page's first reads (index.html's script has preloaded them) go into the query cache
  // while its remote loads, under the keys the page's own queries use.
  for (const path of page?.firstReads ?? []) {
    const read = publicReadQuery(path);
    if (read) void queryClient.prefetchQuery(read);
  }

  const root = createRoot(document.getElementById('root') as HTMLElement);
  // As a transition, the first render (the shell, then each remote page as its code arrives)
  // is done in slices that yield to the browser, instead of one long task that blocks input.
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AppErrorBoundary>
            <BrowserRouter>
              <HistoryCatchUp />
              <AppRouter appRoutes={createAppRoutes()} />
            </BrowserRouter>
          </AppErrorBoundary>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
  startAuth(config.firebase);
}

void start();
