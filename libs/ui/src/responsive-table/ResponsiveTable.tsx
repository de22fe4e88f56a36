import { useMemo, type ReactNode } from 'react';
import { clsx } from 'clsx';
import { sortRows } from '../table/sortRows';
import { Table, type TableProps } from '../table/Table';
import { useSortState } from '../table/useSortState';
import { DefaultCard } from './DefaultCard';
import { MOBILE_QUERY, useMediaQuery } from './useMediaQuery';
import styles from './ResponsiveTable.module.css';

export interface ResponsiveTableProps<Row> extends TableProps<Row> {
  /** Card body for one row on narrow screens; defaults to every column as "header: value". */
  renderCard?: (row: Row) => ReactNode;
}

/**
 * A Table on wide screens and a list of cards below 768px (MOBILE_QUERY). Cards keep the
 * current sort order; the sort state lives here so it survives switching between the two.
 */
export function ResponsiveTable<Row>({
  renderCard,
  sort,
  onSortChange,
  defaultSort,
  ...tableProps
}: ResponsiveTableProps<Row>) {
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const [currentSort, changeSort] = useSortState({ sort, onSortChange, defaultSort });
  const { rows, columns, rowKey, emptyText, caption, className } = tableProps;
  const sortedRows = useMemo(
    () => sortRows(rows, columns, currentSort),
    [rows, columns, currentSort],
  );

  if (!isMobile) {
    return <Table {...tableProps} sort={currentSort} onSortChange={changeSort} />;
  }
  if (sortedRows.length === 0) {
    return <p className={styles.empty}>{emptyText}</p>;
  }
  return (
    <ul
      className={clsx(styles.cards, className)}
      aria-label={typeof caption === 'string' ? caption : undefined}
    >
      {sortedRows.map((row) => (
        <li key={rowKey(row)} className={styles.card}>
          {renderCard ? renderCard(row) : <DefaultCard row={row} columns={columns} />}
        </li>
      ))}
    </ul>
  );
}
