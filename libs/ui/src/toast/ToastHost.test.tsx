import { act, render, screen } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
  it('shows toasts raised anywhere through `toast`', async () => {
    render(<ToastHost />);
    act(() => {
      toast.success('Credits added to your account');
    });
    expect(await screen.findByText('Credits added to your account')).toBeTruthy();
  });
});
