import { sessionActions } from '@coldmail/session';
import { footerSettings, navLogo, startTestApi, type TestApi } from '@coldmail/testing';
import { Link, Navigate, Outlet, Route, Routes } from '@coldmail/router';
import { MemoryRouter } from '@coldmail/router/memory';
import { SidebarLayout } from '@coldmail/ui';
import { createQueryClient, QueryClientProvider } from '@coldmail/query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RootLayout } from './RootLayout';

let testApi: TestApi | undefined;

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

afterEach(async () => {
  await testApi?.close();
  testApi = undefined;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A page whose heading comes once its code and data are in. */
function SlowPage() {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDrawn(true), 100);
    return () => clearTimeout(timer);
  }, []);
  return drawn ? <h1>Pricing</h1> : <p>Loading...</p>;
}

/** A page that draws a heading at once, then another in its place once its data is in. */
function RedrawnPage() {
  const [data, setData] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setData(true), 100);
    return () => clearTimeout(timer);
  }, []);
  return data ? (
    <section aria-label="Block">
      <h1>Questions?</h1>
    </section>
  ) : (
    <h1>Contact</h1>
  );
}

/** A page that puts the focus on a field of its own. */
function SearchPage() {
  return (
    <>
      <h1>Search</h1>
      <input aria-label="Search for" autoFocus />
    </>
  );
}

function UserArea() {
  return (
    <SidebarLayout
      label="User area"
      brand="Brand"
      items={[{ to: '/user/dashboard', label: 'Dashboard', icon: '▦' }]}
      breakpoint={768}
    >
      <Outlet />
    </SidebarLayout>
  );
}

async function renderSiteAt(path: string) {
  testApi = await startTestApi({
    'content.navLogo': { body: { success: true, data: { data: navLogo() } } },
    'content.footer': {
      body: { success: true, data: footerSettings(), message: 'Footer settings retrieved' },
    },
  });
  sessionActions.configure({ apiBaseUrl: testApi.url });
  sessionActions.signedOut();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<RootLayout />}>
            <Route
              index
              element={
                <>
                  <h1>Landing</h1>
                  <Link to="/pricing">See the prices</Link>
                  <Link to="/search">Search</Link>
                  <Link to="/#packages">See the packages</Link>
                  <section id="packages" aria-label="Packages">
                    <h2>Pricing Packages</h2>
                  </section>
                </>
              }
            />
            <Route path="about" element={<h1>About Us</h1>} />
            <Route path="about-us" element={<Navigate to="/about" replace />} />
            <Route path="pricing" element={<SlowPage />} />
            <Route path="search" element={<SearchPage />} />
            <Route path="contact" element={<RedrawnPage />} />
            <Route element={<UserArea />}>
              <Route path="user/dashboard" element={<h1>Dashboard</h1>} />
            </Route>
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findAllByRole('heading', { level: 1 });
}

describe('the skip link', () => {
  it('is the first Tab stop and takes the focus to the main content, the URL unchanged', async () => {
    const user = userEvent.setup();
    await renderSiteAt('/about');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.activeElement).toBe(skip);

    await user.keyboard('{Enter}');
    const main = screen.getByRole('main');
    expect(document.activeElement).toBe(main);
    expect(main.textContent).toBe('About Us');
    expect(window.location.hash).toBe('');
  });

  it('skips the sidebar too in an area that has one, whose page is the main landmark', async () => {
    const user = userEvent.setup();
    await renderSiteAt('/user/dashboard');
    const main = screen.getByRole('main');
    expect(main.contains(screen.getByRole('complementary', { name: 'User area' }))).toBe(false);
    expect(within(main).getByRole('heading', { name: 'Dashboard' })).toBeTruthy();

    await user.tab();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(main);
  });
});

describe('after a navigation', () => {
  it('leaves the focus alone on the first load', async () => {
    await renderSiteAt('/about');
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(document.activeElement).toBe(document.body);
  });

  it('leaves it alone after a redirect on the first load, before the reader has done anything', async () => {
    Object.defineProperty(navigator, 'userActivation', {
      configurable: true,
      value: { hasBeenActive: false },
    });
    try {
      await renderSiteAt('/about-us');
      await screen.findByRole('heading', { name: 'About Us' });
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(document.activeElement).toBe(document.body);
    } finally {
      Reflect.deleteProperty(navigator, 'userActivation');
    }
  });

  it('moves the focus to the new page’s heading', async () => {
    const user = userEvent.setup();
    await renderSiteAt('/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'About Us' }));
    const heading = await screen.findByRole('heading', { name: 'About Us' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('waits for the heading of a page still loading', async () => {
    const user = userEvent.setup();
    await renderSiteAt('/');
    await user.click(screen.getByRole('link', { name: 'See the prices' }));
    const heading = await screen.findByRole('heading', { name: 'Pricing' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it('follows the heading a page draws anew once its data is in', async () => {
    const user = userEvent.setup();
    await renderSiteAt('/about');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Contact' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Contact' })),
    );
    const redrawn = await screen.findByRole('heading', { name: 'Questions?' });
    await waitFor(() => expect(document.activeElement).toBe(redrawn));
  });

  it('leaves it where the reader has tabbed on meanwhile', async () => {
    const user = userEvent.setup();
    await renderSiteAt('/');
    await user.click(screen.getByRole('link', { name: 'See the prices' }));
    await user.tab();
    const tabbedTo = document.activeElement;
    expect(tabbedTo).not.toBe(document.body);
    await screen.findByRole('heading', { name: 'Pricing' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(document.activeElement).toBe(tabbedTo);
  });

  it('moves it to the section a link names, as /#packages does', async () => {
    const user = userEvent.setup();
    await renderSiteAt('/');
    await user.click(screen.getByRole('link', { name: 'See the packages' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Packages' })),
    );
  });

  it('keeps the focus a page gives a field of its own', async () => {
    const user = userEvent.setup();
    await renderSiteAt('/');
    await user.click(screen.getByRole('link', { name: 'Search' }));
    await screen.findByRole('heading', { name: 'Search' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(document.activeElement).toBe(screen.getByLabelText('Search for'));
  });
});

describe('the header', () => {
  /** A viewport of `width` px, as far as max-width media queries can tell. */
  function viewportWidth(width: number) {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: width <= Number(/max-width: (\d+)px/.exec(query)?.[1] ?? Infinity),
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
  }

  const tabStops = () =>
    [...document.querySelectorAll('header a')].map((link) => link.textContent?.trim());

  it('is tabbed through as it reads on a narrow screen: the account above the links first', async () => {
    viewportWidth(375);
    await renderSiteAt('/about');
    await screen.findByRole('link', { name: 'Login' });
    expect(tabStops()).toEqual(['✉ColdMail AI', 'Login', 'Sign Up', 'Home', 'About Us', 'Contact']);
  });

  it('is tabbed through as it reads on a wide screen: the links, then the account at the end', async () => {
    viewportWidth(1280);
    await renderSiteAt('/about');
    await screen.findByRole('link', { name: 'Login' });
    expect(tabStops()).toEqual(['✉ColdMail AI', 'Home', 'About Us', 'Contact', 'Login', 'Sign Up']);
  });

  it('gives the page its height as scroll padding, so what gets the focus is not hidden under it', async () => {
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.tagName === 'HEADER' ? 72 : 0;
    });
    await renderSiteAt('/about');
    expect(document.documentElement.style.getPropertyValue('--cm-header-height')).toBe('72px');
  });
});
