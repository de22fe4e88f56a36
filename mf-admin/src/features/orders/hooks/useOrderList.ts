import type { OrderSortKey } from '@coldmail/contracts';
import { useDeferredValue, useState } from 'react';

/** What an admin orders table asks the server for: search, sort and page, with the spec's defaults. */
export function useOrderList(pageSize: number) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [sort, setSort] = useState<{ key: OrderSortKey; direction: 'asc' | 'desc' }>({
    key: 'orderDate',
    direction: 'desc',
  });
  // Typing stays responsive; the request follows the text a moment later.
  const q = useDeferredValue(search.trim());
  return {
    search,
    // A new search starts again at page 1.
    setSearch: (text: string) => {
      setSearch(text);
      setPage(1);
    },
    page,
    setPage,
    sort,
    setSort: (next: { key: string; direction: 'asc' | 'desc' }) => {
      setSort({ key: next.key as OrderSortKey, direction: next.direction });
      setPage(1);
    },
    query: {
      page,
      pageSize,
      sort: sort.key,
      dir: sort.direction,
      ...(q ? { q } : {}),
    },
  };
}
