import type { ReactNode } from 'react';
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
  /**
   * Keeps the summary line when every entry fits on one page (and there is at least one), for
   * lists whose footer always says how many entries there are. The page buttons still show only
   * for two pages or more.
   */
  summaryOnSinglePage?: boolean;
  /** Names the navigation landmark when a screen has several paginated lists. */
  'aria-label'?: string;
}

/**
 * Page navigation. Renders nothing for a single page, as the product only paginates longer lists,
 * unless `summaryOnSinglePage` keeps the summary line there.
 */
export function Pagination({
  page,
  pageCount,
  onPageChange,
  summary,
  summaryOnSinglePage = false,
  'aria-label': ariaLabel = 'Pagination',
}: PaginationProps) {
  // A polite live region: a screen reader hears which entries show after a page change.
  const summaryLine = summary && (
    <p className={styles.summary} role="status">
      Showing {summary.from} to {summary.to} of {summary.total} entries
    </p>
  );
  if (pageCount <= 1) {
    // Nothing to navigate between: no landmark, only the count.
    return summaryOnSinglePage && summary && summary.total > 0 ? (
      <div className={styles.pagination}>{summaryLine}</div>
    ) : null;
  }

  return (
    <nav className={styles.pagination} aria-label={ariaLabel}>
      {summaryLine}
      <ul className={styles.pages}>
        <li>
          <StepButton unavailable={page <= 1} onClick={() => onPageChange(page - 1)}>
            Previous
          </StepButton>
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
          <StepButton unavailable={page >= pageCount} onClick={() => onPageChange(page + 1)}>
            Next
          </StepButton>
        </li>
      </ul>
    </nav>
  );
}

/**
 * Previous or Next. At the first or last page it is unavailable but stays focusable
 * (aria-disabled): 'Next' pressed to reach the last page keeps the focus instead of dropping it
 * to the top of the document.
 */
function StepButton({
  unavailable,
  onClick,
  children,
}: {
  unavailable: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={styles.pageButton}
      aria-disabled={unavailable || undefined}
      onClick={unavailable ? undefined : onClick}
    >
      {children}
    </button>
  );
}
