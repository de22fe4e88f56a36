import { useMemo } from 'react';
import { sortRows } from './sortRows';
import type { TableColumn, TableSort } from './types';
import { useSortState } from './useSortState';

/**
 * Sort state plus the sorted rows, for screens that sort *before* paginating:
 * pass `sort`/`onSortChange` to the Table and `paginate(sortedRows, …)` as its rows.
 */
export function useSort<Row>(
  rows: readonly Row[],
  columns: readonly TableColumn<Row>[],
  defaultSort: TableSort | null = null,
) {
  const [sort, onSortChange] = useSortState({ defaultSort });
  const sortedRows = useMemo(() => sortRows(rows, columns, sort), [rows, columns, sort]);
  return { sort, onSortChange, sortedRows };
}
