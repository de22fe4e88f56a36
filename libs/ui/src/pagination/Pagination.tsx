import type { PageSummary } from './paginate';
import { paginationRange } from './paginationRange';
import styles from './Pagination.module.css';

export interface PaginationProps {
  /** Current page, 1-based. */
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** Renders 'Showing {from} to {to} of {total} entries'; see `pageSummary`. */
  summary?: PageSummary;
  /** Names the navigation landmark when a screen has several paginated lists. */
  'aria-label'?: string;
}

/** Page navigation; renders nothing for a single page, as the product only paginates longer lists. */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  summary,
  'aria-label': ariaLabel = 'Pagination',
}: PaginationProps) {
  if (pageCount <= 1) return null;

  return (
    <nav className={styles.pagination} aria-label={ariaLabel}>
      {summary && (
        <p className={styles.summary}>
          Showing {summary.from} to {summary.to} of {summary.total} entries
        </p>
      )}
      <ul className={styles.pages}>
        <li>
          <button
            type="button"
            className={styles.pageButton}
            disabled={page <= 1}
            onClick={() => onPageChange(page - 1)}
          >
            Previous
          </button>
        </li>
        {paginationRange(page, pageCount).map((item, index) =>
          item === 'ellipsis' ? (
            // Up to two ellipses, told apart by position.
            <li key={`ellipsis-${index}`} className={styles.ellipsis} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                className={styles.pageButton}
                aria-label={`Page ${item}`}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => onPageChange(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
        <li>
          <button
            type="button"
            className={styles.pageButton}
            disabled={page >= pageCount}
            onClick={() => onPageChange(page + 1)}
          >
            Next
          </button>
        </li>
      </ul>
    </nav>
  );
}
