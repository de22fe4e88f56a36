import { MemoryRouter } from '@coldmail/router/memory';
import { signInBuyer, userRecord } from '@coldmail/testing';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { UserMenu } from './UserMenu';

function renderMenu(profileURL: string | null = null) {
  signInBuyer({
    apiUrl: 'http://127.0.0.1:9',
    profile: userRecord({ userName: 'Ada Buyer', profileURL }),
  });
  render(
    <MemoryRouter>
      <UserMenu />
      <a href="/after">After the menu</a>
    </MemoryRouter>,
  );
  return screen.getByRole('button', { name: /Account menu$/ });
}

describe('the account menu', () => {
  it('is named by the initials it shows, then by what it opens', () => {
    const trigger = renderMenu();
    expect(trigger.textContent).toBe('AB');
    expect(screen.getByRole('button', { name: 'AB Account menu' })).toBe(trigger);
  });

  it('over a photo, which shows no text, is named by what it opens', () => {
    const trigger = renderMenu('https://images.example.com/ada.png');
    expect(trigger.textContent).toBe('');
    expect(screen.getByRole('button', { name: 'Account menu' })).toBe(trigger);
  });

  it('is a disclosure of links and a button, reached with Tab, not a menu without arrow keys', async () => {
    const user = userEvent.setup();
    const trigger = renderMenu();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(trigger.hasAttribute('aria-haspopup')).toBe(false);

    await user.tab();
    await user.keyboard('{Enter}');
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    expect(screen.queryByRole('menu')).toBeNull();
    const panel = document.getElementById(trigger.getAttribute('aria-controls') ?? '');
    expect(panel?.textContent).toContain('Ada Buyer');

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Dashboard' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Logout' }));
  });

  it('closes with Escape and gives the focus back to the avatar', async () => {
    const user = userEvent.setup();
    const trigger = renderMenu();
    await user.click(trigger);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Dashboard' }));

    await user.keyboard('{Escape}');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes once Tab goes past its last entry', async () => {
    const user = userEvent.setup();
    const trigger = renderMenu();
    await user.click(trigger);
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'After the menu' }));
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
  });

  it('stays open while the focus moves between its entries, and closes on a click outside', async () => {
    const user = userEvent.setup();
    const trigger = renderMenu();
    await user.click(trigger);
    await user.tab();
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');

    await user.click(document.body);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });
});
