import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paginate } from '../pagination/paginate';
import { Table } from './Table';
import type { TableColumn } from './types';
import { useSort } from './useSort';

interface Payment {
  id: number;
  amount: number;
}

const payments: Payment[] = [40, 10, 30, 20, 50].map((amount, i) => ({ id: i, amount }));
const columns: TableColumn<Payment>[] = [{ key: 'amount', header: 'Amount', sortable: true }];

function FirstPage() {
  const { sort, onSortChange, sortedRows } = useSort(payments, columns);
  return (
    <Table
      columns={columns}
      rows={paginate(sortedRows, 1, 2)}
      rowKey={(p) => p.id}
      emptyText="No payments"
      sort={sort}
      onSortChange={onSortChange}
    />
  );
}

describe('useSort', () => {
  it('sorts every row before paginating, not just the visible page', async () => {
    const user = userEvent.setup();
    render(<FirstPage />);
    const amounts = () =>
      within(screen.getAllByRole('rowgroup')[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(amounts()).toEqual(['40', '10']);

    await user.click(screen.getByRole('button', { name: /Amount/ }));
    expect(amounts()).toEqual(['10', '20']);
    await user.click(screen.getByRole('button', { name: /Amount/ }));
    expect(amounts()).toEqual(['50', '40']);
  });
});
