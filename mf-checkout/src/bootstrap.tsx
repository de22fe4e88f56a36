import '@coldmail/ui/theme.css';
import { sessionActions } from '@coldmail/session';
import { ToastHost } from '@coldmail/ui';
import { queryClient, QueryClientProvider } from '@coldmail/query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '@coldmail/router';
import App from './app/App';

// Standalone mode, for the team that owns this remote: in the product the shell renders App.
sessionActions.configure({ apiBaseUrl: import.meta.env.VITE_API_URL ?? 'http://localhost:3000' });
sessionActions.signedOut();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <App />
        <ToastHost />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
