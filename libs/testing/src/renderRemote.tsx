import type { UserRecord } from '@coldmail/contracts';
import { MemoryRouter, useLocation } from '@coldmail/router';
import { refreshWhenStale, sessionActions } from '@coldmail/session';
import { ToastHost } from '@coldmail/ui';
import { createQueryClient, QueryClientProvider } from '@coldmail/query';
import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { userRecord } from './builders';

function CurrentPath() {
  return <p data-testid="current-path">{useLocation().pathname}</p>;
}

interface SignedInOptions {
  /** The API the session's client talks to (a stand-in's url). */
  apiUrl: string;
  /** The user's record; none when null: it has not loaded yet. */
  profile?: UserRecord | null;
}

/** The session of the builders' buyer (buyer@example.com), signed in afresh, on the API at `apiUrl`. */
export function signInBuyer({ apiUrl, profile = userRecord() }: SignedInOptions): void {
  sessionActions.configure({ apiBaseUrl: apiUrl });
  sessionActions.signedOut();
  sessionActions.signedIn({
    uid: 'uid-1',
    email: 'buyer@example.com',
    displayName: null,
    photoURL: null,
  });
  if (profile) sessionActions.setProfile(profile);
}

/**
 * A remote's App as the shell mounts it, at `path`, for the signed-in buyer (see signInBuyer).
 * Each render gets its own query cache, so no answer leaks from one test into the next.
 */
export function renderRemote(App: ComponentType, path: string, session: SignedInOptions) {
  signInBuyer(session);
  const queryClient = createQueryClient();
  // As the shell does: what a write makes stale is refreshed.
  refreshWhenStale(queryClient);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <App />
        <CurrentPath />
        <ToastHost />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The path the remote's router is at now (after its own redirects and navigations). */
export const currentPath = () => screen.getByTestId('current-path').textContent;
