import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast, toastQueue } from './toast';
import { ToastHost } from './ToastHost';

// react-hot-toast asks matchMedia about reduced motion; jsdom has none.
beforeEach(() => {
  vi.stubGlobal('matchMedia', () => ({ matches: true }));
});

afterEach(() => {
  act(() => toast.remove());
  vi.unstubAllGlobals();
});

describe('ToastHost', () => {
  it('draws nothing until a toast is raised, then shows toasts raised anywhere', async () => {
    const { container } = render(<ToastHost />);
    expect(container.innerHTML).toBe('');
    let id = '';
    act(() => {
      id = toast.success('Credits added to your account');
    });
    expect(id).toMatch(/^toast-/);
    expect(await screen.findByText('Credits added to your account')).toBeTruthy();
    expect(toastQueue()).toEqual([]);
  });

  it('shows toasts raised before it was drawn, one per id', async () => {
    act(() => {
      toast.error('Could not load your orders', { id: 'orders-failed' });
      toast.error('Could not load your orders', { id: 'orders-failed' });
    });
    render(<ToastHost />);
    await waitFor(() => expect(screen.getAllByText('Could not load your orders')).toHaveLength(1));
  });

  it('removes what was raised before a removal, even before the library is in', async () => {
    act(() => {
      toast.error('Old news');
      toast.remove();
      toast.success('Saved');
    });
    render(<ToastHost />);
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(screen.queryByText('Old news')).toBeNull();
  });
});

describe('how long a toast shows', () => {
  // A toast hides when its time is up, then stays on the page for the library's exit animation.
  const EXIT_MS = 1000;
  const texts = ['Saved', 'Not saved', 'User updated', 'User not updated'];
  const onPage = () => texts.filter((text) => screen.queryByText(text));

  /** Lets `ms` pass in steps, each step's renders and effects done before the next. */
  const pass = async (ms: number) => {
    for (let left = ms; left > 0; left -= 100) {
      await act(() => vi.advanceTimersByTimeAsync(Math.min(100, left)));
    }
  };

  afterEach(() => vi.useRealTimers());

  it('shows a success 2 s and an error 4 s, and a toast raised with its own duration that long', async () => {
    // Loaded before the clock is faked, so the host draws the toasts at once.
    await import('react-hot-toast');
    vi.useFakeTimers();
    render(<ToastHost />);
    act(() => {
      toast.success('Saved');
      toast.error('Not saved');
      toast.success('User updated', { duration: 3000 });
      toast.error('User not updated', { duration: 3000 });
    });
    await pass(500);
    expect(onPage()).toEqual(texts);
    // Each check is half a second after a toast should have left: its time plus EXIT_MS.
    await pass(2000 + EXIT_MS);
    expect(onPage()).toEqual(['Not saved', 'User updated', 'User not updated']);
    await pass(1000);
    expect(onPage()).toEqual(['Not saved']);
    await pass(1000);
    expect(onPage()).toEqual([]);
  });
});
