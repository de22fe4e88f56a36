import { sessionActions } from '@coldmail/session';
import { footerSettings, navLogo, startTestApi, type TestApi } from '@coldmail/testing';
import { Link, Route, Routes } from '@coldmail/router';
import { MemoryRouter } from '@coldmail/router/memory';
import { createQueryClient, QueryClientProvider } from '@coldmail/query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { RootLayout } from './RootLayout';

let testApi: TestApi | undefined;
let scrollTo: MockInstance<Window['scrollTo']>;

/** Where the packages section starts: lower once the banner above it is drawn. */
const PACKAGES_TOP = 500;
const PACKAGES_TOP_BELOW_BANNER = 1400;

beforeEach(() => {
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  // jsdom lays nothing out: place the packages section as a browser would.
  const layout = HTMLElement.prototype.getBoundingClientRect;
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    if (this.id !== 'packages') return layout.call(this);
    const top = document.getElementById('banner') ? PACKAGES_TOP_BELOW_BANNER : PACKAGES_TOP;
    return new DOMRect(0, top, 1024, 600);
  });
});

afterEach(async () => {
  await testApi?.close();
  testApi = undefined;
  vi.restoreAllMocks();
});

const toPackages = <Link to="/#packages">See the packages</Link>;

/**
 * The landing as the marketing remote draws it: its code arrives, then the packages section,
 * then the banner above it once the blocks' data is in.
 */
function Landing() {
  const [drawn, setDrawn] = useState<'nothing' | 'packages' | 'all'>('nothing');
  useEffect(() => {
    const timers = [
      setTimeout(() => setDrawn('packages'), 50),
      setTimeout(() => setDrawn('all'), 150),
    ];
    return () => timers.forEach(clearTimeout);
  }, []);
  if (drawn === 'nothing') return null;
  return (
    <>
      {drawn === 'all' && <section id="banner">{toPackages}</section>}
      <section id="packages">
        <h2>Pricing Packages</h2>
      </section>
    </>
  );
}

async function renderSiteAt(path: string) {
  testApi = await startTestApi({
    'content.navLogo': { body: { success: true, data: { data: navLogo() } } },
    'content.footer': {
      body: {
        success: true,
        data: footerSettings(),
        message: 'Footer settings retrieved successfully',
      },
    },
  });
  sessionActions.configure({ apiBaseUrl: testApi.url });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<RootLayout />}>
            <Route index element={<Landing />} />
            <Route path="about" element={<h1>About Us</h1>} />
            <Route path="contact" element={toPackages} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('RootLayout scrolling', () => {
  it('scrolls smoothly to the top on a navigation', async () => {
    await renderSiteAt('/contact');
    await screen.findByRole('link', { name: 'See the packages' });
    scrollTo.mockClear();

    await userEvent.setup().click(screen.getByRole('link', { name: 'About Us' }));
    await screen.findByRole('heading', { name: 'About Us' });
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });

  it('takes a link to /#packages from another page to the packages, once the landing has drawn them', async () => {
    await renderSiteAt('/contact');
    await screen.findByRole('link', { name: 'See the packages' });
    scrollTo.mockClear();

    await userEvent.setup().click(screen.getByRole('link', { name: 'See the packages' }));

    await screen.findByRole('heading', { name: 'Pricing Packages' });
    // The blocks above it arrive later and push it down: the page follows it.
    await waitFor(() =>
      expect(scrollTo).toHaveBeenLastCalledWith({
        top: PACKAGES_TOP_BELOW_BANNER,
        behavior: 'smooth',
      }),
    );
  });

  it('scrolls down to the packages from a link on the landing itself', async () => {
    await renderSiteAt('/');
    await screen.findByRole('link', { name: 'See the packages' });
    scrollTo.mockClear();

    await userEvent.setup().click(screen.getByRole('link', { name: 'See the packages' }));
    await waitFor(() =>
      expect(scrollTo).toHaveBeenCalledWith({
        top: PACKAGES_TOP_BELOW_BANNER,
        behavior: 'smooth',
      }),
    );
    expect(scrollTo).not.toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });
});
