import type { ReactNode } from 'react';
import { clsx } from 'clsx';
import type { SortDirection } from './types';
import styles from './Table.module.css';

const ARROWS: Record<SortDirection | 'none', string> = { asc: '↑', desc: '↓', none: '↕' };

interface SortHeaderProps {
  direction: SortDirection | null;
  onSort: () => void;
  children: ReactNode;
}

/** Header content of a sortable column; the surrounding <th> carries aria-sort. */
export function SortHeader({ direction, onSort, children }: SortHeaderProps) {
  return (
    <button type="button" className={styles.sortButton} onClick={onSort}>
      {children}
      <span
        aria-hidden="true"
        className={clsx(styles.indicator, direction && styles.activeIndicator)}
      >
        {ARROWS[direction ?? 'none']}
      </span>
    </button>
  );
}
