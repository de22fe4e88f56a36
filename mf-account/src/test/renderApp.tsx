import type { UserRecord } from '@coldmail/contracts';
import { MemoryRouter, useLocation } from '@coldmail/router';
import { sessionActions } from '@coldmail/session';
import { ToastHost } from '@coldmail/ui';
import { render, screen } from '@testing-library/react';
import App from '../app/App';
import { userRecord } from './fixtures';

function CurrentPath() {
  return <p data-testid="current-path">{useLocation().pathname}</p>;
}

/** The remote as the shell mounts it, at `path`, for a signed-in user with `profile`. */
export function renderApp(
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
    <MemoryRouter initialEntries={[path]}>
      <App />
      <CurrentPath />
      <ToastHost />
    </MemoryRouter>,
  );
}

export const currentPath = () => screen.getByTestId('current-path').textContent;
