import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TableColumn } from '../table/types';
import { ResponsiveTable } from './ResponsiveTable';
import { MOBILE_QUERY } from './useMediaQuery';

interface Ticket {
  id: string;
  subject: string;
}

const columns: TableColumn<Ticket>[] = [
  { key: 'id', header: 'Ticket', sortable: true },
  { key: 'subject', header: 'Subject', sortable: true },
];
const tickets: Ticket[] = [
  { id: 'T-2', subject: 'Refund' },
  { id: 'T-1', subject: 'Invoice' },
];

function mockMatchMedia(matchingQuery: string | null) {
  vi.stubGlobal(
    'matchMedia',
    (
      query: string,
    ): Pick<MediaQueryList, 'matches' | 'addEventListener' | 'removeEventListener'> => ({
      matches: query === matchingQuery,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ResponsiveTable', () => {
  it('renders a table on wide screens', () => {
    mockMatchMedia(null);
    render(
      <ResponsiveTable columns={columns} rows={tickets} rowKey={(t) => t.id} emptyText="None" />,
    );
    expect(screen.getByRole('table')).toBeTruthy();
  });

  it('falls back to the table when matchMedia is unavailable', () => {
    render(
      <ResponsiveTable columns={columns} rows={tickets} rowKey={(t) => t.id} emptyText="None" />,
    );
    expect(screen.getByRole('table')).toBeTruthy();
  });

  it('renders default cards, in sort order, on narrow screens', () => {
    mockMatchMedia(MOBILE_QUERY);
    render(
      <ResponsiveTable
        columns={columns}
        rows={tickets}
        rowKey={(t) => t.id}
        emptyText="None"
        defaultSort={{ key: 'id', direction: 'asc' }}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const cards = screen.getAllByRole('listitem');
    expect(cards.map((card) => within(card).getAllByRole('definition')[0]!.textContent)).toEqual([
      'T-1',
      'T-2',
    ]);
    expect(within(cards[0]!).getByText('Subject').tagName).toBe('DT');
  });

  it('uses renderCard and shows the empty text on narrow screens', () => {
    mockMatchMedia(MOBILE_QUERY);
    const { rerender } = render(
      <ResponsiveTable
        columns={columns}
        rows={tickets}
        rowKey={(t) => t.id}
        emptyText="No tickets yet"
        renderCard={(t) => <strong>{`${t.id}: ${t.subject}`}</strong>}
      />,
    );
    expect(screen.getByText('T-2: Refund')).toBeTruthy();

    rerender(
      <ResponsiveTable
        columns={columns}
        rows={[]}
        rowKey={(t) => t.id}
        emptyText="No tickets yet"
      />,
    );
    expect(screen.getByText('No tickets yet')).toBeTruthy();
  });

  it('keeps the sort chosen in the table', async () => {
    mockMatchMedia(null);
    render(
      <ResponsiveTable columns={columns} rows={tickets} rowKey={(t) => t.id} emptyText="None" />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: /Subject/ }));
    expect(screen.getByRole('columnheader', { name: /Subject/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    const firstRow = screen.getAllByRole('row')[1]!;
    expect(within(firstRow).getAllByRole('cell')[1]!.textContent).toBe('Invoice');
  });
});
