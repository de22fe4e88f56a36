import { api, sessionActions } from '@coldmail/session';
import { footerSettings, startTestApi, type TestApi } from '@coldmail/testing';
import { MemoryRouter } from '@coldmail/router/memory';
import { createQueryClient, type QueryClient, QueryClientProvider } from '@coldmail/query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Footer } from './Footer';

let testApi: TestApi | undefined;

afterEach(async () => {
  await testApi?.close();
  testApi = undefined;
  localStorage.clear();
});

async function renderFooter(routes: Parameters<typeof startTestApi>[0]): Promise<QueryClient> {
  testApi = await startTestApi(routes);
  sessionActions.configure({ apiBaseUrl: testApi.url });
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <Footer />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return queryClient;
}

const answer = (data = footerSettings()) => ({
  body: { success: true as const, data, message: 'Footer settings retrieved successfully' },
});

describe('Footer', () => {
  it('shows what the admin saved, with the copyright sanitised', async () => {
    await renderFooter({
      'content.footer': answer(
        footerSettings({ copyrightText: '<b>© 2026 Acme</b><img src=x onerror="alert(1)">' }),
      ),
    });
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('img', { name: 'Logo' })).toHaveProperty(
      'src',
      'https://cdn.example.com/footer-logo.png',
    );
    expect(within(footer).getByText('Cold emails that get replies.')).toBeTruthy();
    const company = within(footer).getByRole('navigation', { name: 'Company' });
    expect(
      within(company)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/'],
      ['About Us', '/about'],
      ['Contact', '/contact'],
    ]);
    expect(within(footer).getByRole('heading', { name: 'Get in touch' })).toBeTruthy();
    const social = within(footer).getByRole('list', { name: 'Social links' });
    expect(
      within(social)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Facebook']);
    await within(footer).findByText('© 2026 Acme');
    expect(footer.innerHTML).not.toContain('onerror');
  });

  it('stays hidden while the footer is not active', async () => {
    const queryClient = await renderFooter({
      'content.footer': answer(footerSettings({ isActive: false })),
    });
    await waitFor(() =>
      expect(queryClient.getQueryState(api.content.footer.key())?.status).toBe('success'),
    );
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('keeps what the server answered in the browser, for the next visit', async () => {
    await renderFooter({
      'content.footer': answer(footerSettings({ description: 'Fresh from the server.' })),
    });
    await screen.findByText('Fresh from the server.');
    expect(JSON.parse(localStorage.getItem('footerData') ?? 'null')).toEqual(
      footerSettings({ description: 'Fresh from the server.' }),
    );
  });

  it('shows a returning visitor the kept footer at once, then the server’s', async () => {
    localStorage.setItem(
      'footerData',
      JSON.stringify(footerSettings({ description: 'Kept from the last visit.' })),
    );
    await renderFooter({
      'content.footer': answer(footerSettings({ description: 'Fresh from the server.' })),
    });
    // Drawn with the first render, before any answer could have come.
    expect(screen.getByText('Kept from the last visit.')).toBeTruthy();
    await screen.findByText('Fresh from the server.');
    expect(screen.queryByText('Kept from the last visit.')).toBeNull();
    expect(testApi?.requests.map((request) => request.path)).toEqual(['/api/footer']);
    expect(JSON.parse(localStorage.getItem('footerData') ?? 'null').description).toBe(
      'Fresh from the server.',
    );
  });

  it('hides the kept footer once the server says the footer is not active', async () => {
    localStorage.setItem('footerData', JSON.stringify(footerSettings()));
    await renderFooter({ 'content.footer': answer(footerSettings({ isActive: false })) });
    expect(screen.getByRole('contentinfo')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('contentinfo')).toBeNull());
    expect(JSON.parse(localStorage.getItem('footerData') ?? 'null').isActive).toBe(false);
  });

  it('ignores a kept entry that is not a footer, and waits for the server', async () => {
    localStorage.setItem('footerData', JSON.stringify({ isActive: true }));
    await renderFooter({ 'content.footer': answer() });
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(await screen.findByText('Cold emails that get replies.')).toBeTruthy();
  });

  it('says so when the footer cannot be loaded', async () => {
    await renderFooter({ 'content.footer': { status: 500 } });
    expect(
      await screen.findByText('Error loading footer: Failed to fetch footer data'),
    ).toBeTruthy();
  });
});
