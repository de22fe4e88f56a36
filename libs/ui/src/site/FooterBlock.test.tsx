import type { FooterSettings } from '@coldmail/contracts';
import { MemoryRouter } from '@coldmail/router/memory';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeIntersectionObserver, type FakeObserver } from '../test/fakeIntersectionObserver';
import { FOOTER_DWELL_MS, FooterBlock } from './FooterBlock';
import { SiteLogo } from './SiteLogo';

const footer: FooterSettings = {
  isActive: true,
  backgroundImage: '',
  logo: '',
  description: 'Cold emails that get replies.',
  companyLinks: {
    title: 'Company',
    links: [
      { text: 'About Us', url: '/about' },
      { text: 'Blog', url: 'https://blog.example.com' },
      { text: '', url: '/hidden' },
    ],
  },
  legalLinks: { title: 'Legal', links: [{ text: 'Privacy Policy', url: '/privacy' }] },
  contactInfo: { title: 'Get in touch', description: 'hello@example.com' },
  socialLinks: { facebook: '', twitter: '', linkedin: 'https://linkedin.com/acme', youtube: '' },
  copyrightText: '',
};

/** The footer comes near the viewport and stays there. */
function stayNear(observer: FakeObserver | undefined, block: Element) {
  vi.useFakeTimers();
  act(() => observer?.report(block, 0.1));
  act(() => vi.advanceTimersByTime(FOOTER_DWELL_MS));
  vi.useRealTimers();
}

const renderFooter = (settings: FooterSettings) =>
  render(
    <MemoryRouter>
      <FooterBlock footer={settings} />
    </MemoryRouter>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FooterBlock', () => {
  it('shows the site’s name without a logo, and only the links that have text and an address', () => {
    renderFooter(footer);
    const block = screen.getByRole('contentinfo');
    expect(within(block).getByText('ColdMail AI')).toBeTruthy();
    const company = within(block).getByRole('navigation', { name: 'Company' });
    expect(
      within(company)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['About Us', '/about'],
      ['Blog', 'https://blog.example.com'],
    ]);
    const legal = within(block).getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      '/privacy',
    );
    const social = within(block).getByRole('list', { name: 'Social links' });
    expect(within(social).getByRole('link', { name: 'LinkedIn' }).getAttribute('target')).toBe(
      '_blank',
    );
    expect(block.getAttribute('style')).toBeNull();
  });

  it('leaves out a link column without links', () => {
    renderFooter({ ...footer, legalLinks: { title: 'Legal', links: [] } });
    expect(screen.queryByRole('navigation', { name: 'Legal' })).toBeNull();
  });

  it('watches nothing when neither an image nor a copyright line waits for it', () => {
    const observers = fakeIntersectionObserver();
    renderFooter(footer);
    expect(observers.watching(screen.getByRole('contentinfo'))).toHaveLength(0);
  });

  it('sanitizes the copyright line once the footer nears the viewport', async () => {
    const observers = fakeIntersectionObserver();
    renderFooter({
      ...footer,
      copyrightText: '<b>© 2026 Acme</b><img src="x" onerror="alert(1)">',
    });
    const block = screen.getByRole('contentinfo');
    expect(within(block).queryByText('© 2026 Acme')).toBeNull();
    const [observer] = observers.watching(block);
    expect(observer?.options?.rootMargin).toBe('200px');
    stayNear(observer, block);
    expect((await within(block).findByText('© 2026 Acme')).tagName).toBe('B');
    expect(block.innerHTML).not.toContain('onerror');
  });

  it('loads nothing for a footer near the viewport only for a moment (a page still laying out)', () => {
    const observers = fakeIntersectionObserver();
    vi.useFakeTimers();
    renderFooter({ ...footer, backgroundImage: 'https://cdn.example.com/night.jpg' });
    const block = screen.getByRole('contentinfo');
    const [observer] = observers.watching(block);
    act(() => observer?.report(block, 0.1));
    act(() => vi.advanceTimersByTime(FOOTER_DWELL_MS / 2));
    act(() => observer?.report(block, 0));
    act(() => vi.advanceTimersByTime(FOOTER_DWELL_MS * 2));
    vi.useRealTimers();
    expect(block.style.backgroundImage).toBe('');
  });

  it('lays its own colour over the admin’s background image once it nears the viewport', () => {
    const observers = fakeIntersectionObserver();
    renderFooter({ ...footer, backgroundImage: 'https://cdn.example.com/night.jpg' });
    const block = screen.getByRole('contentinfo');
    expect(block.style.backgroundImage).toBe('');
    const [observer] = observers.watching(block);
    stayNear(observer, block);
    expect(block.style.backgroundImage).toBe(
      'linear-gradient(rgb(15 23 42 / 0.92), rgb(15 23 42 / 0.92)), url("https://cdn.example.com/night.jpg")',
    );
  });
});

describe('SiteLogo', () => {
  it('is the admin’s image named by its alt text, or the wordmark, linking home', () => {
    const { unmount } = render(
      <MemoryRouter>
        <SiteLogo logo={{ imageUrl: 'https://cdn.example.com/logo.png', altText: 'Acme' }} to="/" />
      </MemoryRouter>,
    );
    const link = screen.getByRole('link', { name: 'Acme home' });
    expect(within(link).getByRole('img', { name: 'Acme' })).toHaveProperty(
      'src',
      'https://cdn.example.com/logo.png',
    );
    unmount();
    render(
      <MemoryRouter>
        <SiteLogo logo={null} to="/" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'ColdMail AI home' }).textContent).toContain(
      'ColdMail AI',
    );
  });
});
