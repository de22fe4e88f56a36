import { sessionActions } from '@coldmail/session';
import { navLogo, startTestApi, type ApiRoutes, type TestApi } from '@coldmail/testing';
import { MemoryRouter } from '@coldmail/router/memory';
import { createQueryClient, QueryClientProvider } from '@coldmail/query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppErrorBoundary } from '../features/errors/components/AppErrorPage';
import { AppRouter, createAppRoutes } from './router';

let testApi: TestApi | undefined;

afterEach(async () => {
  await testApi?.close();
  testApi = undefined;
});

/**
 * The site at `path`, its chrome reading a test API that knows no content (fallbacks show)
 * but what `routes` answer.
 */
async function renderAt(path: string, routes: ApiRoutes = {}) {
  const remoteManifests = vi.fn(async () => ({}));
  testApi = await startTestApi(routes);
  sessionActions.configure({ apiBaseUrl: testApi.url });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AppRouter appRoutes={createAppRoutes({ remoteManifests })} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return remoteManifests;
}

describe('AppRouter', () => {
  it('shows a sign-in screen once its code is in, without asking the remotes', async () => {
    const remoteManifests = await renderAt('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(remoteManifests).not.toHaveBeenCalled();
    expect(document.title).toBe('Login · ColdMail AI');
  });

  it('shows the 404 page at a path no remote publishes, after asking the remotes', async () => {
    const remoteManifests = await renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: "Oops! Page can't be found." })).toBeTruthy();
    expect(remoteManifests).toHaveBeenCalledTimes(1);
    expect(document.title).toBe('Page Not Found · ColdMail AI');
  });
});

describe('the sign-in screens’ links', () => {
  // The header's logo, so the page reads all it asks for.
  const logo: ApiRoutes = {
    'content.navLogo': { body: { success: true, data: { data: navLogo() } } },
  };
  // jsdom cannot scroll: a new page scrolls to its top.
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("'Forgot Password?' on the login page opens the password reset page", async () => {
    await renderAt('/login', logo);
    await userEvent.click(await screen.findByRole('link', { name: 'Forgot Password?' }));
    expect(await screen.findByRole('heading', { name: 'Reset Password' })).toBeTruthy();
  });

  it("'Sign up for free' on the login page opens registration, whose 'Already have an account?' leads back", async () => {
    await renderAt('/login', logo);
    await userEvent.click(await screen.findByRole('link', { name: 'Sign up for free' }));
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Already have an account?' }));
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeTruthy();
  });
});

describe('AppErrorBoundary', () => {
  it('replaces a site that throws while rendering with the error page', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('The header broke');
    }
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Unexpected Application Error!');
    expect(screen.getByRole('alert').textContent).toContain('The header broke');
    expect(screen.getByRole('link', { name: 'Take me to Home' }).getAttribute('href')).toBe('/');
    quiet.mockRestore();
  });
});
