import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Table } from './Table';
import type { TableColumn } from './types';

interface User {
  id: number;
  name: string;
  credits: number;
  role: string;
}

const users: User[] = [
  { id: 1, name: 'Bob', credits: 50, role: 'buyer' },
  { id: 2, name: 'alice', credits: 200, role: 'admin' },
  { id: 3, name: 'Carol', credits: 5, role: 'buyer' },
];

const columns: TableColumn<User>[] = [
  { key: 'name', header: 'Name', sortValue: (u) => u.name },
  { key: 'credits', header: 'Credits', sortable: true, align: 'right', firstDirection: 'desc' },
  { key: 'role', header: 'Role', render: (u) => <em>{u.role.toUpperCase()}</em> },
];

function bodyNames(): string[] {
  const [, body] = screen.getAllByRole('rowgroup');
  return within(body!)
    .getAllByRole('row')
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent ?? '');
}

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });

describe('Table', () => {
  it('renders cells from render() or the row field', () => {
    render(<Table columns={columns} rows={users} rowKey={(u) => u.id} emptyText="No users" />);
    expect(screen.getByText('ADMIN').tagName).toBe('EM');
    expect(screen.getByRole('cell', { name: '200' })).toBeTruthy();
  });

  it('sorts ascending on first click, descending on the second, and updates aria-sort', async () => {
    const user = userEvent.setup();
    render(<Table columns={columns} rows={users} rowKey={(u) => u.id} emptyText="No users" />);
    expect(bodyNames()).toEqual(['Bob', 'alice', 'Carol']);
    expect(header('Name').getAttribute('aria-sort')).toBeNull();

    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(bodyNames()).toEqual(['alice', 'Bob', 'Carol']);
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');

    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(bodyNames()).toEqual(['Carol', 'Bob', 'alice']);
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
  });

  it("starts a newly chosen column at its firstDirection and clears the old column's aria-sort", async () => {
    const user = userEvent.setup();
    render(
      <Table
        columns={columns}
        rows={users}
        rowKey={(u) => u.id}
        emptyText="No users"
        defaultSort={{ key: 'name', direction: 'asc' }}
      />,
    );
    expect(bodyNames()).toEqual(['alice', 'Bob', 'Carol']);

    await user.click(screen.getByRole('button', { name: /Credits/ }));
    expect(bodyNames()).toEqual(['alice', 'Bob', 'Carol']);
    expect(header('Credits').getAttribute('aria-sort')).toBe('descending');
    expect(header('Name').getAttribute('aria-sort')).toBeNull();

    await user.click(screen.getByRole('button', { name: /Credits/ }));
    expect(bodyNames()).toEqual(['Carol', 'Bob', 'alice']);
  });

  it('gives columns without sortValue/sortable a plain header', () => {
    render(<Table columns={columns} rows={users} rowKey={(u) => u.id} emptyText="No users" />);
    expect(screen.queryByRole('button', { name: /Role/ })).toBeNull();
  });

  it('when controlled, reports the next sort and shows only the sort it is given', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    render(
      <Table
        columns={columns}
        rows={users}
        rowKey={(u) => u.id}
        emptyText="No users"
        sort={{ key: 'name', direction: 'asc' }}
        onSortChange={onSortChange}
      />,
    );
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(onSortChange).toHaveBeenCalledWith({ key: 'name', direction: 'desc' });
    expect(bodyNames()).toEqual(['alice', 'Bob', 'Carol']);
  });

  it('shows the empty text across all columns when there are no rows', () => {
    render(<Table columns={columns} rows={[]} rowKey={(u) => u.id} emptyText="No Users Found" />);
    const cell = screen.getByRole('cell', { name: 'No Users Found' });
    expect(cell.getAttribute('colspan')).toBe('3');
  });
});
