import { navOf, paths } from '@coldmail/registry/pages';
import { Route, Routes } from '@coldmail/router';
import { sessionActions, useSession } from '@coldmail/session';
import { currentPath, navLogo, renderRemote, startTestApi, type TestApi } from '@coldmail/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UserLayout } from './UserLayout';

let api: TestApi;
afterEach(async () => {
  useSession.setState({ adapter: null });
  await api.close();
});

/** The user area as the shell's route table mounts it, with the home page beside it. */
function Site() {
  return (
    <Routes>
      <Route element={<UserLayout links={navOf('user')} />}>
        <Route path={paths.userDashboard} element={<h1>Dashboard</h1>} />
      </Route>
      <Route path={paths.home} element={<h1>Home</h1>} />
    </Routes>
  );
}

describe('the user area', () => {
  it('signs out with Logout and goes to the home page', async () => {
    api = await startTestApi({
      'content.navLogo': { body: { success: true, data: { data: navLogo() } } },
    });
    renderRemote(Site, paths.userDashboard, { apiUrl: api.url });
    const signOut = vi.fn(async () => undefined);
    sessionActions.configure({ adapter: { getIdToken: async () => 'id-token', signOut } });

    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(currentPath()).toBe('/');
    expect(signOut).toHaveBeenCalledOnce();
    expect(useSession.getState().status).toBe('signed-out');
  });
});
