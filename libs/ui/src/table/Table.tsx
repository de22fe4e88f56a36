import { useMemo, type ReactNode } from 'react';
import { clsx } from 'clsx';
import { VisuallyHidden } from '../visually-hidden/VisuallyHidden';
import { renderCell } from './cells';
import { SortHeader } from './SortHeader';
import { isSortable, nextSort, sortRows } from './sortRows';
import type { TableColumn, TableSort } from './types';
import { useSortState, type SortStateOptions } from './useSortState';
import styles from './Table.module.css';

export interface TableProps<Row> extends SortStateOptions {
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Shown in a single full-width cell when there are no rows, e.g. 'No orders found'. */
  emptyText: ReactNode;
  /** Names the table for screen readers (visually hidden; the visible title lives in Card/PageHeader). */
  caption?: ReactNode;
  className?: string;
}

/**
 * Sortable data table. Clicking a sortable header sorts by it (starting at the column's
 * `firstDirection`, 'asc' by default); clicking it again flips asc/desc.
 * Pass `sort` + `onSortChange` to control sorting, or `defaultSort` to let the table own it.
 */
export function Table<Row>({
  columns,
  rows,
  rowKey,
  emptyText,
  caption,
  className,
  ...sortOptions
}: TableProps<Row>) {
  const [sort, changeSort] = useSortState(sortOptions);
  const sortedRows = useMemo(() => sortRows(rows, columns, sort), [rows, columns, sort]);

  return (
    <div className={clsx(styles.wrapper, className)}>
      <table className={styles.table}>
        {caption && (
          <caption>
            <VisuallyHidden>{caption}</VisuallyHidden>
          </caption>
        )}
        <thead>
          <tr>
            {columns.map((column) => (
              <HeaderCell
                key={column.key}
                column={column}
                sort={sort}
                onSort={() => changeSort(nextSort(sort, column))}
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {sortedRows.length === 0 ? (
            <tr>
              <td className={styles.empty} colSpan={columns.length}>
                {emptyText}
              </td>
            </tr>
          ) : (
            sortedRows.map((row) => (
              <tr key={rowKey(row)} className={styles.row}>
                {columns.map((column) => (
                  <td key={column.key} className={clsx(styles.td, styles[column.align ?? 'left'])}>
                    {renderCell(column, row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

interface HeaderCellProps<Row> {
  column: TableColumn<Row>;
  sort: TableSort | null;
  onSort: () => void;
}

function HeaderCell<Row>({ column, sort, onSort }: HeaderCellProps<Row>) {
  const direction = sort?.key === column.key ? sort.direction : null;
  const ariaSort =
    direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined;
  return (
    <th
      scope="col"
      aria-sort={ariaSort}
      className={clsx(styles.th, styles[column.align ?? 'left'])}
      style={column.width === undefined ? undefined : { width: column.width }}
    >
      {isSortable(column) ? (
        <SortHeader direction={direction} onSort={onSort}>
          {column.header}
        </SortHeader>
      ) : (
        column.header
      )}
    </th>
  );
}
