import { MemoryRouter } from '@coldmail/router/memory';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SidebarButton, SidebarText } from './SidebarEntries';
import { SidebarLayout, type SidebarLayoutProps } from './SidebarLayout';

const items: SidebarLayoutProps['items'] = [
  { to: '/user/dashboard', label: 'Dashboard', icon: '▦' },
  { to: '/user/support', label: 'Support', icon: '✉' },
  { to: '/admin/dashboard', label: 'Admin Dashboard', icon: '⚙', newTab: true },
];

function renderAt(path: string, props: Partial<SidebarLayoutProps> = {}) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <SidebarLayout
        label="User area"
        brand={<span>Brand</span>}
        items={items}
        breakpoint={768}
        {...props}
      >
        <p>Page</p>
      </SidebarLayout>
    </MemoryRouter>,
  );
}

/** A viewport of `width` px, as far as max-width media queries can tell. */
function viewportWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: width <= Number(/max-width: (\d+)px/.exec(query)?.[1] ?? Infinity),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SidebarLayout', () => {
  it('shows the brand, the links, the footer and the page', () => {
    renderAt('/user/support', {
      footer: (
        <SidebarText icon="◎" data-testid="credits">
          Credits: 4
        </SidebarText>
      ),
    });
    const sidebar = screen.getByRole('complementary', { name: 'User area' });
    expect(sidebar.textContent).toContain('Brand');
    expect(screen.getByRole('link', { name: 'Support' }).getAttribute('href')).toBe(
      '/user/support',
    );
    expect(screen.getByTestId('credits').textContent).toBe('◎Credits: 4');
    expect(screen.getByText('Page')).toBeTruthy();
  });

  it('highlights the link of the current route', () => {
    renderAt('/user/support');
    expect(screen.getByRole('link', { name: 'Support' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
  });

  it('keeps an entry highlighted on the pages reached from it', () => {
    const withItemOrders = [
      { to: '/admin/orders', label: 'Total Orders', icon: '▤', activeOn: ['/admin/items-orders'] },
      { to: '/admin/users', label: 'Total Users', icon: '☺' },
    ];
    renderAt('/admin/items-orders', { items: withItemOrders });
    expect(screen.getByRole('link', { name: 'Total Orders' }).className).toMatch(/active/);
    expect(screen.getByRole('link', { name: 'Total Users' }).className).not.toMatch(/active/);
  });

  it('opens a new-tab link as a full page in another tab', () => {
    renderAt('/user/dashboard');
    const link = screen.getByRole('link', { name: 'Admin Dashboard' });
    expect(link.getAttribute('href')).toBe('/admin/dashboard');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener');
  });

  it('collapses to icons and expands again with its toggle', async () => {
    const user = userEvent.setup();
    renderAt('/user/dashboard');
    const toggle = screen.getByRole('button', { name: 'Collapse sidebar' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-label')).toBe('Expand sidebar');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Brand')).toBeNull();
    // While only icons show, each link keeps its name through its title.
    expect(screen.getByRole('link', { name: 'Dashboard' }).getAttribute('title')).toBe('Dashboard');

    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(screen.getByText('Brand')).toBeTruthy();
  });

  it('shows icons only up to its breakpoint', () => {
    viewportWidth(900);
    const { unmount } = renderAt('/user/dashboard', { breakpoint: 992 });
    expect(screen.queryByText('Brand')).toBeNull();
    unmount();

    renderAt('/user/dashboard', { breakpoint: 768 });
    expect(screen.getByText('Brand')).toBeTruthy();
  });

  it('opens in full over the page from its icons on a narrow screen, until a link is chosen', async () => {
    viewportWidth(600);
    const user = userEvent.setup();
    renderAt('/user/dashboard');
    const toggle = screen.getByRole('button', { name: 'Expand sidebar' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Brand')).toBeNull();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-label')).toBe('Collapse sidebar');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('Brand')).toBeTruthy();
    expect(screen.getByText('Page')).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Support' }));
    expect(screen.getByRole('link', { name: 'Support' }).getAttribute('aria-current')).toBe('page');
    expect(toggle.getAttribute('aria-label')).toBe('Expand sidebar');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Brand')).toBeNull();
  });

  it('closes the opened sidebar with Escape or a click on the page, on a narrow screen', async () => {
    viewportWidth(600);
    const user = userEvent.setup();
    renderAt('/user/dashboard');
    const toggle = screen.getByRole('button', { name: 'Expand sidebar' });

    await user.click(toggle);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Dashboard' }));
    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Brand')).toBeNull();
    expect(document.activeElement, 'the focus goes back to the toggle').toBe(toggle);

    await user.click(toggle);
    expect(screen.getByText('Brand')).toBeTruthy();
    await user.click(screen.getByText('Page'));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Brand')).toBeNull();
  });

  it('leaves the main landmark to the page, with the sidebar beside it rather than inside', () => {
    renderAt('/user/dashboard');
    const main = screen.getByRole('main');
    expect(main.textContent).toBe('Page');
    expect(main.contains(screen.getByRole('complementary', { name: 'User area' }))).toBe(false);
    expect(main.contains(screen.getByRole('link', { name: 'Dashboard' }))).toBe(false);
  });

  it('closes the opened sidebar once Tab takes the focus out of it, on a narrow screen', async () => {
    viewportWidth(600);
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/user/dashboard']}>
        <SidebarLayout label="User area" brand="Brand" items={items} breakpoint={768}>
          <button type="button">Under the sidebar</button>
        </SidebarLayout>
      </MemoryRouter>,
    );
    const toggle = screen.getByRole('button', { name: 'Expand sidebar' });
    await user.click(toggle);
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Admin Dashboard' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Under the sidebar' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Brand')).toBeNull();
  });

  it('names every link by its label while only icons show, its title repeating it on hover', async () => {
    const user = userEvent.setup();
    renderAt('/user/dashboard');
    const link = screen.getByRole('link', { name: 'Support' });
    expect(link.getAttribute('title')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(link.querySelector('[aria-hidden="true"]')?.textContent).toBe('✉');
    expect(link.textContent).toBe('✉Support');
    expect(link.getAttribute('title')).toBe('Support');
  });

  it('runs a footer action', async () => {
    const logout = vi.fn();
    renderAt('/user/dashboard', {
      footer: (
        <SidebarButton icon="⎋" onClick={logout}>
          Logout
        </SidebarButton>
      ),
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    expect(logout).toHaveBeenCalledOnce();
  });
});
