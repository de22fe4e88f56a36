export type PageItem = number | 'ellipsis';

/**
 * Page buttons to show: always the first and last page, a window of `windowSize` pages around
 * `page` (shifted to stay inside 1..pageCount), and 'ellipsis' where pages are skipped.
 * A gap of a single page shows that page instead of an ellipsis, so 7 pages or fewer (with the
 * default window) always list every page.
 *   page 6 of 20 → 1 … 4 5 6 7 8 … 20;  page 1 of 20 → 1 2 3 4 5 … 20
 */
export function paginationRange(page: number, pageCount: number, windowSize = 5): PageItem[] {
  if (pageCount < 1) return [];
  const size = Math.min(Math.max(1, Math.floor(windowSize)), pageCount);
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount);

  const start = Math.min(Math.max(1, current - Math.floor((size - 1) / 2)), pageCount - size + 1);
  const end = start + size - 1;

  const items: PageItem[] = [];
  if (start > 1) items.push(1);
  if (start === 3) items.push(2);
  else if (start > 3) items.push('ellipsis');
  for (let p = start; p <= end; p += 1) items.push(p);
  if (end === pageCount - 2) items.push(pageCount - 1);
  else if (end < pageCount - 2) items.push('ellipsis');
  if (end < pageCount) items.push(pageCount);
  return items;
}
