import { api, sessionActions } from '@coldmail/session';
import { navLogo, startTestApi, type TestApi } from '@coldmail/testing';
import { MemoryRouter } from '@coldmail/router/memory';
import { createQueryClient, type QueryClient, QueryClientProvider } from '@coldmail/query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Logo } from './Logo';

let testApi: TestApi | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  await testApi?.close();
  testApi = undefined;
});

async function renderLogo(routes: Parameters<typeof startTestApi>[0]): Promise<QueryClient> {
  testApi = await startTestApi(routes);
  sessionActions.configure({ apiBaseUrl: testApi.url });
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Logo />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

const settled = (queryClient: QueryClient, status: 'success' | 'error') =>
  waitFor(() => expect(queryClient.getQueryState(api.content.navLogo.key())?.status).toBe(status));

const defaultLogo = () => screen.getByRole('link', { name: 'ColdMail AI home' });

describe('Logo', () => {
  it('shows the logo the admin set while it is active', async () => {
    await renderLogo({ 'content.navLogo': { body: { success: true, data: { data: navLogo() } } } });
    const image = await screen.findByRole('img', { name: 'Acme Mail' });
    expect(image.getAttribute('src')).toBe('https://cdn.example.com/logo.png');
  });

  // Issue 55 item 3: the admin's linkUrl is where the logo goes.
  it('links where the admin pointed it: a page of the site, or another site', async () => {
    await renderLogo({
      'content.navLogo': {
        body: { success: true, data: { data: navLogo({ linkUrl: '/about' }) } },
      },
    });
    const link = await screen.findByRole('link', { name: 'Acme Mail home' });
    expect(link.getAttribute('href')).toBe('/about');
  });

  it('links to another site the admin named as a plain link', async () => {
    await renderLogo({
      'content.navLogo': {
        body: { success: true, data: { data: navLogo({ linkUrl: 'https://blog.example.com/' }) } },
      },
    });
    const link = await screen.findByRole('link', { name: 'Acme Mail home' });
    expect(link.getAttribute('href')).toBe('https://blog.example.com/');
  });

  it('links home when the admin set no link', async () => {
    await renderLogo({
      'content.navLogo': { body: { success: true, data: { data: navLogo({ linkUrl: '' }) } } },
    });
    const link = await screen.findByRole('link', { name: 'Acme Mail home' });
    expect(link.getAttribute('href')).toBe('/');
  });

  it('keeps the default logo while the admin logo is inactive', async () => {
    const queryClient = await renderLogo({
      'content.navLogo': {
        body: { success: true, data: { data: navLogo({ isActive: false }) } },
      },
    });
    await settled(queryClient, 'success');
    expect(screen.queryByRole('img')).toBeNull();
    expect(defaultLogo().textContent).toContain('ColdMail AI');
  });

  it('falls back to the default logo when the logo cannot be loaded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const queryClient = await renderLogo({ 'content.navLogo': { status: 500 } });
    await settled(queryClient, 'error');
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Failed to load logo', expect.anything()),
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(defaultLogo().textContent).toContain('ColdMail AI');
  });
});
