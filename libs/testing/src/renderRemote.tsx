import type { UserRecord } from '@coldmail/contracts';
import { MemoryRouter, useLocation } from '@coldmail/router';
import { createQueryClient, sessionActions } from '@coldmail/session';
import { ToastHost } from '@coldmail/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { userRecord } from './builders';

function CurrentPath() {
  return <p data-testid="current-path">{useLocation().pathname}</p>;
}

/**
 * A remote's App as the shell mounts it, at `path`, for a signed-in user with `profile` (none
 * when null: the record has not loaded yet), talking to the API at `apiUrl`. Each render gets its
 * own query cache, so no answer leaks from one test into the next.
 */
export function renderRemote(
  App: ComponentType,
  path: string,
  { apiUrl, profile = userRecord() }: { apiUrl: string; profile?: UserRecord | null },
) {
  sessionActions.configure({ apiBaseUrl: apiUrl });
  sessionActions.signedOut();
  sessionActions.signedIn({
    uid: 'uid-1',
    email: 'buyer@example.com',
    displayName: null,
    photoURL: null,
  });
  if (profile) sessionActions.setProfile(profile);
  return render(
    <QueryClientProvider client={createQueryClient()}>
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
