import { Fragment } from 'react';
import { renderCell } from '../table/cells';
import type { TableColumn } from '../table/types';
import styles from './ResponsiveTable.module.css';

/** Each column as "header: value", for lists that have no purpose-made card. */
export function DefaultCard<Row>({
  row,
  columns,
}: {
  row: Row;
  columns: readonly TableColumn<Row>[];
}) {
  return (
    <dl className={styles.fields}>
      {columns.map((column) => (
        <Fragment key={column.key}>
          <dt className={styles.term}>{column.header}</dt>
          <dd className={styles.value}>{renderCell(column, row)}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
