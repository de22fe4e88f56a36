import { useState } from 'react';
import type { TableSort } from './types';

export interface SortStateOptions {
  sort?: TableSort | null;
  onSortChange?: (sort: TableSort) => void;
  defaultSort?: TableSort | null;
}

/** Controlled when `sort` is passed (even null), otherwise keeps its own state. */
export function useSortState({ sort, onSortChange, defaultSort = null }: SortStateOptions) {
  const [ownSort, setOwnSort] = useState<TableSort | null>(defaultSort);
  const controlled = sort !== undefined;

  const changeSort = (next: TableSort) => {
    if (!controlled) setOwnSort(next);
    onSortChange?.(next);
  };

  return [controlled ? sort : ownSort, changeSort] as const;
}
