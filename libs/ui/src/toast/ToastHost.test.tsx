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
