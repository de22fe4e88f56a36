import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Alert } from './Alert';

describe('Alert', () => {
  it('interrupts for errors and is polite otherwise', () => {
    render(
      <>
        <Alert tone="error" title="Payment failed">
          PayPal declined the payment.
        </Alert>
        <Alert tone="success">Credits added.</Alert>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toContain('PayPal declined the payment.');
    expect(screen.getByRole('status').textContent).toBe('Credits added.');
  });

  it('is dismissible only when onDismiss is given', async () => {
    const onDismiss = vi.fn();
    const { rerender } = render(<Alert>Saved</Alert>);
    expect(screen.queryByRole('button', { name: 'Dismiss' })).toBeNull();

    rerender(<Alert onDismiss={onDismiss}>Saved</Alert>);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
