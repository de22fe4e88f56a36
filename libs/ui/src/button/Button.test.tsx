import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@coldmail/router';
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

  it('while loading, is disabled and busy but keeps its name', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Save
      </Button>,
    );
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    await userEvent.setup().click(button);
    expect(onClick).not.toHaveBeenCalled();
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
