import { rowField } from './cells';
import type { TableColumn, TableSort } from './types';

const collator = new Intl.Collator(undefined, { sensitivity: 'accent', numeric: true });
const NUMERIC = /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

type Comparable = number | string | null;

function toComparable(value: unknown): Comparable {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'number') return Number.isNaN(value) ? null : value;
  if (typeof value === 'boolean') return Number(value);
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return NUMERIC.test(trimmed) ? Number(trimmed) : value;
  }
  return null;
}

function compare(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  // Mixed column: numbers before text, whatever the direction flips below.
  return typeof a === 'number' ? -1 : 1;
}

/**
 * Rows ordered by `sort` (a copy; the input is untouched). Stable; null/undefined always last;
 * dates and numeric strings compare as numbers, other text case-insensitively.
 * Returns `rows` itself when there is no sort or the column is unknown.
 */
export function sortRows<Row>(
  rows: readonly Row[],
  columns: readonly TableColumn<Row>[],
  sort: TableSort | null | undefined,
): readonly Row[] {
  const column = sort && columns.find((c) => c.key === sort.key);
  if (!sort || !column) return rows;

  const valueOf = column.sortValue ?? ((row: Row) => rowField(row, column.key));
  const sign = sort.direction === 'desc' ? -1 : 1;
  const decorated = rows.map((row, index) => ({ row, index, value: toComparable(valueOf(row)) }));

  decorated.sort((a, b) => {
    if (a.value === null || b.value === null) {
      if (a.value === b.value) return a.index - b.index;
      return a.value === null ? 1 : -1;
    }
    return sign * compare(a.value, b.value) || a.index - b.index;
  });
  return decorated.map((d) => d.row);
}

export function isSortable<Row>(column: TableColumn<Row>): boolean {
  return column.sortable ?? column.sortValue !== undefined;
}

/** Same column flips direction; a new column starts at its `firstDirection` ('asc' by default). */
export function nextSort<Row>(current: TableSort | null, column: TableColumn<Row>): TableSort {
  if (current?.key === column.key) {
    return { key: column.key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  }
  return { key: column.key, direction: column.firstDirection ?? 'asc' };
}
