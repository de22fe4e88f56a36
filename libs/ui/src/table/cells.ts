import type { ReactNode } from 'react';
import type { TableColumn } from './types';

/** The field named by a column key, for columns that render or sort the raw value. */
export function rowField(row: unknown, key: string): unknown {
  return typeof row === 'object' && row !== null
    ? (row as Record<string, unknown>)[key]
    : undefined;
}

function formatCell(value: unknown): ReactNode {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toLocaleDateString();
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

export function renderCell<Row>(column: TableColumn<Row>, row: Row): ReactNode {
  return column.render ? column.render(row) : formatCell(rowField(row, column.key));
}
