import '@coldmail/ui/theme.css';
import { sessionActions } from '@coldmail/session';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './app/router';
import { loadRuntimeConfig } from './app/runtime-config';
import { startAuth } from './features/auth/api/firebase-auth';
import { initRemotes } from './features/remotes/remote-registry';

async function start(): Promise<void> {
  // Both reads run while React loads; a failed remotes.json is retried when a remote is needed.
  initRemotes().catch((error: unknown) => console.error(error));
  const config = await loadRuntimeConfig();
  sessionActions.configure({ apiBaseUrl: config.apiBaseUrl });

  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <RouterProvider router={createAppRouter()} />
    </StrictMode>,
  );
  startAuth(config.firebase);
}

void start();
