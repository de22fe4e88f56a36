import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './Spinner';

describe('Spinner', () => {
  it("announces 'Loading...' by default", () => {
    render(<Spinner />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
  });

  it('announces the visible label instead', () => {
    render(<Spinner label="Loading payment details..." />);
    expect(screen.getByRole('status').textContent).toBe('Loading payment details...');
  });
});
