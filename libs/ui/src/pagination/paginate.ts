/** The rows on `page` (1-based). */
export function paginate<Row>(rows: readonly Row[], page: number, pageSize: number): Row[] {
  const start = (Math.max(1, page) - 1) * pageSize;
  return rows.slice(start, start + pageSize);
}

/** Number of pages needed for `total` rows; 0 when there are none. */
export function pageCountOf(total: number, pageSize: number): number {
  return pageSize > 0 ? Math.ceil(Math.max(0, total) / pageSize) : 0;
}

export interface PageSummary {
  from: number;
  to: number;
  total: number;
}

/** The 'Showing X to Y of Z entries' numbers for `page`. */
export function pageSummary(page: number, pageSize: number, total: number): PageSummary {
  if (total <= 0) return { from: 0, to: 0, total: 0 };
  const from = (Math.max(1, page) - 1) * pageSize + 1;
  return { from: Math.min(from, total), to: Math.min(from + pageSize - 1, total), total };
}
