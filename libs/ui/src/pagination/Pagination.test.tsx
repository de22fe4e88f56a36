import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pagination } from './Pagination';

const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('Pagination', () => {
  it('calls onPageChange for page numbers, Previous and Next', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pagination page={6} pageCount={20} onPageChange={onPageChange} />);

    await user.click(button('Page 8'));
    await user.click(button('Previous'));
    await user.click(button('Next'));
    expect(onPageChange.mock.calls).toEqual([[8], [5], [7]]);
  });

  it('marks the current page and shows the windowed page list', () => {
    render(<Pagination page={6} pageCount={20} onPageChange={() => undefined} />);
    expect(button('Page 6').getAttribute('aria-current')).toBe('page');
    expect(button('Page 5').getAttribute('aria-current')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Page 2' })).toBeNull();
    expect(screen.getAllByText('…')).toHaveLength(2);
  });

  it('makes Previous unavailable on the first page and Next on the last', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    const { rerender } = render(<Pagination page={1} pageCount={3} onPageChange={onPageChange} />);
    expect(button('Previous').getAttribute('aria-disabled')).toBe('true');
    expect(button('Next').getAttribute('aria-disabled')).toBeNull();
    await user.click(button('Previous'));

    rerender(<Pagination page={3} pageCount={3} onPageChange={onPageChange} />);
    expect(button('Previous').getAttribute('aria-disabled')).toBeNull();
    expect(button('Next').getAttribute('aria-disabled')).toBe('true');
    await user.click(button('Next'));
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('keeps the focus on Next when it reaches the last page', async () => {
    function List() {
      const [page, setPage] = useState(2);
      return <Pagination page={page} pageCount={3} onPageChange={setPage} />;
    }
    const user = userEvent.setup();
    render(<List />);
    await user.click(button('Next'));
    expect(button('Page 3').getAttribute('aria-current')).toBe('page');
    // A browser drops the focus of a button that becomes disabled (jsdom does not): Next must not.
    expect(button('Next').matches(':disabled')).toBe(false);
    expect(document.activeElement).toBe(button('Next'));
    await user.keyboard('{Enter}');
    expect(button('Page 3').getAttribute('aria-current')).toBe('page');
    expect(document.activeElement).toBe(button('Next'));
  });

  it('announces the entries summary politely when the page changes, and nothing else', () => {
    const { rerender } = render(
      <Pagination
        page={1}
        pageCount={3}
        onPageChange={() => undefined}
        summary={{ from: 1, to: 10, total: 23 }}
      />,
    );
    rerender(
      <Pagination
        page={2}
        pageCount={3}
        onPageChange={() => undefined}
        summary={{ from: 11, to: 20, total: 23 }}
      />,
    );
    const live = screen.getByRole('status');
    expect(live.textContent).toBe('Showing 11 to 20 of 23 entries');
    expect(
      screen.getByRole('navigation').querySelectorAll('[role="status"], [aria-live]'),
    ).toHaveLength(1);
  });

  it('renders nothing for a single page', () => {
    const { container } = render(
      <Pagination
        page={1}
        pageCount={1}
        onPageChange={() => undefined}
        summary={{ from: 1, to: 4, total: 4 }}
      />,
    );
    expect(container.innerHTML).toBe('');
  });

  it('keeps only the summary for a single page when asked to', () => {
    render(
      <Pagination
        page={1}
        pageCount={1}
        onPageChange={() => undefined}
        summary={{ from: 1, to: 4, total: 4 }}
        summaryOnSinglePage
      />,
    );
    expect(screen.getByText('Showing 1 to 4 of 4 entries')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows no summary for an empty list, even when asked to', () => {
    const { container } = render(
      <Pagination
        page={1}
        pageCount={0}
        onPageChange={() => undefined}
        summary={{ from: 0, to: 0, total: 0 }}
        summaryOnSinglePage
      />,
    );
    expect(container.innerHTML).toBe('');
  });

  it('shows the entries summary', () => {
    render(
      <Pagination
        page={2}
        pageCount={3}
        onPageChange={() => undefined}
        summary={{ from: 11, to: 20, total: 23 }}
      />,
    );
    expect(screen.getByText('Showing 11 to 20 of 23 entries')).toBeTruthy();
  });
});
