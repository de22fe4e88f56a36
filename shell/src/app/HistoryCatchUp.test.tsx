import { BrowserRouter, useLocation, useNavigate } from '@coldmail/router';
import { useEffect } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HistoryCatchUp } from './HistoryCatchUp';

function CurrentPath() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('HistoryCatchUp', () => {
  it('follows a history change made while the first render was under way', async () => {
    window.history.replaceState(null, '', '/about');
    let pressed = false;
    // A back press between the router's first render and its commit.
    function BackPressWhileStarting(): null {
      if (!pressed) {
        pressed = true;
        window.history.pushState(null, '', '/contact');
      }
      return null;
    }
    render(
      <BrowserRouter>
        <BackPressWhileStarting />
        <HistoryCatchUp />
        <CurrentPath />
      </BrowserRouter>,
    );
    expect((await screen.findByText('/contact')).dataset.testid).toBe('path');
    expect(window.location.pathname).toBe('/contact');
  });

  it('catches up once: later navigations keep their own state', async () => {
    window.history.replaceState(null, '', '/user/orders');
    function GoToLogin() {
      const navigate = useNavigate();
      const { pathname, state } = useLocation();
      useEffect(() => {
        if (pathname === '/user/orders') void navigate('/login', { state: { from: pathname } });
      }, [navigate, pathname]);
      return <p data-testid="from">{(state as { from?: string } | null)?.from ?? 'none'}</p>;
    }
    render(
      <BrowserRouter>
        <HistoryCatchUp />
        <GoToLogin />
        <CurrentPath />
      </BrowserRouter>,
    );
    expect((await screen.findByText('/login')).dataset.testid).toBe('path');
    // Runs what that navigation set off: a second catch-up would replace /login, losing its state.
    await act(async () => undefined);
    expect(screen.getByTestId('from').textContent).toBe('/user/orders');
    expect(window.history.state?.usr).toEqual({ from: '/user/orders' });
  });

  it('leaves the router alone when nothing changed', () => {
    window.history.replaceState(null, '', '/about?tab=2');
    const before = window.history.length;
    render(
      <BrowserRouter>
        <HistoryCatchUp />
        <CurrentPath />
      </BrowserRouter>,
    );
    expect(screen.getByTestId('path').textContent).toBe('/about');
    expect(window.location.search).toBe('?tab=2');
    expect(window.history.length).toBe(before);
  });
});
