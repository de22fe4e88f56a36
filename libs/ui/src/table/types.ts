import type { ReactNode } from 'react';

export type SortDirection = 'asc' | 'desc';

export interface TableSort {
  key: string;
  direction: SortDirection;
}

export type SortValue = string | number | Date | null | undefined;

export interface TableColumn<Row> {
  /** Unique per table; also the row field shown and sorted on when render/sortValue are omitted. */
  key: string;
  header: ReactNode;
  /** Cell content; defaults to the row's `key` field (dates as locale date). */
  render?: (row: Row) => ReactNode;
  /** What the column sorts by; giving one makes the column sortable. */
  sortValue?: (row: Row) => SortValue;
  /** Defaults to true when `sortValue` is given; `true` alone sorts by the row's `key` field. */
  sortable?: boolean;
  /** Direction applied when the user first sorts by this column (default 'asc'). */
  firstDirection?: SortDirection;
  align?: 'left' | 'center' | 'right';
  width?: number | string;
}
