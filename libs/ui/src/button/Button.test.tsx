import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@coldmail/router/memory';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import { ButtonLink } from './ButtonLink';

describe('Button', () => {
  it('is a non-submitting button by default and forwards its ref', () => {
    const ref = createRef<HTMLButtonElement>();
    render(<Button ref={ref}>Save</Button>);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(button.type).toBe('button');
    expect(ref.current).toBe(button);
  });

  it('while loading, is busy and ignores clicks but keeps its name and the focus', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    const { rerender } = render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    // A browser drops the focus of a button that becomes disabled (jsdom does not).
    expect(button.matches(':disabled')).toBe(false);
    expect(document.activeElement).toBe(button);
    await user.click(button);
    await user.keyboard('{Enter}');
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('while loading, submits nothing: neither its click nor Enter in a field', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <input aria-label="Email" />
        <Button type="submit" loading>
          Sign in
        </Button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await user.type(screen.getByLabelText('Email'), 'a@b.c{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('stays disabled for an action that is not available', () => {
    render(<Button disabled>Save</Button>);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
  });

  it('shows loadingText instead of the label while loading', () => {
    const { rerender } = render(
      <Button type="submit" loading loadingText="Processing...">
        Pay with PayPal
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeTruthy();
    expect(screen.queryByText('Pay with PayPal')).toBeNull();

    rerender(
      <Button type="submit" loadingText="Processing...">
        Pay with PayPal
      </Button>,
    );
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Pay with PayPal' });
    expect(button.disabled).toBe(false);
    expect(button.type).toBe('submit');
  });
});

describe('ButtonLink', () => {
  it('renders a router link', () => {
    render(
      <MemoryRouter>
        <ButtonLink to="/pricing" variant="secondary">
          Buy credits
        </ButtonLink>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/pricing');
  });
});
